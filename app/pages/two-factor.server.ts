import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { renewRecoveryCodes, turnOffTwoFactor } from "~/auth/account.server";
import { currentSessionId, redirectWithFlash, requireUser, sessionPassedSecondFactor } from "~/auth/session.server";
import { adminSecondFactorGap } from "~/auth/two-factor.server";
import { DomainError } from "~/domain/errors";
import { HttpError } from "~/lib/http.server";
import { enableTwoFactor, recoveryCodesLeft, startTwoFactorSetup, twoFactorEnabled } from "~/models/two-factor.server";

/** /account/two-factor: enrolment with a server-rendered QR code, or the state and the ways out. */
export async function twoFactorLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { enrolling: true });
  const gap = adminSecondFactorGap(user, await sessionPassedSecondFactor(request));
  if (twoFactorEnabled(user.id)) return { enabled: true as const, recoveryLeft: recoveryCodesLeft(user.id), mustEnrol: false, mustSignInAgain: gap === "sign-in" };
  const setup = await startTwoFactorSetup(user.id);
  return { enabled: false as const, secret: setup.secret, qrSvg: setup.qrSvg, mustEnrol: gap === "enrol", mustSignInAgain: false };
}

export async function twoFactorAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { enrolling: true });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = form.get("code");
  const password = form.get("password");
  try {
    if (intent === "enable")
      return data({ ok: true as const, recoveryCodes: enableTwoFactor({ userId: user.id, sessionId: await currentSessionId(request), code }), message: "Two-factor sign-in is on." });
    if (intent === "regenerate")
      return data({ ok: true as const, recoveryCodes: await renewRecoveryCodes({ user, password, code }), message: "New recovery codes made: the old ones no longer work." });
    if (intent === "disable") {
      await turnOffTwoFactor({ user, password, code });
      return redirectWithFlash("/account/two-factor", { kind: "success", message: "Two-factor sign-in is off." });
    }
    return data({ ok: false as const, intent, error: "This form could not be read. Please reload the page and try again.", field: "code" }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false as const, intent, error: error.detail, field: error.field ?? "code" }, { status: error.status });
    // Too many wrong codes or passwords (429).
    if (error instanceof HttpError) return data({ ok: false as const, intent, error: error.detail, field: "code" }, { status: error.status });
    throw error;
  }
}
