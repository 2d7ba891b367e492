import { msg } from "~/catalog/ref";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Language } from "~/catalog/languages";
import { localeOf } from "~/catalog/index.server";
import { ContentPageSchema } from "~/forms/admin.server";
import { EDIT_LANGUAGE_FIELD, HOW_IT_WORKS_SLUG } from "~/pages/admin";
import { editLanguage } from "~/pages/how-it-works.server";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, HttpError, idempotencyKeyOf, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { getContentPage, type ContentPage } from "~/models/content.server";
import { saveContentPage } from "~/commands/admin-content.server";

const EDITABLE = new Set([HOW_IT_WORKS_SLUG]);

function pageJson(page: ContentPage) {
  return {
    slug: page.slug,
    locale: page.locale,
    title: page.title,
    body_md: page.bodyMd,
    faqs: page.faqs,
    example_unit_price: page.exampleUnitPriceMinor === null ? null : minorToCedis(page.exampleUnitPriceMinor),
    example_expected_roi: page.exampleExpectedRoi,
    updated_at: page.updatedAt,
  };
}

/** The page's language from `?locale=` (en, ak), else the admin's own; 422 for any other. */
function editedLanguage(request: Request): Language {
  const language = editLanguage(new URL(request.url).searchParams.get(EDIT_LANGUAGE_FIELD), localeOf(request));
  if (!language) throw new HttpError(422, msg("common.language.unknown"));
  return language;
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "PUT");
    await requireApiAdmin(request);
    if (!EDITABLE.has(params.slug ?? "")) throw new HttpError(404, msg("api.pageNotFound"));
    const page = getContentPage(params.slug!, editedLanguage(request));
    if (!page) throw new HttpError(404, msg("api.pageNotFound"));
    return apiJson(pageJson(page));
  });
}

/** PUT the whole page in one language (`?locale=`): title, body_md, faqs [{question, answer}], example_unit_price, example_expected_roi (the same in every language). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "PUT");
    const admin = await requireApiAdmin(request);
    const slug = params.slug ?? "";
    if (!EDITABLE.has(slug)) throw new HttpError(404, msg("api.pageNotFound"));
    const locale = editedLanguage(request);
    const input = parseOrThrow(ContentPageSchema, await readJsonBody(request));
    return apiJson(pageJson(saveContentPage({ actor: admin, key: idempotencyKeyOf(request) }, { slug, locale, page: input })));
  });
}
