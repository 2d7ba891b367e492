import pino from "pino";
import { requestContext } from "~/lib/request-context.server";

/**
 * The one logger (pino: JSON lines with levels). Every line written while a request is served
 * carries its `request_id` (scripts/server.js runs each request inside `requestContext`). Whatever
 * a caller passes, secrets are redacted by key: authorization headers, cookies, passwords, PINs,
 * tokens, ID numbers, phone numbers and provider secrets never reach the log.
 */
export const REDACTED_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "secretKey",
  "otp",
  // Issue 31: a PIN, as typed or hashed.
  "pin",
  "oldPin",
  "newPin",
  "pinHash",
  "phone",
  "idNumber",
  "ghanaCard",
  "accountNumber",
  "account_number",
] as const;

const paths = REDACTED_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const join = (prefix: string) => (k.startsWith("[") ? `${prefix}${k}` : `${prefix}.${k}`);
  return [k, join("*"), join("*.*"), join("req.headers"), join("res.headers")];
});

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: { paths, censor: "[redacted]" },
  mixin() {
    const store = requestContext.getStore();
    return store?.requestId ? { request_id: store.requestId } : {};
  },
});

/**
 * The signed links we send (a password reset, an email confirmation, an unsubscribe): whoever holds
 * one can use it, so its token is the secret. `/reset-password/code` is a page, not a token. The USSD
 * gateways' callback paths (/ussd/<gateway>/<USSD_CALLBACK_SECRET>) carry a secret the same way.
 * The routes match any letter case, and a link spoilt with doubled slashes still carries its token.
 */
const LINK_TOKEN = /\/+(?:(reset-password|confirm-email|unsubscribe)|(ussd)\/+([^/?#\s"'<>]+))\/+(?!code(?:[/?#]|$))[^/?#\s"'<>]+/gi;

/** A path or text (a URL in an error message, an email's link) with each link's token written as `[token]`. */
export function hideLinkTokens(text: string): string {
  return text.replace(LINK_TOKEN, (_link, page?: string, ussd?: string, gateway?: string) => (page ? `/${page}/[token]` : `/${ussd}/${gateway}/[token]`));
}

/** An error as a log field: its message and stack (without link tokens), never the object (some carry a request and its headers). */
export function errorField(error: unknown): { message: string; stack?: string } {
  if (!(error instanceof Error)) return { message: hideLinkTokens(String(error)) };
  return { message: hideLinkTokens(error.message), stack: error.stack === undefined ? undefined : hideLinkTokens(error.stack) };
}
