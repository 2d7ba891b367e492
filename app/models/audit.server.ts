import { desc, eq } from "drizzle-orm";
import { getDb } from "~/lib/db.server";
import { auditLog, users } from "~/models/schema.server";
import { nowIso } from "~/lib/clock.server";

/** The signed-in admin an action is done by (checked by the route's guard) and recorded against. */
export type By = { adminId: number };

/** Records an admin action; call it inside the same `atomic` block as the action itself. */
export function recordAudit({ adminId, action, batchId, farmId, detail = "" }: { adminId: number; action: string; batchId?: number; farmId?: number; detail?: string }) {
  getDb().insert(auditLog).values({ adminId, action, batchId, farmId, detail, createdAt: nowIso() }).run();
}

/** The audit log with each admin's email: newest first. Nobody can edit it (database triggers). */
export function listAuditEntries({ batchId, limit = 200 }: { batchId?: number | null; limit?: number } = {}) {
  return getDb()
    .select({ id: auditLog.id, adminEmail: users.email, action: auditLog.action, batchId: auditLog.batchId, farmId: auditLog.farmId, detail: auditLog.detail, createdAt: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(batchId ? eq(auditLog.batchId, batchId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
}

export function auditJson(a: ReturnType<typeof listAuditEntries>[number]) {
  return { id: a.id, admin: a.adminEmail, action: a.action, batch_id: a.batchId, farm_id: a.farmId, detail: a.detail, created_at: a.createdAt };
}
