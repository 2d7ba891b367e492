import { databaseReadiness } from "~/lib/db.server";
import { apiJson } from "~/lib/http.server";

/**
 * Readiness (for a load balancer or an orchestrator): 200 once migrations have run and the
 * database takes writes, 503 with the reason otherwise. /healthz stays the liveness check.
 */
export function loader() {
  const state = databaseReadiness();
  return state.ready ? apiJson({ status: "ready" }) : apiJson({ status: "not ready", detail: state.reason }, 503);
}
