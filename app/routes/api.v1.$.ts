import type { LoaderFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { localeOf } from "~/catalog/index.server";
import { apiError } from "~/lib/http.server";

/** Unknown API paths answer JSON, not the HTML not-found page. */
export const loader = ({ request }: LoaderFunctionArgs) => apiError(404, msg("api.notFound"), localeOf(request));
export const action = loader;
