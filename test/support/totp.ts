/**
 * An authenticator app for tests: the code it shows, and a wait that keeps a short sequence of
 * codes inside one 30-second step. The server accepts a code one step either side of its clock and
 * each step once, so a test that enrols with the previous step's code and then signs in with the
 * current one fails if a step boundary falls between the two (CI caught that on a loaded machine).
 */
import { Secret, TOTP } from "otpauth";
import { call, type Client } from "./client";

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
export function codeFor(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + offsetSteps * STEP_MS });
}

/** Waits, if needed, until at least `marginMs` remain in the current 30-second step. */
export async function awayFromStepEnd(marginMs = 12_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Turns two factors on for the account `api` is signed in as, through the API (setup, then a first
 * code); the codes for the steps before now are spent. Returns the secret and the ten recovery codes.
 */
export async function enrolTwoFactor(api: Client): Promise<{ secret: string; recovery: string[] }> {
  const setup = await call(api, "POST", "/api/v1/auth/2fa/setup");
  if (setup.status !== 200) throw new Error(`2fa setup answered ${setup.status}: ${JSON.stringify(setup.body)}`);
  await awayFromStepEnd();
  const enabled = await call(api, "POST", "/api/v1/auth/2fa/enable", { code: codeFor(setup.body.secret, -1) });
  if (enabled.status !== 200) throw new Error(`2fa enable answered ${enabled.status}: ${JSON.stringify(enabled.body)}`);
  return { secret: setup.body.secret, recovery: enabled.body.recovery_codes };
}
