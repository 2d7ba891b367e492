import { msg } from "~/catalog/ref";
import { type By, recordAudit } from "~/models/audit.server";
import type { FarmInput } from "~/forms/admin.server";
import { atomic } from "~/models/ledger.server";
import { farms } from "~/models/schema.server";
import { getDb } from "~/lib/db.server";
/** Partner farms. */

export type FarmRow = typeof farms.$inferSelect;

export function farmJson(f: FarmRow) {
  return { id: f.id, name: f.name, location: f.location, notes: f.notes, created_at: f.createdAt };
}

export function listFarms(): FarmRow[] {
  return getDb().select().from(farms).orderBy(farms.name).all();
}

export function createFarm(input: FarmInput, { adminId }: By): FarmRow {
  return atomic(() => {
    const farm = getDb().insert(farms).values(input).returning().get();
    recordAudit({
      adminId,
      action: "farm.create",
      farmId: farm.id,
      detail: farm.location ? msg("auditDetail.farmCreateAt", { farmId: farm.id, name: farm.name, location: farm.location }) : msg("auditDetail.farmCreate", { farmId: farm.id, name: farm.name }),
    });
    return farm;
  });
}
