import { msg } from "~/catalog/ref";
import crypto from "node:crypto";
import { and, eq, isNull, or, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { accountLabel } from "~/domain/account";
import { DomainError } from "~/domain/errors";
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT, type CodeInput, recoveryCodeFromBytes, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW } from "~/domain/two-factor";
import { nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { openFromString, sealToString } from "~/lib/kyc-crypto.server";
import { recordAdminTwoFactorChange } from "~/models/admin-alerts.server";
import { atomic } from "~/models/ledger.server";
import { endOtherSessions } from "~/models/sessions.server";
import { recoveryCodes, sessions, users } from "~/models/schema.server";

/**
 * Two-factor sign-in (issue 20): TOTP secrets sealed at rest (AES-256-GCM with KYC_ENCRYPTION_KEY),
 * a first code to turn it on, ten single-use recovery codes stored as SHA-256 hashes, and each code
 * accepted once (the last accepted 30-second step is kept).
 */

const ISSUER = "Akoko";

function totpFor(secretBase32: string, label: string) {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

const hashCode = (code: string) => crypto.createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");

function userRow(userId: number) {
  const row = getDb()
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      isAdmin: users.isAdmin,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw new DomainError(404, msg("refusals.accountNotFound"));
  return row;
}

export function twoFactorEnabled(userId: number): boolean {
  return Boolean(userRow(userId).totpEnabledAt);
}

export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrSvg: string };

/** `label`: the account as the authenticator app lists it (its email, or its phone: accountLabel). */
async function setupOf(secretBase32: string, label: string): Promise<TwoFactorSetup> {
  const otpauthUrl = totpFor(secretBase32, label).toString();
  // Rendered on the server: the page shows the QR code with JavaScript off.
  // Loaded here, not at start-up: only an enrolment draws a QR code.
  const { default: QRCode } = await import("qrcode");
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: secretBase32, otpauthUrl, qrSvg };
}

/**
 * Starts (or shows again) an enrolment: a new secret kept as pending until a first code confirms it.
 * `fresh` replaces a pending secret (the API's setup call always starts over).
 */
export async function startTwoFactorSetup(userId: number, { fresh = false } = {}): Promise<TwoFactorSetup> {
  const user = userRow(userId);
  if (user.totpEnabledAt) throw new DomainError(409, msg("refusals.twoFactorOnAlreadySetUp"));
  let secret = !fresh && user.totpPendingSecret ? openFromString(user.totpPendingSecret) : null;
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    getDb()
      .update(users)
      .set({ totpPendingSecret: sealToString(secret) })
      .where(eq(users.id, userId))
      .run();
  }
  return setupOf(secret, accountLabel(user));
}

/**
 * The 30-second step a code is valid for, or null: checked against the secret with one step either
 * side. Real time, never the app's settable clock: the phone's app counts real time.
 */
function acceptedStep(secretBase32: string, code: string): number | null {
  const at = Date.now();
  const delta = totpFor(secretBase32, "x").validate({ token: code, timestamp: at, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

function newRecoveryCodes(userId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(crypto.randomBytes(10)));
  const db = getDb();
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  for (const code of codes)
    db.insert(recoveryCodes)
      .values({ userId, codeHash: hashCode(code), createdAt: nowIso() })
      .run();
  return codes;
}

/**
 * Confirms the enrolment with a first code: two factors on, ten recovery codes returned (shown once).
 * Two factors belong to the session (issue 26): the enrolling session has passed the second factor,
 * and every other session of the account, signed in without one, ends.
 */
export function enableTwoFactor({ userId, sessionId, code }: { userId: number; sessionId: number | null; code: CodeInput }): string[] {
  return atomic(() => {
    const user = userRow(userId);
    if (user.totpEnabledAt) throw new DomainError(409, msg("refusals.twoFactorAlreadyOn"));
    if (!user.totpPendingSecret) throw new DomainError(409, msg("refusals.twoFactorStartFirst"));
    const secret = openFromString(user.totpPendingSecret);
    const step = code?.kind === "totp" ? acceptedStep(secret, code.code) : null;
    if (step === null) throw new DomainError(422, msg("refusals.totpCodeWrong"), "code");
    getDb().update(users).set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: nowIso(), totpLastStep: step }).where(eq(users.id, userId)).run();
    endOtherSessions(userId, sessionId);
    if (sessionId !== null)
      getDb()
        .update(sessions)
        .set({ secondFactorAt: nowIso() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .run();
    recordAdminTwoFactorChange(userId, true);
    return newRecoveryCodes(userId);
  });
}

export type SecondFactor = "totp" | "recovery";

/**
 * Checks a second factor for a user with two factors on: an app code for a step not used before
 * (a replayed code fails), or an unused recovery code (then spent). Each accepted code is recorded
 * in the same statement that checks it, so two requests cannot both use it.
 */
export function verifySecondFactor(userId: number, code: CodeInput): SecondFactor | null {
  const user = userRow(userId);
  if (!user.totpEnabledAt || !user.totpSecret) return null;
  if (!code) return null;
  const db = getDb();
  if (code.kind === "totp") {
    const step = acceptedStep(openFromString(user.totpSecret), code.code);
    if (step === null) return null;
    const taken = db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .run();
    return taken.changes === 1 ? "totp" : null;
  }
  const spent = db
    .update(recoveryCodes)
    .set({ usedAt: nowIso() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(code.code)), isNull(recoveryCodes.usedAt)))
    .run();
  return spent.changes === 1 ? "recovery" : null;
}

/** Turns two factors off after a valid code (app or recovery): secret and recovery codes gone. The password is the caller's (disableTwoFactor in app/commands/account.server.ts). */
export function disableTwoFactor(userId: number, code: CodeInput): void {
  atomic(() => {
    const user = userRow(userId);
    if (!user.totpEnabledAt) throw new DomainError(409, msg("refusals.twoFactorNotOn"));
    if (!verifySecondFactor(userId, code)) throw new DomainError(422, msg("refusals.twoFactorCodeWrong"), "code");
    getDb().update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId)).run();
    getDb().delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    recordAdminTwoFactorChange(userId, false);
  });
}

/** How many recovery codes are left unused. */
export function recoveryCodesLeft(userId: number): number {
  return getDb()
    .select({ n: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get()!.n;
}

/** A fresh set of ten recovery codes (the old ones stop working), after a valid app code. The password is the caller's (renewRecoveryCodes in app/commands/account.server.ts). */
export function regenerateRecoveryCodes(userId: number, code: CodeInput): string[] {
  return atomic(() => {
    if (verifySecondFactor(userId, code) !== "totp") throw new DomainError(422, msg("refusals.totpCodeWrong"), "code");
    return newRecoveryCodes(userId);
  });
}
