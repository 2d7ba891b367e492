import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, HttpError, onlyMethods, requireMethod } from "~/lib/http.server";
import { getPageExamples } from "~/models/content.server";
import { HOW_IT_WORKS_SLUG } from "~/pages/admin";
import { howItWorksWords, storedHowItWorks } from "~/pages/how-it-works.server";

/** A content page in the reader's language, as /how-it-works shows it: stored in that language, else the catalog's words. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, () => {
    requireMethod(request, "GET");
    const examples = params.slug === HOW_IT_WORKS_SLUG ? getPageExamples(HOW_IT_WORKS_SLUG) : undefined;
    if (!examples) throw new HttpError(404, msg("api.pageNotFound"));
    const locale = localeOf(request);
    const stored = storedHowItWorks(locale);
    const words = howItWorksWords(stored, translatorFor(locale));
    return apiJson({
      title: words.title,
      body_md: words.bodyMd,
      faqs: words.faqs,
      example_unit_price: examples.exampleUnitPriceMinor === null ? null : minorToCedis(examples.exampleUnitPriceMinor),
      example_expected_roi: examples.exampleExpectedRoi,
      updated_at: stored?.updatedAt ?? null,
    });
  });
}

export const action = onlyMethods("GET");
