import { afterEach, describe, expect, it, vi } from "vitest";

const DAY = 24 * 3600 * 1000;

// The clock reads the environment once (getEnv caches it): each case loads fresh modules.
async function clockWith(offsetDays: string | undefined) {
  vi.resetModules();
  if (offsetDays === undefined) delete process.env.AKOKO_CLOCK_OFFSET_DAYS;
  else process.env.AKOKO_CLOCK_OFFSET_DAYS = offsetDays;
  return import("~/lib/clock.server");
}

afterEach(() => {
  delete process.env.AKOKO_CLOCK_OFFSET_DAYS;
  vi.resetModules();
});

describe("the clock", () => {
  it("is the real time when AKOKO_CLOCK_OFFSET_DAYS is unset", async () => {
    const clock = await clockWith(undefined);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(clock.today()).toBe(new Date().toISOString().slice(0, 10));
  });

  it("runs AKOKO_CLOCK_OFFSET_DAYS ahead (or behind) outside production", async () => {
    expect(process.env.NODE_ENV).not.toBe("production");
    const ahead = await clockWith("40");
    expect(Math.abs(ahead.now().getTime() - (Date.now() + 40 * DAY))).toBeLessThan(1000);
    expect(ahead.today()).toBe(new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10));
    const behind = await clockWith("-0.5");
    expect(Math.abs(behind.now().getTime() - (Date.now() - DAY / 2))).toBeLessThan(1000);
  });
});
