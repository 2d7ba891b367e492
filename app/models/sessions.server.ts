/**
 * Issue 20: the signed-in sessions a person can see and end (the account page, /api/v1/auth/sessions),
 * when each was last used, and the devices each account has signed in from. A session's token is
 * known only to its holder: here it is named by its row id, never by its hash.
 */
import crypto from "node:crypto";
import { deviceLabel, deviceName, ipHint, placeName, type SessionKind, type SessionView } from "~/domain/devices";
import { nowIso, now } from "~/lib/clock.server";
import { prepared } from "~/lib/db.server";
import { recordAdminNewDevice } from "~/models/admin-alerts.server";

export type { SessionKind };
/** What the request that signs in knows about itself (sessionMetaOf in app/auth/session.server.ts). */
export type SessionMeta = { kind: SessionKind; userAgent: string | null; ip: string | null };

/** last_seen_at moves at most once a minute per session: reading a page must not write each time. */
export const LAST_SEEN_EVERY_MS = 60 * 1000;

/** Whether a session last seen at `lastSeenAt` is due a touchSession now. */
export function lastSeenIsStale(lastSeenAt: string | null): boolean {
  return !lastSeenAt || Date.parse(lastSeenAt) <= now().getTime() - LAST_SEEN_EVERY_MS;
}

/**
 * Notes the session as used now from `ip`. Conditional, so two requests racing in the same minute
 * write once; callers check lastSeenIsStale first, so most requests do not even try.
 */
export function touchSession(sessionId: number, ip: string | null): void {
  const cutoff = new Date(now().getTime() - LAST_SEEN_EVERY_MS).toISOString();
  prepared<[string, string | null, number, string]>("update sessions set last_seen_at = ?, ip = coalesce(?, ip) where id = ? and (last_seen_at is null or last_seen_at <= ?)").run(
    nowIso(),
    ip,
    sessionId,
    cutoff,
  );
}

/** The key of a device in known_devices: its label (deviceLabel) and the account, hashed. */
export function deviceHash(userId: number, label: string): string {
  return crypto.createHash("sha256").update(`${label}\n${userId}`).digest("hex");
}

/**
 * Remembers the device a sign-in came from (call it in the sign-in's transaction). The first
 * sign-in of an admin from a device not known yet is audited and told to every admin.
 */
export function noteSignInDevice(userId: number, meta: SessionMeta): void {
  const label = deviceLabel(meta.userAgent);
  const added = prepared<[number, string, string]>("insert into known_devices (user_id, device_hash, created_at) values (?, ?, ?) on conflict do nothing").run(
    userId,
    deviceHash(userId, label),
    nowIso(),
  );
  if (added.changes === 1) recordAdminNewDevice(userId, { device: deviceName(meta.userAgent), place: placeName(meta.ip) });
}

type SessionRow = { id: number; kind: SessionKind; userAgent: string | null; ip: string | null; createdAt: string; lastSeenAt: string | null };

/** The user's live sessions, most recently used first, `currentId` marked. */
export function listSessions(userId: number, currentId: number | null): SessionView[] {
  const rows = prepared<[number, string], SessionRow>(
    `select id, kind, user_agent as "userAgent", ip, created_at as "createdAt", last_seen_at as "lastSeenAt" from sessions where user_id = ? and expires_at > ? order by coalesce(last_seen_at, created_at) desc, id desc`,
  ).all(userId, nowIso());
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    device: deviceLabel(r.userAgent),
    ipHint: ipHint(r.ip),
    deviceName: deviceName(r.userAgent),
    placeName: placeName(r.ip),
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt ?? r.createdAt,
    current: r.id === currentId,
  }));
}

/** Ends one of the user's own sessions; false when there is no such session of theirs. */
export function endSessionById(userId: number, sessionId: number): boolean {
  return prepared<[number, number]>("delete from sessions where id = ? and user_id = ?").run(sessionId, userId).changes === 1;
}

/** "Sign out everywhere else": every session and API token of the user but `keepId`. Returns how many ended. */
export function endOtherSessions(userId: number, keepId: number | null): number {
  return prepared<[number, number]>("delete from sessions where user_id = ? and id <> ?").run(userId, keepId ?? 0).changes;
}

/** The JSON an API client sees: ids, never token hashes. */
export function sessionJson(s: SessionView) {
  return { id: s.id, kind: s.kind, device: s.device, ip_hint: s.ipHint, created_at: s.createdAt, last_seen_at: s.lastSeenAt, current: s.current };
}
