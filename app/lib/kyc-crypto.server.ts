import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getEnv } from "~/lib/env.server";

/**
 * Identity numbers at rest (issue 17): AES-256-GCM with KYC_ENCRYPTION_KEY, a fresh 12-byte iv per
 * value. The tag makes a tampered row fail to decrypt instead of reading back wrong. Base64 parts.
 */
export type Sealed = { iv: string; tag: string; ciphertext: string };

export function sealIdNumber(plain: string, key: Buffer = getEnv().kycEncryptionKey): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return { iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), ciphertext: ciphertext.toString("base64") };
}

/** Throws when the key is wrong or the row was altered. */
export function openIdNumber(sealed: Sealed, key: Buffer = getEnv().kycEncryptionKey): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(sealed.iv, "base64"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, "base64")), decipher.final()]).toString("utf8");
}

/** What the page may show of an ID number: its last 4 characters. */
export function lastFour(idNumber: string): string {
  return idNumber.slice(-4);
}

/** A sealed value as one column: "iv.tag.ciphertext" (base64 parts). Used for TOTP secrets (issue 20) and a USSD PIN held between two screens (issue 31). */
export function sealToString(plain: string): string {
  const s = sealIdNumber(plain);
  return `${s.iv}.${s.tag}.${s.ciphertext}`;
}

export function openFromString(sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split(".");
  return openIdNumber({ iv, tag, ciphertext });
}
