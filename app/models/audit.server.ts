import { desc } from "drizzle-orm";
import { getDb } from "~/lib/db.server";
import { auditLog } from "~/models/schema.server";

/** Records an admin action; call it inside the same `atomic` block as the action itself. */
export function recordAudit({ adminId, action, batchId, farmId, detail = "" }: { adminId: number; action: string; batchId?: number; farmId?: number; detail?: string }) {
  getDb().insert(auditLog).values({ adminId, action, batchId, farmId, detail }).run();
}

export function listAudit(limit = 200) {
  return getDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit).all();
}
