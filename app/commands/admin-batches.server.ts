import { msg } from "~/catalog/ref";
import { createHash } from "node:crypto";
import { approvalSummary, deleteNeedsApproval } from "~/domain/approvals";
import { DomainError } from "~/domain/errors";
import type { ImageType } from "~/domain/images";

import type { BatchInput, FarmInput } from "~/forms/admin.server";
import type { FarmLogEntry } from "~/forms/farm-log.server";
import { batchDeleted, requestOrRun, type Guarded } from "~/models/approval-actions.server";
import * as batches from "~/models/batch.server";
import * as farms from "~/models/farm.server";
import * as farmLogs from "~/models/farm-log.server";
import { balanceMinor, dryRun, findAccountId } from "~/models/ledger.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/** What an admin asks of farms and batches: create, activate, delete, and the daily log (docs/commands.md). */

const by = (ctx: CommandContext) => ({ adminId: ctx.actor.id });

/** A partner farm, as stored. */
export function createFarm(ctx: CommandContext, input: FarmInput): farms.FarmRow {
  return onceOnly(ctx, "create-farm", input, () => farms.createFarm(input, by(ctx))).result;
}

/** A new batch (OPEN) of a farm, as investors see it. */
export function createBatch(ctx: CommandContext, input: BatchInput): batches.BatchView {
  return onceOnly(ctx, "create-batch", input, () => batches.getBatch(batches.createBatch(input, by(ctx)).id)!).result;
}

/** OPEN -> ACTIVE: the escrow goes to the farm. Answers the batch as it is now. */
export function activateBatch(ctx: CommandContext, input: { batchId: number }): batches.BatchView {
  return onceOnly(ctx, "activate-batch", input, () => batches.getBatch(batches.activateBatch(input.batchId, by(ctx)).id)!).result;
}

/** The activation's confirm step: the same rules, rolled back; answers the escrow that would move to the farm. */
export function checkActivateBatch(ctx: CommandContext, input: { batchId: number }): { escrowMinor: number } {
  const escrowMinor = balanceMinor(findAccountId("ESCROW", { batchId: input.batchId }));
  dryRun(() => batches.activateBatch(input.batchId, by(ctx)));
  return { escrowMinor };
}

/**
 * Deletes a batch nobody invested in. One with history (past OPEN, or units placed) waits for a
 * second admin (four eyes); an empty OPEN one goes at once.
 */
export function deleteBatch(ctx: CommandContext, input: { batchId: number }): Guarded {
  const { batchId } = input;
  return onceOnly(ctx, "delete-batch", input, (): Guarded => {
    const batch = batches.getBatch(batchId);
    if (batch && deleteNeedsApproval(batch)) return requestOrRun({ action: "batch.delete", params: { batchId }, adminId: ctx.actor.id, summary: approvalSummary({ action: "batch.delete", batchId }) });
    batches.deleteBatch(batchId, by(ctx));
    return { ran: true, outcome: batchDeleted(), relaxed: false };
  }).result;
}

/** The delete's confirm step: the same rules, rolled back (a batch that cannot go is refused before the question). */
export function checkDeleteBatch(ctx: CommandContext, input: { batchId: number }): void {
  dryRun(() => batches.deleteBatch(input.batchId, by(ctx)));
}

/** Checked photos (at the door): each one's bytes and the image type its first bytes show. */
export type CheckedPhotos = { photos: farmLogs.StoredPhoto[]; types: ImageType[] };

/** A photo as an idempotency parameter: the same bytes are the same photo, whatever the file was called. */
const photoParams = (photos: farmLogs.StoredPhoto[]) => photos.map((p) => ({ size: p.size, sha256: p.bytes ? createHash("sha256").update(p.bytes).digest("hex") : null }));

/**
 * A day's log of a batch with its photos, all or nothing: a second log for the same day stores no
 * row and leaves no file behind. `entry` and the photos are checked at the door. Answers the log as stored.
 */
export function recordFarmLog(ctx: CommandContext, input: { batchId: number; entry: FarmLogEntry } & CheckedPhotos) {
  const { batchId, entry, photos, types } = input;
  return onceOnly(ctx, "record-farm-log", { batchId, entry, photos: photoParams(photos) }, () => {
    const batch = batches.getBatchRow(batchId);
    if (!batch) throw new DomainError(404, msg("rules.batchNotFound"));
    const log = farmLogs.createFarmLog({ adminId: ctx.actor.id, batch, entry, photos, types });
    // Read by id: a day logged late is not among the latest the list shows.
    return { ...farmLogs.getFarmLog({ batchId, logId: log.id }), photoIds: log.photoIds };
  }).result;
}

/** Photos added later to a day's log (checked at the door); the same photos sent again with the key are added once. */
export function addFarmLogPhotos(ctx: CommandContext, input: { batchId: number; logId: number } & CheckedPhotos) {
  const { batchId, logId, photos } = input;
  return onceOnly(ctx, "add-farm-log-photos", { batchId, logId, photos: photoParams(photos) }, () => farmLogs.attachFarmLogPhotos({ adminId: ctx.actor.id, ...input })).result;
}
