import { LANGUAGE_COOKIE, type Language } from "~/catalog/languages";
import { getEnv } from "~/lib/env.server";
import { chosenLanguage } from "~/models/messages.server";

/** A year: the choice stays until the reader changes it. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** The Set-Cookie that keeps a reader's language on this device. */
export function languageCookie(language: Language): string {
  const secure = getEnv().cookieSecure ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`;
}

/**
 * At sign-in, the language kept on the account follows the person to this device (a Twi reader
 * signing in on a new phone reads Twi at once); null when the account has none.
 */
export function accountLanguageCookie(userId: number): string | null {
  const language = chosenLanguage(userId);
  return language ? languageCookie(language) : null;
}
