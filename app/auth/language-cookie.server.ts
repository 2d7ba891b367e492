import { LANGUAGE_COOKIE, languageOf, type Language } from "~/catalog/languages";
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

/**
 * A page opened by a link that names its language (`?lang=ak`: an email's link) in a browser that
 * has not chosen one (a mail app's own): the language stays for the pages that follow, as if chosen
 * there. A browser that chose keeps its choice. Null: nothing to keep.
 */
export function linkedLanguageCookie(request: Request): string | null {
  if (request.method !== "GET" || new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=`).test(request.headers.get("Cookie") ?? "")) return null;
  const language = languageOf(new URL(request.url).searchParams.get(LANGUAGE_COOKIE));
  return language ? languageCookie(language) : null;
}
