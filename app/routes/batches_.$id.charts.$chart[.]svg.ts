import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { notFoundResponse } from "~/lib/page-action.server";
import { batchLogChartSvg } from "~/pages/batch.server";

/** One of the batch page's daily charts (lay rate, weight, feed, mortality), drawn on the server as an image. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const batchId = Number(params.id);
  const svg = /^\d{1,15}$/.test(params.id ?? "") && batchId > 0 ? batchLogChartSvg(batchId, params.chart ?? "", translatorFor(locale)) : null;
  if (!svg) return notFoundResponse(msg("batchPage.chartNotFound"), locale);
  // A new daily log shows within a minute; the minute keeps a busy page's views from redrawing it.
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=60", Vary: "Cookie, Accept-Language" } });
}
