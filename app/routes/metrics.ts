import type { LoaderFunctionArgs } from "@remix-run/node";
import { timingSafeEqual } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { apiError } from "~/lib/http.server";
import { localeOf } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { metricsText, registry } from "~/lib/metrics.server";

/** Prometheus metrics, only with `Authorization: Bearer <METRICS_TOKEN>`; without a token configured, 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = getEnv().METRICS_TOKEN;
  const locale = localeOf(request);
  if (!token) return apiError(404, msg("api.notFound"), locale);
  const given = Buffer.from((request.headers.get("Authorization") ?? "").replace(/^Bearer\s+/i, ""));
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return apiError(401, msg("api.metricsToken"), locale, { "WWW-Authenticate": "Bearer" });
  return new Response(await metricsText(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}
