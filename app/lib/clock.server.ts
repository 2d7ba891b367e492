import { getEnv } from "~/lib/env.server";

/**
 * The one clock every rule reads. Outside production, AKOKO_CLOCK_OFFSET_DAYS moves it (see
 * app/lib/env.server.ts), so tests can restart a server a month ahead and reach month boundaries
 * and expiries without waiting; production refuses to start with it set.
 */
export function now(): Date {
  return new Date(Date.now() + getEnv().clockOffsetMs);
}

export function nowIso(): string {
  return now().toISOString();
}

/** YYYY-MM-DD in UTC. */
export function today(): string {
  return nowIso().slice(0, 10);
}
