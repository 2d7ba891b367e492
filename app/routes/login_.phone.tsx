import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { newIdempotencyKey, readPageForm } from "~/lib/page-action.server";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { PHONE_MAX } from "~/forms/limits";
import { malformedPinAttempt, PIN_MAX_DIGITS, PinRefused } from "~/domain/pin";
import { landingPath, LoginError } from "~/auth/sign-in.server";
import { getUser, sessionCookieFor, sessionMetaOf } from "~/auth/session.server";
import { clearPhoneSignIn, phoneSignInCookie, readPhoneSignIn } from "~/auth/phone-sign-in.server";
import { accountLanguageCookie } from "~/auth/language-cookie.server";
import { checkPhoneSignInCode, requestPhoneSignInCode, signInWithPin } from "~/commands/account.server";
import { PhoneSignInSchema, phoneCode } from "~/forms/account.server";
import { parseForm } from "~/forms/parse.server";
import { clientIp } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { detailIn, localeOf, render, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { phoneForDisplay } from "~/pages/account";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

/**
 * Issue 31: signing in with a phone number, without JavaScript: the number, then the 6-digit code
 * the SMS brings, then the PIN, each a plain form on this page (the step is kept in a signed
 * cookie). The same sessions and rate limits as a password sign-in; an admin's number, a number
 * nobody holds and an account without a PIN all get the same answers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("redirectTo");
  const redirectTo = asked ? safeRedirect(asked) : null;
  const user = await getUser(request);
  if (user) throw redirect(redirectTo ?? landingPath(user));
  const flow = await readPhoneSignIn(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    step: !flow ? ("number" as const) : flow.userId === null ? ("code" as const) : ("pin" as const),
    phone: flow ? phoneForDisplay(flow.phone) : "",
    redirectTo: flow?.redirectTo ?? redirectTo,
    // The number form sends it: the same form sent again (a second tap without JavaScript) texts no second code.
    idempotencyKey: newIdempotencyKey(),
    words: wordsFor(locale, ["login"]),
    title: t("meta.loginPhone.title"),
    description: t("meta.loginPhone.description", { brand: PRODUCT_NAME }),
  };
}

type Answer = { errors: Record<string, string>; values?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const refused = (answer: Answer, status = 400) => data(answer, { status });
  const flow = await readPhoneSignIn(request);
  const startAgain = async () => redirect("/login/phone", { headers: { "Set-Cookie": await clearPhoneSignIn() } });
  const ip = clientIp(request);
  try {
    switch (form.intent) {
      case "send-code": {
        const values = { phone: form.phone ?? "" };
        const parsed = parseForm(PhoneSignInSchema, form, rendererFor(locale));
        if (!parsed.ok) return refused({ errors: parsed.errors, values });
        requestPhoneSignInCode({ phone: parsed.data.phone, ip, key: form.idempotency_key });
        const redirectTo = form.redirectTo ? safeRedirect(form.redirectTo) : null;
        return redirect("/login/phone", { headers: { "Set-Cookie": await phoneSignInCookie({ phone: parsed.data.phone, userId: null, redirectTo }) } });
      }
      case "check-code": {
        if (!flow || flow.userId !== null) return startAgain();
        const parsed = parseForm(phoneCode, form.code ?? "", rendererFor(locale));
        if (!parsed.ok) return refused({ errors: { code: Object.values(parsed.errors)[0] } });
        const passed = checkPhoneSignInCode({ phone: flow.phone, code: parsed.data, ip });
        if (!passed) return refused({ errors: { code: t("login.phone.codeWrong") } });
        return redirect("/login/phone", { headers: { "Set-Cookie": await phoneSignInCookie({ ...flow, userId: passed.userId }) } });
      }
      case "check-pin": {
        if (!flow || flow.userId === null) return startAgain();
        const guess = (form.pin ?? "").trim();
        if (!guess) return refused({ errors: { pin: t("login.phone.pinRequired") } });
        // No PIN is letters or of another length: such a slip is refused as it is, not counted toward the lock (as on USSD).
        const malformed = malformedPinAttempt(guess);
        if (malformed) return refused({ errors: { pin: render(locale, malformed) } });
        const { user, token } = await signInWithPin({ userId: flow.userId, phone: flow.phone, pin: guess, ip, session: sessionMetaOf(request, "browser") });
        const headers = new Headers();
        headers.append("Set-Cookie", await sessionCookieFor(token));
        headers.append("Set-Cookie", await clearPhoneSignIn());
        // The language kept on the account (one registered by USSD keeps the one chosen there) follows to this device.
        const language = accountLanguageCookie(user.id);
        if (language) headers.append("Set-Cookie", language);
        return redirect(flow.redirectTo ?? landingPath(user), { headers });
      }
      case "start-again":
        return startAgain();
      default:
        return startAgain();
    }
  } catch (error) {
    if (error instanceof PinRefused) return refused({ errors: { pin: detailIn(locale, error) } }, error.status);
    if (error instanceof LoginError) {
      // The account can no longer sign in this way: the sign-in starts again, saying why.
      const headers = error.status === 401 ? { "Set-Cookie": await clearPhoneSignIn() } : undefined;
      return data({ errors: { form: detailIn(locale, error) } } as Answer, { status: error.status, headers });
    }
    throw error;
  }
}

function Submit({ label, busyLabel }: { label: string; busyLabel: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** Back to the number: another number, or a new code for the same one. */
function StartAgain() {
  const t = useT();
  return (
    <Form method="post" className="mt-3 text-center">
      <input type="hidden" name="intent" value="start-again" />
      <button type="submit" className="text-sm text-stone-600 underline">
        {t("login.phone.otherNumber")}
      </button>
    </Form>
  );
}

export default function LoginWithPhone() {
  const t = useT();
  const { step, phone, redirectTo, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Answer | undefined;
  const errors = result?.errors ?? {};
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">{t("login.phone.title")}</h1>
      {step === "number" ? (
        <>
          <p className="mt-1 text-sm text-stone-600">{t("login.phone.intro")}</p>
          <Form method="post" className="card mt-6 space-y-4" noValidate>
            <input type="hidden" name="intent" value="send-code" />
            <input type="hidden" name="idempotency_key" value={idempotencyKey} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <FormError message={errors.form} />
            <Field
              label={t("login.phone.number")}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={PHONE_MAX}
              hint={t("login.phone.numberHint")}
              defaultValue={result?.values?.phone}
              error={errors.phone}
            />
            <Submit label={t("login.phone.sendCode")} busyLabel={t("login.phone.sending")} />
          </Form>
        </>
      ) : step === "code" ? (
        <div className="card mt-6">
          <p className="text-sm text-stone-700" role="status">
            {t("login.phone.codeSent", { phone })}
          </p>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="check-code" />
            <FormError message={errors.form} />
            <Field label={t("login.phone.code")} name="code" inputMode="numeric" pattern="[0-9 ]*" autoComplete="one-time-code" required maxLength={7} error={errors.code} />
            <Submit label={t("login.phone.continue")} busyLabel={t("login.phone.checking")} />
          </Form>
          <StartAgain />
        </div>
      ) : (
        <div className="card mt-6">
          <p className="text-sm text-stone-700">{t("login.phone.pinIntro", { phone })}</p>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="check-pin" />
            <FormError message={errors.form} />
            <Field label={t("login.phone.pin")} name="pin" type="password" inputMode="numeric" pattern="[0-9]*" autoComplete="off" required maxLength={PIN_MAX_DIGITS} error={errors.pin} />
            <Submit label={t("login.submit")} busyLabel={t("login.busy")} />
          </Form>
          <StartAgain />
        </div>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"} className="text-stone-600 underline">
          {t("login.phone.withEmail")}
        </Link>
      </p>
    </section>
  );
}
