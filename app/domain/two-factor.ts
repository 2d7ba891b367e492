/**
 * Two-factor sign-in (issue 20), pure: how codes are read and how recovery codes look. The TOTP
 * maths itself is the otpauth library's (RFC 6238, 30-second steps, 6 digits, SHA-1, as every
 * authenticator app expects).
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code from the step before or after also counts (clocks on phones drift). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export type CodeInput = { kind: "totp"; code: string } | { kind: "recovery"; code: string } | null;

/**
 * What the user typed: 6 digits (spaces allowed, "123 456") is an app code; 10 letters or digits with
 * an optional dash ("k7f3m-9qx2p") a recovery code; anything else nothing.
 */
export function readCode(input: unknown): CodeInput {
  if (typeof input !== "string") return null;
  const compact = input.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (/^[a-z0-9]{10}$/.test(compact)) return { kind: "recovery", code: compact };
  return null;
}

/** A sign-in's code as sent: "missing" when none was (absent, null or blank), else as readCode reads it. */
export type SignInCode = CodeInput | "missing";

export function readSignInCode(input: unknown): SignInCode {
  if (input === null || input === undefined || (typeof input === "string" && input.trim() === "")) return "missing";
  return readCode(input);
}

// Letters and digits that cannot be mistaken for each other when copied by hand (no 0/o, 1/l/i).
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** A recovery code from 10 random bytes, shown as "xxxxx-xxxxx". */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 10) throw new Error("recovery codes need 10 random bytes");
  const chars = Array.from(bytes.slice(0, 10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The form a recovery code is hashed in: no dash, lower case. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();
