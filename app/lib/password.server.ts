import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

// N=2^14, r=8, p=1: about 16 MB and ~50 ms per hash on these machines.
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

function encode(salt: Buffer, hash: Buffer) {
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return encode(salt, await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, PARAMS));
}

export function hashPasswordSync(password: string): string {
  const salt = crypto.randomBytes(16);
  return encode(salt, crypto.scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH, PARAMS));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/**
 * Whether a secret someone sent (a signed link's MAC, a ticket) is the one expected, in constant
 * time. Texts of the same length may differ in bytes (é is two): those are simply not the same.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * A dummy hash to compare against when the email is unknown, so timing does not reveal accounts:
 * hashPasswordSync("not-a-real-password") under PARAMS, written out, so that no process pays the
 * ~50 ms of making it when it starts (every server, seed and test worker did).
 */
export const DUMMY_HASH = "scrypt$16384$8$1$sQYqrenNEJZZTdDN4Nkz8A==$scWT7deYNfPNbI6jjc2IhITLUb0k4dV8B4N+SLqKQ6D/9YkAlCyIcO5ddsyYPVEbVlDCVvzEdpQS257m9i9wuw==";
