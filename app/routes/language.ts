import type { ActionFunctionArgs } from "@remix-run/node";
import { readPageFormData } from "~/lib/page-action.server";
import { redirect } from "@remix-run/node";
import { getUser, redirectWithFlash } from "~/auth/session.server";
import { LANGUAGE_COOKIE, languageOf } from "~/catalog/languages";
import { safeRedirect } from "~/lib/safe-redirect";
import { msg } from "~/catalog/ref";
import { chooseLanguage } from "~/commands/account.server";
import { languageCookie } from "~/auth/language-cookie.server";

/**
 * The language control's form (header and footer, no JavaScript needed): keeps the choice in a
 * cookie, and on the account of a signed-in reader so their emails and SMS follow it, then returns
 * to the page it was chosen on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageFormData(request);
  // Only a page of this site, as the URL parser writes it (a Location header always carries it).
  const back = safeRedirect(form.get("back"), "/");
  const language = languageOf(String(form.get(LANGUAGE_COOKIE) ?? ""));
  if (!language) return redirectWithFlash(back, { kind: "error", message: msg("common.language.unknown") });
  const user = await getUser(request);
  if (user) chooseLanguage({ actor: user, key: null }, { language });
  return redirect(back, { headers: { "Set-Cookie": languageCookie(language) } });
}

// Choosing is a POST; a stray GET just goes home.
export function loader() {
  return redirect("/");
}
