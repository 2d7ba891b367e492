import { getEnv } from "~/lib/env.server";

/**
 * The one clock every rule reads (never `new Date()` inside a rule). Outside production,
 * AKOKO_CLOCK_OFFSET_DAYS moves it (see app/lib/env.server.ts), so tests can restart a server a month
 * ahead and reach month boundaries and expiries without waiting; production refuses to start with it.
 */

/** While the demo seed writes its history: the instant it writes at (see `atInstant`). */
let pinnedMs: number | null = null;

export function now(): Date {
  return new Date(pinnedMs ?? Date.now() + getEnv().clockOffsetMs);
}

/**
 * Runs `fn` (synchronous only) with the clock reading `instant`: the demo seed writes its history
 * through the real money functions, stamped when each thing would have happened, instead of
 * editing the append-only ledger afterwards.
 */
export function atInstant<T>(instant: string, fn: () => T): T {
  const at = Date.parse(instant);
  if (Number.isNaN(at)) throw new Error(`Not an instant: ${instant}`);
  const before = pinnedMs;
  pinnedMs = at;
  try {
    return fn();
  } finally {
    pinnedMs = before;
  }
}

export function nowIso(): string {
  return now().toISOString();
}

/** YYYY-MM-DD in UTC. */
export function today(): string {
  return nowIso().slice(0, 10);
}
