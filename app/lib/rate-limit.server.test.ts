import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAttempts, rateLimitKeyCount, rateLimitSweeps, releaseAttempt, reserveAttempt, reserveAttempts, setRateLimitKeyCap } from "~/lib/rate-limit.server";
import { anotherConnection, useUnitDatabase } from "../../test/support/unit-database";

// This file's own SQLite file, migrated like the server's: the counters live in its rate_limits table.
useUnitDatabase("limits");
afterEach(() => {
  vi.useRealTimers();
  setRateLimitKeyCap(null);
});

describe("rate-limit windows", () => {
  it("reserves attempts up to the limit and refuses the next; a release gives one back, a clear all", () => {
    const key = `unit:${Math.random()}`;
    expect([1, 2, 3, 4].map(() => reserveAttempt(key, 3))).toEqual([true, true, true, false]);
    releaseAttempt(key);
    expect(reserveAttempt(key, 3)).toBe(true);
    expect(reserveAttempt(key, 3)).toBe(false);
    clearAttempts(key);
    expect(reserveAttempt(key, 3)).toBe(true);
  });

  it("reserves several counters all or nothing", () => {
    const wide = `unit:${Math.random()}`;
    const narrow = `unit:${Math.random()}`;
    expect(
      reserveAttempts([
        [wide, 3],
        [narrow, 1],
      ]),
    ).toBe(true);
    expect(
      reserveAttempts([
        [wide, 3],
        [narrow, 1],
      ]),
    ).toBe(false);
    // The refused attempt was not counted on the wide counter either: two more fit.
    expect([1, 2, 3].map(() => reserveAttempt(wide, 3))).toEqual([true, true, false]);
  });

  it("starts a fresh window once the old one is over", () => {
    const key = `unit:${Math.random()}`;
    expect(reserveAttempt(key, 1)).toBe(true);
    expect(reserveAttempt(key, 1)).toBe(false);
    // The app's clock reads Date.now(): move only Date, 16 minutes on.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60 * 1000 });
    expect(reserveAttempt(key, 1)).toBe(true);
  });

  it("holds a bounded number of keys however many arrive in one window, dropping the oldest first", () => {
    // Four times the cap, past two sweeps: on PostgreSQL each reservation is a round trip to the server.
    const cap = 500;
    setRateLimitKeyCap(cap);
    const sweepsBefore = rateLimitSweeps();
    const first = "flood:first";
    reserveAttempt(first, 1);
    for (let i = 0; i < cap + 1_500; i++) reserveAttempt(`flood:${i}`, 5);
    expect(rateLimitKeyCount()).toBeLessThanOrEqual(cap);
    // The newest keys are still counted...
    const newest = `flood:${cap + 1_499}`;
    for (let i = 1; i < 5; i++) expect(reserveAttempt(newest, 5)).toBe(true);
    expect(reserveAttempt(newest, 5)).toBe(false);
    // ...the oldest was dropped.
    expect(reserveAttempt(first, 1)).toBe(true);
    // Pruning is amortised: a flood of new keys sweeps once per thousand reservations, never once per
    // request (counted, not timed: a loaded machine makes any time limit luck).
    const reservations = 1 + (cap + 1_500) + 4;
    expect(rateLimitSweeps() - sweepsBefore).toBeLessThanOrEqual(Math.ceil(reservations / 1_000));
    expect(rateLimitSweeps() - sweepsBefore).toBeGreaterThan(0);
  });

  it("counts in the database, so another process on the same file sees the same window", () => {
    const key = `shared:${Math.random()}`;
    expect(reserveAttempt(key, 2)).toBe(true);
    // Another worker's connection: it finds the window this one wrote.
    const other = anotherConnection(process.env.DATABASE_URL!);
    const row = other.prepare("select count from rate_limits where key = ?").get(key) as { count: number };
    other.prepare("update rate_limits set count = count + 1 where key = ?").run(key);
    other.close();
    expect(row.count).toBe(1);
    expect(reserveAttempt(key, 2)).toBe(false);
  });
});
