import { desc, eq } from "drizzle-orm";
import { getDb } from "~/lib/db.server";
import { notifications } from "~/models/schema.server";
import { nowIso } from "~/lib/clock.server";
/** In-app notifications: what the portfolio's activity list shows an investor. */

export function notify(userId: number, kind: string, message: string) {
  getDb().insert(notifications).values({ userId, kind, message, createdAt: nowIso() }).run();
}

export function listNotifications(userId: number, limit = 50) {
  return getDb().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit).all();
}
