import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf, translatorFor } from "~/catalog/index.server";
import { sensorChartSvg } from "~/pages/farm-readings.server";

/** The batch page's 24-hour chart of its farm device (an SVG drawn on the server); 404 without enough readings. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const batchId = Number(params.id);
  const svg = /^\d{1,15}$/.test(params.id ?? "") && batchId > 0 ? sensorChartSvg(batchId, translatorFor(localeOf(request))) : null;
  if (!svg) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // A new reading shows within a minute; the minute keeps a busy page's views from redrawing it.
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=60" } });
}
