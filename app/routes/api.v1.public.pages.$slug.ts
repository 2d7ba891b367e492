import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { minorToCedis } from "~/domain/money";
import { apiJson, handleApi, HttpError, onlyMethods, requireMethod } from "~/lib/http.server";
import { getContentPage } from "~/models/content.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, () => {
    requireMethod(request, "GET");
    const page = getContentPage(params.slug ?? "");
    if (!page) throw new HttpError(404, msg("api.pageNotFound"));
    return apiJson({
      title: page.title,
      body_md: page.bodyMd,
      faqs: page.faqs,
      example_unit_price: page.exampleUnitPriceMinor === null ? null : minorToCedis(page.exampleUnitPriceMinor),
      example_expected_roi: page.exampleExpectedRoi,
      updated_at: page.updatedAt,
    });
  });
}

export const action = onlyMethods("GET");
