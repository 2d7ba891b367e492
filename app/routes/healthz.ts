import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db.server";
import { apiJson } from "~/lib/http.server";

/** 200 when the database answers a query; 503 otherwise. */
export function loader() {
  try {
    getDb().get(sql`select 1`);
    return apiJson({ status: "ok" });
  } catch {
    return apiJson({ status: "unavailable" }, 503);
  }
}
