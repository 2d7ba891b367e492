import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { readPageFormData } from "~/lib/page-action.server";
import { readPasswordAgain } from "~/auth/account.server";
import { currentSessionId, redirectWithFlash, requireUser, sessionPassedSecondFactor } from "~/auth/session.server";
import { adminSecondFactorGap } from "~/auth/two-factor.server";
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, startTwoFactorSetup } from "~/commands/account.server";
import type { CommandContext } from "~/commands/command.server";
import { DomainError } from "~/domain/errors";
import { readCode } from "~/domain/two-factor";
import { HttpError } from "~/lib/http.server";
import { recoveryCodesLeft, twoFactorEnabled } from "~/models/two-factor.server";
import { detailIn, localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";

/** /account/two-factor: enrolment with a server-rendered QR code, or the state and the ways out. */
export async function twoFactorLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { enrolling: true });
  const gap = adminSecondFactorGap(user, await sessionPassedSecondFactor(request));
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const page = { words: wordsFor(locale, ["account"]), title: t("account.twoFactor"), description: t("account.twoFactorDescription") };
  if (twoFactorEnabled(user.id)) return { ...page, enabled: true as const, recoveryLeft: recoveryCodesLeft(user.id), mustEnrol: false, mustSignInAgain: gap === "sign-in" };
  // The secret stays pending across reloads until a first code confirms it.
  const setup = await startTwoFactorSetup({ actor: user, key: null }, { fresh: false });
  return { ...page, enabled: false as const, secret: setup.secret, qrSvg: setup.qrSvg, mustEnrol: gap === "enrol", mustSignInAgain: false };
}

export async function twoFactorAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { enrolling: true });
  const ctx: CommandContext = { actor: user, key: null };
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const form = await readPageFormData(request);
  const intent = String(form.get("intent") ?? "");
  const code = readCode(form.get("code"));
  try {
    if (intent === "enable") return data({ ok: true as const, recoveryCodes: enableTwoFactor(ctx, { sessionId: await currentSessionId(request), code }), message: t("investorTexts.twoFactorOn") });
    if (intent === "regenerate") {
      const recoveryCodes = await renewRecoveryCodes(ctx, { password: readPasswordAgain(form.get("password")), code });
      return data({ ok: true as const, recoveryCodes, message: t("investorTexts.newCodesMade") });
    }
    if (intent === "disable") {
      await disableTwoFactor(ctx, { password: readPasswordAgain(form.get("password")), code });
      return redirectWithFlash("/account/two-factor", { kind: "success", message: msg("investorTexts.twoFactorOff") });
    }
    return data({ ok: false as const, intent, error: t("investorTexts.formUnreadable"), field: "code" }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false as const, intent, error: detailIn(locale, error), field: error.field ?? "code" }, { status: error.status });
    // Too many wrong codes or passwords (429).
    if (error instanceof HttpError) return data({ ok: false as const, intent, error: detailIn(locale, error), field: "code" }, { status: error.status });
    throw error;
  }
}
