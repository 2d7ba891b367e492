import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getUser, redirectWithFlash } from "~/auth/session.server";
import { LANGUAGE_COOKIE, languageOf, samePagePath } from "~/catalog/languages";
import { msg } from "~/catalog/ref";
import { chooseLanguage } from "~/commands/account.server";
import { getEnv } from "~/lib/env.server";

/** A year: the choice stays until the reader changes it. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/**
 * The language control's form (header and footer, no JavaScript needed): keeps the choice in a
 * cookie, and on the account of a signed-in reader so their emails and SMS follow it, then returns
 * to the page it was chosen on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = samePagePath(String(form.get("back") ?? "/"));
  const language = languageOf(String(form.get(LANGUAGE_COOKIE) ?? ""));
  if (!language) return redirectWithFlash(back, { kind: "error", message: msg("common.language.unknown") });
  const user = await getUser(request);
  if (user) chooseLanguage({ actor: user, key: null }, { language });
  const secure = getEnv().cookieSecure ? "; Secure" : "";
  return redirect(back, { headers: { "Set-Cookie": `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure}` } });
}

// Choosing is a POST; a stray GET just goes home.
export function loader() {
  return redirect("/");
}
