import { desc, eq } from "drizzle-orm";
import type { Locale, MessageRef } from "~/catalog/format";
import { render } from "~/catalog/index.server";
import { getDb } from "~/lib/db.server";
import { auditLog, users } from "~/models/schema.server";
import { messageColumns, storedText } from "~/models/stored-message.server";
import { nowIso } from "~/lib/clock.server";
import { guardedActionWords } from "~/domain/approvals";

/** The signed-in admin an action is done by (checked by the route's guard) and recorded against. */
export type By = { adminId: number };

/**
 * Records an admin action; call it inside the same `atomic` block as the action itself. The detail is
 * kept as its catalog id and parameters (read in the reader's language) and in English, as written.
 */
export function recordAudit({ adminId, action, batchId, farmId, detail }: { adminId: number; action: string; batchId?: number; farmId?: number; detail?: MessageRef }) {
  const stored = detail ? messageColumns(detail) : { id: null, params: null };
  getDb()
    .insert(auditLog)
    .values({ adminId, action, batchId, farmId, detail: detail ? render("en", detail) : "", detailId: stored.id, detailParams: stored.params, createdAt: nowIso() })
    .run();
}

/** The audit log with each admin's email, its details in the locale: newest first. Nobody can edit it (database triggers). */
export function listAuditEntries(locale: Locale, { batchId, limit = 200 }: { batchId?: number | null; limit?: number } = {}) {
  return getDb()
    .select({
      id: auditLog.id,
      adminEmail: users.email,
      action: auditLog.action,
      batchId: auditLog.batchId,
      farmId: auditLog.farmId,
      detail: auditLog.detail,
      detailId: auditLog.detailId,
      detailParams: auditLog.detailParams,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(batchId ? eq(auditLog.batchId, batchId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all()
    .map(({ detailId, detailParams, ...e }) => ({ ...e, detail: amountsAsText(detailParams) ? e.detail : storedText(locale, detailId, actionInWords(detailId, detailParams), e.detail) }));
}

/**
 * A request's detail stored with its action as a code ("#4 withdrawal.send: ..."), before the code
 * became words: read with the words, in the reader's language (the row itself is never rewritten).
 */
function actionInWords(id: string | null, params: string | null): string | null {
  if (!params || !id?.startsWith("auditDetail.approval")) return params;
  const p = JSON.parse(params) as Record<string, unknown>;
  return typeof p.action === "string" ? JSON.stringify({ ...p, action: guardedActionWords(p.action) }) : params;
}

/**
 * Whether a detail was stored when its amounts were cedis as text ("1200.50", read after a fixed
 * "GHS"), before they became money parameters. The log is append-only, so such a row is never
 * rewritten: it reads as the English it was written in.
 */
function amountsAsText(params: string | null): boolean {
  if (!params) return false;
  const p = JSON.parse(params) as Record<string, unknown>;
  const nested = (v: unknown) => typeof v === "object" && v !== null && typeof (v as { params?: { amount?: unknown } }).params?.amount === "string";
  return typeof p.amount === "string" || typeof p.price === "string" || nested(p.tax) || nested(p.reserve);
}

export function auditJson(a: ReturnType<typeof listAuditEntries>[number]) {
  return { id: a.id, admin: a.adminEmail, action: a.action, batch_id: a.batchId, farm_id: a.farmId, detail: a.detail, created_at: a.createdAt };
}
