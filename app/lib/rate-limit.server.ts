import { getEnv } from "~/lib/env.server";
import { now } from "~/lib/clock.server";

/** Fixed-window counters in memory: enough for one small instance. */
const windows = new Map<string, { count: number; resetAt: number }>();

function current(key: string) {
  const t = now().getTime();
  let w = windows.get(key);
  if (!w || w.resetAt <= t) {
    w = { count: 0, resetAt: t + getEnv().AUTH_RATE_WINDOW_SECONDS * 1000 };
    windows.set(key, w);
  }
  if (windows.size > 50_000) {
    for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
  }
  return w;
}

/** `factor` widens the limit for coarser keys (a whole IP rather than one IP and email). */
export function isRateLimited(key: string, factor = 1): boolean {
  return current(key).count >= getEnv().AUTH_RATE_LIMIT * factor;
}

export function recordAttempt(key: string) {
  current(key).count += 1;
}

export function clearAttempts(key: string) {
  windows.delete(key);
}
