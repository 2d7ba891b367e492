import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { redirectWithFlash, requireUser } from "~/auth/session.server";
import { markNoticesRead } from "~/commands/notices.server";
import { DomainError } from "~/domain/errors";
import { readId } from "~/forms/parse.server";
import { HttpError } from "~/lib/http.server";
import { newIdempotencyKey, pageError, readPageForm } from "~/lib/page-action.server";
import { countUnreadNotifications, listNotifications } from "~/models/notification.server";
import { noticeView } from "~/pages/portfolio.server";
import { noticesHref } from "~/pages/portfolio";

/** Notices on one page of /portfolio/notices; `?before=<id>` goes on with older ones, as the API's list does. */
const NOTICES_PER_PAGE = 50;

/** /portfolio/notices: every notice of the investor, newest first, a page at a time (no JavaScript needed). */
export async function noticesLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  // A cursor that is not an id reads as none: the newest page.
  const before = readId(new URL(request.url).searchParams.get("before"));
  const rows = listNotifications(user.id, locale, { limit: NOTICES_PER_PAGE + 1, before });
  const shown = rows.slice(0, NOTICES_PER_PAGE);
  const newest = listNotifications(user.id, locale, { limit: 1 })[0];
  return {
    words: wordsFor(locale, ["portfolio"]),
    title: t("portfolio.noticesTitle"),
    description: t("portfolio.noticesDescription"),
    notices: shown.map(noticeView),
    before,
    olderBefore: rows.length > NOTICES_PER_PAGE ? shown[shown.length - 1].id : null,
    unread: countUnreadNotifications(user.id),
    // "Mark all as read" reaches the newest notice there was when this page was drawn, on any page.
    newestId: newest?.id ?? null,
    idempotencyKey: newIdempotencyKey(),
  };
}

/** "Mark all as read", the same command as the portfolio's and POST /api/v1/invest/notifications/read. */
export async function noticesAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const locale = localeOf(request);
  const form = await readPageForm(request);
  const back = noticesHref(readId(new URL(request.url).searchParams.get("before")));
  try {
    if (form.intent !== "notices_read") return data({ ok: false as const, errors: { form: translatorFor(locale)("investorTexts.formUnreadable") }, values: form }, { status: 400 });
    markNoticesRead({ actor: user, key: form.idempotency_key || null }, { upTo: readId(form.up_to) });
    return redirectWithFlash(back, { kind: "success", message: msg("investorTexts.noticesRead") });
  } catch (error) {
    if (error instanceof DomainError || error instanceof HttpError) return pageError(error, form, locale);
    throw error;
  }
}
