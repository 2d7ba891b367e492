import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { mustEnrolTwoFactor } from "~/auth/two-factor.server";
import { DomainError } from "~/domain/errors";
import { disableTwoFactor, enableTwoFactor, recoveryCodesLeft, regenerateRecoveryCodes, startTwoFactorSetup, twoFactorEnabled } from "~/models/two-factor.server";

/** /account/two-factor: enrolment with a server-rendered QR code, or the state and the ways out. */
export async function twoFactorLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { enrolling: true });
  if (twoFactorEnabled(user.id)) return { enabled: true as const, recoveryLeft: recoveryCodesLeft(user.id), mustEnrol: false };
  const setup = await startTwoFactorSetup(user.id);
  return { enabled: false as const, secret: setup.secret, qrSvg: setup.qrSvg, mustEnrol: mustEnrolTwoFactor(user) };
}

export async function twoFactorAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { enrolling: true });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = form.get("code");
  try {
    if (intent === "enable") return data({ ok: true as const, recoveryCodes: enableTwoFactor(user.id, code), message: "Two-factor sign-in is on." });
    if (intent === "regenerate") return data({ ok: true as const, recoveryCodes: regenerateRecoveryCodes(user.id, code), message: "New recovery codes made: the old ones no longer work." });
    if (intent === "disable") {
      disableTwoFactor(user.id, code);
      return redirectWithFlash("/account/two-factor", { kind: "success", message: "Two-factor sign-in is off." });
    }
    return data({ ok: false as const, intent, error: "This form could not be read. Please reload the page and try again." }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false as const, intent, error: error.detail }, { status: error.status });
    throw error;
  }
}
