import { createHash, randomBytes } from "node:crypto";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { checkReadings, DEVICE_TOKEN_PATTERN, type ReadingInput } from "~/domain/farm-readings";
import type { DeviceLabelInput } from "~/forms/farm-devices.server";
import { now } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/http.server";
import { reserveAttempt } from "~/lib/rate-limit.server";
import { getBatchRow } from "~/models/batch.server";
import { activeDeviceByTokenHash, insertDevice, insertReadings, revokeDevice, type DeviceView } from "~/models/farm-devices.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/** A farm's sensor devices (issue 29): an admin issues and revokes their tokens; a device records readings. */

/** What is stored of a token: its SHA-256, hex. The token itself is shown once and never kept. */
export const deviceTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new device for a batch and its token (`akd_` + 32 random bytes, base64url), audited. Only the
 * token's hash is kept, so the answer stored for the idempotency key is the device without its
 * token: the same request again (a reload re-sending the form, a retried call) gets that device with
 * `token: null` and changes nothing, never a second device with a second live token. It does not get
 * the token again: that would mean keeping the secret in clear (the stored answer) for whoever reads
 * the database or holds the key, and the first answer already showed it. A token lost on the way is a
 * device to revoke and issue again.
 */
export function issueDeviceToken(ctx: CommandContext, input: { batchId: number } & DeviceLabelInput): { device: DeviceView; token: string | null } {
  let token: string | null = null;
  const device = onceOnly(ctx, "issue-device", input, () => {
    if (!getBatchRow(input.batchId)) throw new DomainError(404, msg("rules.batchNotFound"));
    const issued = `akd_${randomBytes(32).toString("base64url")}`;
    token = issued;
    return insertDevice({ batchId: input.batchId, label: input.label, tokenHash: deviceTokenHash(issued), adminId: ctx.actor.id });
  }).result;
  return { device, token };
}

/** Revokes a batch's device: its token is refused from then on; its readings stay. Audited once. */
export function revokeDeviceToken(ctx: CommandContext, input: { batchId: number; deviceId: number }): DeviceView {
  return onceOnly(ctx, "revoke-device", input, () => revokeDevice({ ...input, adminId: ctx.actor.id })).result;
}

/**
 * The device a bearer token belongs to, counted against its requests per window
 * (DEVICE_POSTS_PER_WINDOW). 401 for a missing, malformed, unknown or revoked token; 429 past the limit.
 */
export function authenticateDevice(token: string | null): { id: number; batchId: number } {
  if (!token) throw new DomainError(401, msg("deviceRules.noToken"));
  const device = DEVICE_TOKEN_PATTERN.test(token) ? activeDeviceByTokenHash(deviceTokenHash(token)) : undefined;
  if (!device) throw new DomainError(401, msg("deviceRules.unknownToken"));
  if (!reserveAttempt(`device-posts:${device.id}`, getEnv().DEVICE_POSTS_PER_WINDOW)) throw new HttpError(429, msg("deviceRules.tooManyRequests"));
  return device;
}

/**
 * Records a device's readings, all or nothing: every reading is checked first (app/domain/farm-readings.ts),
 * and one bad reading stores none. A reading sent again counts as a duplicate and is stored once.
 */
export function recordReadings(device: { id: number; batchId: number }, readings: ReadingInput[]): { stored: number; duplicates: number } {
  return insertReadings(device, checkReadings(readings, now()));
}
