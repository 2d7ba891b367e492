/**
 * The one clock every rule reads. In-process tests
 * may shift it to check month boundaries and expiries without waiting.
 */
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

export function setClockOffset(ms: number) {
  offsetMs = ms;
}

export function nowIso(): string {
  return now().toISOString();
}

/** YYYY-MM-DD in UTC. */
export function today(): string {
  return nowIso().slice(0, 10);
}
