import { getEnv } from "~/lib/env.server";
import { now } from "~/lib/clock.server";

/**
 * Fixed-window counters in memory: enough for one small instance. Every window has the same length
 * (AUTH_RATE_WINDOW_SECONDS) and a key's window is re-inserted when it starts, so the Map's order
 * (insertion order) is also the order in which windows end: the oldest are at the front.
 */
const windows = new Map<string, { count: number; resetAt: number }>();

/**
 * A hard cap on the keys held, so a flood of new keys (made-up emails, addresses) cannot grow the
 * map without bound within one window. Past it, the oldest windows are dropped first.
 */
export const MAX_RATE_LIMIT_KEYS = 100_000;
/** Pruning goes down to this, so it runs once per 10,000 new keys at most, not on every request. */
const PRUNE_TO = MAX_RATE_LIMIT_KEYS * 0.9;

function prune(t: number) {
  for (const [key, w] of windows) {
    if (windows.size <= PRUNE_TO && w.resetAt > t) break;
    windows.delete(key);
  }
}

function current(key: string) {
  const t = now().getTime();
  let w = windows.get(key);
  if (!w || w.resetAt <= t) {
    windows.delete(key);
    w = { count: 0, resetAt: t + getEnv().AUTH_RATE_WINDOW_SECONDS * 1000 };
    windows.set(key, w);
    if (windows.size > MAX_RATE_LIMIT_KEYS) prune(t);
  }
  return w;
}

/**
 * Counts one attempt against `limit` for this window and says whether it may go ahead; false (nothing
 * counted) once the limit is reached. Check and count are one synchronous step, so attempts that
 * then wait on something slow (a password hash) cannot all pass the check before any is counted.
 */
export function reserveAttempt(key: string, limit: number): boolean {
  return reserveAttempts([[key, limit]]);
}

/** The same for several counters at once, all or nothing: one refused, none is counted. */
export function reserveAttempts(limits: Array<[key: string, limit: number]>): boolean {
  const counters = limits.map(([key, limit]) => ({ w: current(key), limit }));
  if (counters.some(({ w, limit }) => w.count >= limit)) return false;
  for (const { w } of counters) w.count += 1;
  return true;
}

/** Gives back one reserved attempt (it turned out not to count, e.g. a correct password). */
export function releaseAttempt(key: string) {
  const w = windows.get(key);
  if (w && w.count > 0) w.count -= 1;
}

export function clearAttempts(key: string) {
  windows.delete(key);
}

/** For tests: how many keys are held. */
export function rateLimitKeyCount(): number {
  return windows.size;
}
