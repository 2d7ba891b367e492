import { render } from "~/catalog/index.server";
import { storedRef } from "~/models/stored-message.server";
import type { TestServer } from "./server";

export type Notice = { id: number; userId: number; kind: string; message: string };

/**
 * In-app notices as their readers see them in English: rendered from the stored id and parameters
 * (the old text for rows written before). `where` filters the notifications table in SQL.
 */
export function noticesIn(server: TestServer, where = "1 = 1", ...args: unknown[]): Notice[] {
  const rows = server
    .db()
    .prepare(`select id, user_id, kind, message, message_id, message_params from notifications where ${where} order by id`)
    .all(...args) as Array<{
    id: number;
    user_id: number;
    kind: string;
    message: string;
    message_id: string | null;
    message_params: string | null;
  }>;
  return rows.map((r) => {
    const ref = storedRef(r.message_id, r.message_params);
    return { id: r.id, userId: r.user_id, kind: r.kind, message: ref ? render("en", ref) : r.message };
  });
}
