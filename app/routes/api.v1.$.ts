import { msg } from "~/catalog/ref";
import { apiError } from "~/lib/http.server";

/** Unknown API paths answer JSON, not the HTML not-found page. */
export const loader = () => apiError(404, msg("api.notFound"));
export const action = () => apiError(404, msg("api.notFound"));
