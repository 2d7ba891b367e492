/**
 * The one clock every rule reads (never `new Date()` inside a rule), so month boundaries, expiries
 * and schedules can be tested without waiting.
 */
let offsetMs = 0;
/** While the demo seed writes its history: the instant it writes at (see `atInstant`). */
let pinnedMs: number | null = null;

export function now(): Date {
  return new Date(pinnedMs ?? Date.now() + offsetMs);
}

export function setClockOffset(ms: number) {
  offsetMs = ms;
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
