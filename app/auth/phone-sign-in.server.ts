import { createCookie } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";

/**
 * Where a sign-in with a phone number (issue 31, /login/phone) has got to, in a signed cookie: the
 * number typed (the code step), then also whose code was right (the PIN step). It names an account
 * only after its code was right, which only the phone's holder can give: a stranger learns nothing
 * of which numbers have accounts.
 */
export type PhoneSignIn = { phone: string; userId: number | null; redirectTo: string | null };

/** The code works 10 minutes; the PIN step, once the code was right, 5. */
const CODE_STEP_MS = 10 * 60_000;
const PIN_STEP_MS = 5 * 60_000;

let cookie: ReturnType<typeof createCookie> | undefined;
function getCookie() {
  const env = getEnv();
  cookie ??= createCookie("akoko_phone_sign_in", { httpOnly: true, sameSite: "lax", secure: env.cookieSecure, path: "/login", maxAge: CODE_STEP_MS / 1000, secrets: [env.SESSION_SECRET] });
  return cookie;
}

/** Set-Cookie for the step the sign-in is at: the code's when `userId` is null, else the PIN's. */
export function phoneSignInCookie(step: PhoneSignIn): Promise<string> {
  return getCookie().serialize({ ...step, expiresAt: Date.now() + (step.userId === null ? CODE_STEP_MS : PIN_STEP_MS) });
}

export async function readPhoneSignIn(request: Request): Promise<PhoneSignIn | null> {
  const value = await getCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.phone !== "string" || typeof value.expiresAt !== "number" || value.expiresAt < Date.now()) return null;
  const userId = typeof value.userId === "number" ? value.userId : null;
  return { phone: value.phone, userId, redirectTo: typeof value.redirectTo === "string" ? value.redirectTo : null };
}

export function clearPhoneSignIn(): Promise<string> {
  return getCookie().serialize("", { maxAge: 0 });
}
