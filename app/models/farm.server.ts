import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { comparableName } from "~/domain/names";
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

/** Refuses a farm whose name and location (case and spaces aside) are an existing farm's: the batch form would list two alike. */
function refuseSameFarm(input: FarmInput) {
  const [name, location] = [comparableName(input.name), comparableName(input.location)];
  const same = listFarms().find((f) => comparableName(f.name) === name && comparableName(f.location) === location);
  if (!same) return;
  const detail = same.location ? msg("rules.farmExists", { name: same.name, location: same.location, farmId: same.id }) : msg("rules.farmExistsNoLocation", { name: same.name, farmId: same.id });
  throw new DomainError(409, detail, "name");
}

export function createFarm(input: FarmInput, { adminId }: By): FarmRow {
  return atomic(() => {
    refuseSameFarm(input);
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
