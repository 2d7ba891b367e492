import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { currentSessionId, clearedSessionCookie, redirectWithFlash, requireUser, sessionTokenOf } from "~/auth/session.server";
import * as account from "~/commands/account.server";
import * as pin from "~/commands/pin.server";
import type { CommandContext } from "~/commands/command.server";
import { accountClosingBlockers } from "~/domain/account";
import { AddEmailSchema, ChangePasswordFormSchema, CloseAccountSchema, CloseWithPinSchema, FirstPasswordSchema, PinFormSchema, ProfileUpdateSchema, ProofSchema } from "~/forms/account.server";
import { parseForm, type FormParse } from "~/forms/parse.server";
import { newIdempotencyKey, pageError, readPageForm } from "~/lib/page-action.server";
import { accountPosition, hasPassword } from "~/models/user.server";
import { phoneForDisplay } from "~/pages/account";
import { localeOf, render, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { listSessions } from "~/models/sessions.server";
import { CHANNELS, NOTICE_CATEGORIES } from "~/domain/notices";
import { contactStatus } from "~/models/contacts.server";
import { getPreferences, type Preferences } from "~/models/messages.server";

/** The account page: the investor's details, and whether (or why not) the account can close now. */
export async function accountLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const ctx: CommandContext = { actor: user, key: null };
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const closingBlockers = accountClosingBlockers(accountPosition(user.id)).map((reason) => render(locale, reason));
  const sessions = listSessions(user.id, await currentSessionId(request));
  const others = sessions.some((s) => !s.current);
  return {
    // The close form's words only while the account can close; the reasons why not only while it cannot;
    // "Sign out everywhere else" only while there is somewhere else.
    words: wordsFor(locale, ["account", closingBlockers.length ? "accountBlocked" : "accountClose", ...(others ? (["accountOtherSessions"] as const) : [])]),
    title: t("account.title"),
    description: t("account.description"),
    fullName: user.fullName,
    email: user.email,
    phone: phoneForDisplay(user.phone),
    closingBlockers,
    // What shows it is the owner here: the password, or for an account registered by phone (no password yet) its PIN.
    credentials: { password: hasPassword(user.id), ...pin.pinState(ctx) },
    contacts: { ...contactStatus(user.id), phone: phoneForDisplay(user.phone) },
    preferences: getPreferences(user.id),
    // The device and place in the reader's language (the API keeps its fixed English labels).
    sessions: sessions.map(({ deviceName, placeName, ...s }) => ({ ...s, device: render(locale, deviceName), ipHint: render(locale, placeName) })),
    // The "send a link / a code" forms and the PIN form send it: the same form sent again sends no second message.
    idempotencyKey: newIdempotencyKey(),
  };
}

const refused = (errors: Record<string, string>, values: Record<string, string>) => data({ ok: false as const, errors, values }, { status: 400 });

/** Both parts of a form read at once, so every bad field is named in one answer. */
function both<A, B>(a: FormParse<A>, b: FormParse<B>): { ok: true; data: [A, B] } | { ok: false; errors: Record<string, string> } {
  if (a.ok && b.ok) return { ok: true, data: [a.data, b.data] };
  return { ok: false, errors: { ...(a.ok ? {} : a.errors), ...(b.ok ? {} : b.errors) } };
}

/** The forms, told apart by `intent`: profile, password, close, and the messages section's. Passwords are never sent back. */
export async function accountAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const form = await readPageForm(request);
  const ctx: CommandContext = { actor: user, key: form.idempotency_key || null };
  const intent = form.intent ?? "";
  // What the page may show back: the typed name and phone, never a password.
  const values: Record<string, string> =
    intent === "profile"
      ? { intent, full_name: form.full_name ?? "", phone: form.phone ?? "" }
      : intent === "confirm-phone"
        ? { intent, code: form.code ?? "" }
        : intent === "add-email"
          ? { intent, email: form.email ?? "" }
          : { intent };
  // Which proof this account gives (the account says, never the form): its password, or its PIN when it has none.
  const proofKind = hasPassword(user.id) ? "password" : "pin";
  try {
    switch (intent) {
      case "profile": {
        const parsed = parseForm(ProfileUpdateSchema, { full_name: values.full_name, phone: values.phone }, rendererFor(locale));
        if (!parsed.ok) return refused(parsed.errors, values);
        account.updateProfile(ctx, { fullName: parsed.data.full_name, phone: parsed.data.phone });
        return redirectWithFlash("/account", { kind: "success", message: msg("investorTexts.profileSaved") });
      }
      case "password": {
        const parsed = parseForm(ChangePasswordFormSchema, form, rendererFor(locale));
        if (!parsed.ok) return refused(parsed.errors, values);
        const input = { currentPassword: parsed.data.current_password, newPassword: parsed.data.new_password, keepSessionToken: await sessionTokenOf(request) };
        await account.changePassword(ctx, input);
        return redirectWithFlash("/account", { kind: "success", message: msg("investorTexts.passwordChanged") });
      }
      case "close": {
        if (form.confirmed === "1" && form.ticket) {
          // The confirm step without JavaScript: the password was checked at the first step.
          account.closeAccountWithTicket(ctx, { ticket: form.ticket, sessionToken: await sessionTokenOf(request) });
        } else {
          const parsed = proofKind === "password" ? parseForm(CloseAccountSchema, { password: form.password ?? "" }, rendererFor(locale)) : parseForm(CloseWithPinSchema, form, rendererFor(locale));
          if (!parsed.ok) return refused(parsed.errors, values);
          if (form.confirmed !== "1") {
            const ticket = await account.askToCloseAccount(ctx, { proof: parsed.data, sessionToken: await sessionTokenOf(request) });
            return data({ ok: true as const, confirm: { prompt: t("account.closePrompt"), ticket } });
          }
          // With JavaScript the browser asked (window.confirm) and sent confirmed=1 with the password (or PIN).
          await account.closeAccount(ctx, parsed.data);
        }
        // Every session ended with the account; the cookie goes too.
        return redirectWithFlash("/", { kind: "success", message: msg("investorTexts.accountClosed") }, { headers: { "Set-Cookie": await clearedSessionCookie() } });
      }
      case "pin": {
        const parsed = both(parseForm(ProofSchema[proofKind], form, rendererFor(locale)), parseForm(PinFormSchema, form, rendererFor(locale)));
        if (!parsed.ok) return refused(parsed.errors, values);
        const [proof, { new_pin }] = parsed.data;
        if ("password" in proof) await pin.setPin(ctx, { password: proof.password, pin: new_pin });
        else await pin.changePin(ctx, { oldPin: proof.pin, newPin: new_pin });
        return redirectWithFlash("/account#pin", { kind: "success", message: msg("investorTexts.pinSaved") });
      }
      case "add-email": {
        const parsed = both(parseForm(ProofSchema[proofKind], form, rendererFor(locale)), parseForm(AddEmailSchema, form, rendererFor(locale)));
        if (!parsed.ok) return refused(parsed.errors, values);
        const [proof, { email }] = parsed.data;
        await pin.addEmail(ctx, { email, proof });
        return redirectWithFlash("/account#messages", { kind: "success", message: msg("investorTexts.emailAdded") });
      }
      case "set-password": {
        const parsed = both(parseForm(ProofSchema.pin, form, rendererFor(locale)), parseForm(FirstPasswordSchema, form, rendererFor(locale)));
        if (!parsed.ok) return refused(parsed.errors, values);
        const [proof, { new_password }] = parsed.data;
        await pin.setFirstPassword(ctx, { pin: proof.pin, newPassword: new_password });
        return redirectWithFlash("/account#password", { kind: "success", message: msg("investorTexts.passwordSet") });
      }
      case "send-email-link": {
        account.sendEmailConfirmation(ctx);
        return redirectWithFlash("/account#messages", { kind: "success", message: msg("investorTexts.emailLinkSent") });
      }
      case "send-phone-code": {
        account.sendPhoneCode(ctx);
        return redirectWithFlash("/account#messages", { kind: "success", message: msg("investorTexts.phoneCodeSent") });
      }
      case "confirm-phone": {
        account.confirmPhone(ctx, { code: (form.code ?? "").replace(/\s/g, "") });
        return redirectWithFlash("/account#messages", { kind: "success", message: msg("investorTexts.phoneConfirmed") });
      }
      case "preferences": {
        // A checkbox left unticked is not sent: what is absent is off.
        const prefs = Object.fromEntries(NOTICE_CATEGORIES.map((c) => [c, Object.fromEntries(CHANNELS.map((ch) => [ch, form[`${c}_${ch}`] === "on"]))])) as Preferences;
        account.setNotificationPreferences(ctx, prefs);
        return redirectWithFlash("/account#messages", { kind: "success", message: msg("investorTexts.preferencesSaved") });
      }
      case "end-session": {
        const id = /^\d{1,15}$/.test(form.session_id ?? "") ? Number(form.session_id) : 0;
        if (id === (await currentSessionId(request))) return refused({ form: t("investorTexts.sessionIsCurrent") }, values);
        // Another user's session, or one already ended: not found, as the API says.
        if (!account.endSession(ctx, { sessionId: id })) return data({ ok: false as const, errors: { form: t("api.sessionNotFound") }, values }, { status: 404 });
        return redirectWithFlash("/account#sessions", { kind: "success", message: msg("investorTexts.sessionEnded") });
      }
      case "end-other-sessions": {
        account.endOtherSessions(ctx, { keepSessionId: await currentSessionId(request) });
        return redirectWithFlash("/account#sessions", { kind: "success", message: msg("investorTexts.othersEnded") });
      }
      default:
        return refused({ form: t("investorTexts.chooseWhat") }, values);
    }
  } catch (error) {
    return pageError(error, values, locale);
  }
}
