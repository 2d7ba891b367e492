import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Dialog } from "~/components/dialog";
import { Field, FormError } from "~/components/forms";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from "~/forms/limits";
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from "~/domain/pin";
import { CHANNELS, NOTICE_CATEGORIES, type Channel, type NoticeCategory } from "~/domain/notices";
import type { AccountActionResult } from "~/pages/account";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import type { SessionView } from "~/domain/devices";

/** A session as the account page shows it: its device and place already in the reader's language. */
type SessionShown = Omit<SessionView, "deviceName" | "placeName">;
import { formatInstant } from "~/domain/calendar";

export type AccountData = {
  fullName: string;
  email: string | null;
  phone: string;
  closingBlockers: string[];
  /** What shows it is the owner (issue 31): the password, or for an account registered by phone its PIN; and the PIN's state. */
  credentials: { password: boolean; hasPin: boolean; lockedUntil: string | null };
  contacts: { email: string | null; emailConfirmed: boolean; phone: string | null; phoneConfirmed: boolean; codePending: boolean };
  preferences: Record<NoticeCategory, Record<Channel, boolean>>;
  sessions: SessionShown[];
  /** The page's key for its "send a link / a code" forms and its PIN form (each with its own suffix). */
  idempotencyKey: string;
};
type Props = { data: AccountData; result: AccountActionResult | undefined };

/** The action's errors and typed values when they belong to this form. */
function answerFor(result: AccountActionResult | undefined, intent: string) {
  if (!result || result.ok || result.values.intent !== intent) return { errors: {} as Record<string, string>, values: null as Record<string, string> | null };
  return { errors: result.errors, values: result.values };
}

function Submit({ children, className = "btn-primary" }: { children: string; className?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className={className} disabled={busy} aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="card mt-6 scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The field that shows it is the owner, in a form that changes something a stolen session must not:
 * the current password, or for an account without one (registered by phone) the current PIN.
 */
function ProofField({ data, errors }: { data: AccountData; errors: Record<string, string> }) {
  const t = useT();
  return data.credentials.password ? (
    <Field label={t("account.accountPassword")} name="current_password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={errors.current_password} />
  ) : (
    <PinField label={t("account.currentPin")} name="current_pin" error={errors.current_pin} />
  );
}

/** A PIN typed as digits, hidden like a password, never offered to a password manager's autofill. */
function PinField({ label, name, error, hint }: { label: string; name: string; error?: string; hint?: string }) {
  return <Field label={label} name={name} type="password" inputMode="numeric" pattern="[0-9]*" autoComplete="off" required maxLength={PIN_MAX_DIGITS} error={error} hint={hint} />;
}

function ProfileForm({ data, result }: Props) {
  const { errors, values } = answerFor(result, "profile");
  const t = useT();
  return (
    <Section id="details" title={t("account.details")}>
      {/* Keyed on what is saved: with JavaScript, a save shows the stored form (+233 ...) at once. */}
      <Form key={`${data.fullName}\n${data.phone}`} method="post" noValidate className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <FormError message={errors.form} />
        <Field label={t("account.fullName")} name="full_name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={values?.full_name ?? data.fullName} error={errors.full_name} />
        <Field
          label={t("account.phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX}
          defaultValue={values?.phone ?? data.phone}
          error={errors.phone}
          hint={t("account.phoneHint")}
        />
        <p className="text-sm text-stone-600">
          {data.email === null
            ? t("account.noEmailLine")
            : withElements(t("account.emailLine", slots("email", "link")), {
                email: <strong className="break-all">{data.email}</strong>,
                link: (
                  <Link to="/contact" className="underline">
                    {t("account.contactPage")}
                  </Link>
                ),
              })}
        </p>
        <Submit>{t("account.saveDetails")}</Submit>
      </Form>
    </Section>
  );
}

/** An account without a password (registered by phone) sets a first one after its PIN. */
function FirstPasswordForm({ result }: Props) {
  const { errors } = answerFor(result, "set-password");
  const t = useT();
  return (
    <Section id="password" title={t("account.setPasswordTitle")}>
      <p className="mt-1 text-sm text-stone-600">{t("account.setPasswordIntro")}</p>
      <Form method="post" noValidate className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="set-password" />
        <FormError message={errors.form} />
        <PinField label={t("account.currentPin")} name="current_pin" error={errors.current_pin} />
        <NewPasswordFields errors={errors} />
        <Submit>{t("account.setPassword")}</Submit>
      </Form>
    </Section>
  );
}

/**
 * Issue 31: the PIN that confirms USSD money actions and finishes a sign-in by phone. Set or changed
 * after the password, or (an account without one) after the current PIN; the new one twice.
 */
function PinSection({ data, result }: Props) {
  const { errors } = answerFor(result, "pin");
  const { hasPin, lockedUntil } = data.credentials;
  const t = useT();
  return (
    <Section id="pin" title={t("account.pinTitle")}>
      <p className="mt-1 text-sm text-stone-600">{t("account.pinIntro")}</p>
      <p className="mt-2 text-sm font-semibold" data-testid="pin-state">
        {lockedUntil ? t("account.pinLockedUntil", { until: formatInstant(lockedUntil) }) : hasPin ? t("account.pinSet") : t("account.pinNone")}
      </p>
      <Form method="post" noValidate className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="pin" />
        <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-pin`} />
        <FormError message={errors.form} />
        <ProofField data={data} errors={errors} />
        <PinField label={t("account.newPin")} name="new_pin" error={errors.new_pin} hint={t("account.newPinHint", { min: PIN_MIN_DIGITS, max: PIN_MAX_DIGITS })} />
        <PinField label={t("account.newPinAgain")} name="confirm_pin" error={errors.confirm_pin} />
        <Submit>{t("account.savePin")}</Submit>
      </Form>
    </Section>
  );
}

function PasswordForm({ result }: Props) {
  const { errors, values } = answerFor(result, "password");
  // With JavaScript the page is not reloaded: after a change went through, the typed passwords are cleared.
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const navigation = useNavigation();
  const t = useT();
  useEffect(() => {
    if (navigation.formData?.get("intent") === "password") sent.current = true;
    else if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      if (!values) form.current?.reset();
    }
  }, [navigation, values]);
  return (
    <Section id="password" title={t("account.changePassword")}>
      <p className="mt-1 text-sm text-stone-600">{t("account.othersLoggedOut")}</p>
      <Form ref={form} method="post" noValidate className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="password" />
        <FormError message={errors.form} />
        <Field label={t("account.currentPassword")} name="current_password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={errors.current_password} />
        <NewPasswordFields errors={errors} />
        <Submit>{t("account.changePassword")}</Submit>
      </Form>
    </Section>
  );
}

function CloseForm({ data, result }: Props) {
  const { errors } = answerFor(result, "close");
  const t = useT();
  // With JavaScript: ask with window.confirm, then send confirmed=1. Without it, the server asks.
  const ask = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const password = ((form.elements.namedItem("password") ?? form.elements.namedItem("current_pin")) as HTMLInputElement).value;
    // An empty password gets its answer from the server straight away; there is nothing to confirm.
    if (password && !window.confirm(t("account.closePrompt"))) {
      event.preventDefault();
      return;
    }
    (form.elements.namedItem("confirmed") as HTMLInputElement).value = "1";
  };
  return (
    <Section id="close" title={t("account.closeTitle")}>
      <p className="mt-1 text-sm text-stone-700">
        {withElements(t("account.closeTerms", slots("terms")), {
          terms: (
            <Link to="/terms#account" className="underline">
              {t("account.terms")}
            </Link>
          ),
        })}
      </p>
      {errors.form ? (
        <div className="mt-3">
          <FormError message={errors.form} />
        </div>
      ) : data.closingBlockers.length ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-stone-800" data-testid="closing-blockers">
          <p className="font-semibold">{t("accountBlocked.cannotClose")}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {data.closingBlockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <Link to="/portfolio" className="mt-2 inline-block font-semibold text-leaf-700 underline">
            {t("accountBlocked.goToPortfolio")}
          </Link>
        </div>
      ) : null}
      {data.closingBlockers.length ? null : (
        <Form method="post" noValidate onSubmit={ask} className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="confirmed" defaultValue="" />
          {data.credentials.password ? (
            <Field label={t("accountClose.yourPassword")} name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={errors.password} />
          ) : (
            <PinField label={t("accountClose.yourPin")} name="current_pin" error={errors.current_pin} />
          )}
          <Submit className="btn-danger">{t("accountClose.closeMyAccount")}</Submit>
        </Form>
      )}
    </Section>
  );
}

function Confirmed({ yes }: { yes: boolean }) {
  const t = useT();
  return yes ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t("account.confirmed")}</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("account.notConfirmed")}</span>
  );
}

/**
 * Contacts and what to receive. Notices go only to confirmed contacts; security messages (a reset
 * link, "your password was changed") always go to the account's email and cannot be turned off.
 */
function MessagesSection({ data, result }: Props) {
  const { contacts, preferences } = data;
  const code = answerFor(result, "confirm-phone");
  const emailForm = answerFor(result, "send-email-link");
  const addEmail = answerFor(result, "add-email");
  const phoneForm = answerFor(result, "send-phone-code");
  const prefs = answerFor(result, "preferences");
  const t = useT();
  return (
    <Section id="messages" title={t("account.messages")}>
      <p className="mt-1 text-sm text-stone-600">{t("account.messagesIntro")}</p>
      <div className="mt-4 space-y-4">
        <div data-testid="email-status">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">{t("account.email")}</span>{" "}
            {contacts.email === null ? (
              <span className="text-stone-600">{t("account.noEmail")}</span>
            ) : (
              <>
                <span className="break-all">{contacts.email}</span> <Confirmed yes={contacts.emailConfirmed} />
              </>
            )}
          </p>
          {contacts.email === null ? (
            // An account registered by phone adds its email here; the confirmation link follows, as at registration.
            <Form method="post" noValidate className="mt-2 space-y-3">
              <input type="hidden" name="intent" value="add-email" />
              <p className="text-sm text-stone-600">{t("account.addEmailIntro")}</p>
              <FormError message={addEmail.errors.form} />
              <Field
                label={t("account.newEmail")}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={EMAIL_MAX}
                defaultValue={addEmail.values?.email ?? ""}
                error={addEmail.errors.email}
              />
              <ProofField data={data} errors={addEmail.errors} />
              <Submit>{t("account.addEmail")}</Submit>
            </Form>
          ) : contacts.emailConfirmed ? null : (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="send-email-link" />
              <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-email-link`} />
              <FormError message={emailForm.errors.form} />
              <Submit className="btn-secondary">{t("account.sendLink")}</Submit>
            </Form>
          )}
        </div>
        <div data-testid="phone-status">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">{t("account.phoneLabel")}</span> {contacts.phone ? <span>{contacts.phone}</span> : <span className="text-stone-600">{t("account.noPhone")}</span>}{" "}
            {contacts.phone ? <Confirmed yes={contacts.phoneConfirmed} /> : null}
          </p>
          {!contacts.phone ? (
            <p className="mt-1 text-sm text-stone-600">{t("account.addPhoneFirst")}</p>
          ) : contacts.phoneConfirmed ? null : (
            <>
              {contacts.codePending || code.values ? (
                <Form method="post" noValidate className="mt-2 space-y-3">
                  <input type="hidden" name="intent" value="confirm-phone" />
                  <FormError message={code.errors.form} />
                  <Field
                    label={t("account.smsCode")}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]*"
                    maxLength={7}
                    required
                    defaultValue={code.values?.code ?? ""}
                    error={code.errors.code}
                  />
                  <Submit>{t("account.confirmPhone")}</Submit>
                </Form>
              ) : null}
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="send-phone-code" />
                <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-phone-code`} />
                <FormError message={phoneForm.errors.form ?? phoneForm.errors.phone} />
                <Submit className="btn-secondary">{contacts.codePending ? t("account.sendNewCode") : t("account.sendCode")}</Submit>
              </Form>
            </>
          )}
        </div>
      </div>
      {/* Keyed on what is saved, so a save with JavaScript shows the stored choices. */}
      <Form key={JSON.stringify(preferences)} method="post" className="mt-6">
        <input type="hidden" name="intent" value="preferences" />
        <FormError message={prefs.errors.form} />
        <fieldset>
          <legend className="text-sm font-semibold">{t("account.whatToReceive")}</legend>
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium text-stone-600">
                  {t("account.kind")}
                </th>
                {CHANNELS.map((ch) => (
                  <th key={ch} scope="col" className="w-16 py-1 text-center font-medium text-stone-600">
                    {t(`account.channel.${ch}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTICE_CATEGORIES.map((c) => (
                <tr key={c} className="border-t border-stone-100">
                  <th scope="row" className="py-2 font-normal">
                    {t(`account.category.${c}`)}
                  </th>
                  {CHANNELS.map((ch) => (
                    <td key={ch} className="text-center">
                      {/* A label filling the cell, 44 px high: a tap anywhere in it ticks the box. */}
                      <label className="flex min-h-11 cursor-pointer items-center justify-center">
                        <input
                          type="checkbox"
                          name={`${c}_${ch}`}
                          defaultChecked={preferences[c][ch]}
                          aria-label={t("account.categoryBy", { category: { msg: `account.category.${c}` }, channel: { msg: `account.channel.${ch}` } })}
                          className="h-6 w-6"
                        />
                      </label>
                    </td>
                  ))}
                </tr>
              ))}
              <tr className="border-t border-stone-100">
                <th scope="row" className="py-2 font-normal">
                  {t("account.security")}
                </th>
                {CHANNELS.map((ch) => (
                  <td key={ch} className="py-2 text-center">
                    <input type="checkbox" checked disabled readOnly aria-label={t("account.securityBy", { channel: { msg: `account.channel.${ch}` } })} className="h-6 w-6" />
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </fieldset>
        <div className="mt-3">
          <Submit>{t("account.saveChoices")}</Submit>
        </div>
      </Form>
    </Section>
  );
}

function SessionList({ title, sessions, empty }: { title: string; sessions: SessionShown[]; empty: string }) {
  const t = useT();
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {sessions.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="session" data-session-id={s.id}>
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span className="break-words">{s.device}</span>
                  {s.current ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t("account.thisDevice")}</span> : null}
                </p>
                <p className="text-stone-600">{s.ipHint}</p>
                <p className="text-stone-600">{t("account.seen", { first: formatInstant(s.createdAt), last: formatInstant(s.lastSeenAt) })}</p>
              </div>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="session_id" value={s.id} />
                  <button type="submit" className="btn-secondary" aria-label={t("account.endLabel", { device: s.device, last: formatInstant(s.lastSeenAt) })}>
                    {t("account.end")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Where the account is signed in (issue 20): browsers and API tokens, each ended on its own, or
 * all but this one at once. Plain forms: it works without JavaScript.
 */
function SessionsSection({ data, result }: Props) {
  const one = answerFor(result, "end-session");
  const browsers = data.sessions.filter((s) => s.kind === "browser");
  const tokens = data.sessions.filter((s) => s.kind === "api");
  const others = data.sessions.some((s) => !s.current);
  const t = useT();
  return (
    <Section id="sessions" title={t("account.sessions")}>
      <p className="mt-1 text-sm text-stone-600">{t("account.sessionsIntro")}</p>
      <div className="mt-3">
        <FormError message={one.errors.form} />
      </div>
      <SessionList title={t("account.browsers")} sessions={browsers} empty={t("account.noBrowsers")} />
      <SessionList title={t("account.apiTokens")} sessions={tokens} empty={t("account.noTokens")} />
      {others ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Submit className="btn-danger">{t("accountOtherSessions.signOutElsewhere")}</Submit>
        </Form>
      ) : null}
    </Section>
  );
}

/** The confirm step without JavaScript: the password was checked, a short-lived ticket stands in for it. */
function CloseConfirm({ confirm }: { confirm: { prompt: string; ticket: string } }) {
  const t = useT();
  return (
    <Dialog title={t("account.closeQuestion")} closeTo="/account">
      <p className="text-base font-semibold" data-testid="close-prompt">
        {confirm.prompt}
      </p>
      <Form method="post" className="mt-4 flex gap-2">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="confirmed" value="1" />
        <input type="hidden" name="ticket" value={confirm.ticket} />
        <Submit className="btn-danger flex-1">{t("account.yesClose")}</Submit>
        <Link to="/account" replace className="btn-secondary flex-1">
          {t("account.cancel")}
        </Link>
      </Form>
    </Dialog>
  );
}

/** Issue 20: the way to two-factor sign-in (its own page: enrolment shows a QR code). */
function TwoFactorSection() {
  const t = useT();
  return (
    <Section id="two-factor" title={t("account.twoFactor")}>
      <p className="mt-1 text-sm text-stone-600">{t("account.twoFactorIntro")}</p>
      <p className="mt-3">
        <Link to="/account/two-factor" className="font-semibold text-leaf-700 underline">
          {t("account.twoFactorLink")}
        </Link>
      </p>
    </Section>
  );
}

export function AccountSettings(props: Props) {
  const { result } = props;
  const t = useT();
  return (
    <section className="container-page max-w-2xl py-6 sm:py-10">
      <h1 className="text-2xl font-bold">{t("account.title")}</h1>
      <ProfileForm {...props} />
      <MessagesSection {...props} />
      <PinSection {...props} />
      {props.data.credentials.password ? <PasswordForm {...props} /> : <FirstPasswordForm {...props} />}
      {/* Two factors are turned off with the password: an account without one sets that first. */}
      {props.data.credentials.password ? <TwoFactorSection /> : null}
      <SessionsSection {...props} />
      <CloseForm {...props} />
      {result?.ok ? <CloseConfirm confirm={result.confirm} /> : null}
    </section>
  );
}

/** A new password and the same again: changing it, or setting a first one. */
function NewPasswordFields({ errors }: { errors: Record<string, string | undefined> }) {
  const t = useT();
  return (
    <>
      <Field
        label={t("account.newPassword")}
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={t("account.newPasswordHint", { min: PASSWORD_MIN })}
        error={errors.new_password}
      />
      <Field label={t("account.newPasswordAgain")} name="confirm_password" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} error={errors.confirm_password} />
    </>
  );
}
