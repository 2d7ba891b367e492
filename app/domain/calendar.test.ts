import { describe, expect, it } from "vitest";
import { addDays, formatInstant, addMonths, isPeriod, previousPeriod, calendarDateOrNull, isCalendarDate, lastDayOfMonth, nextPeriod, oneMonthAfter } from "~/domain/calendar";

describe("calendar", () => {
  it("knows real days from impossible ones", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    for (const bad of ["2026-13-01", "2026-02-30", "2026-00-10", "2026-1-01", "", null, 20260101]) expect(isCalendarDate(bad)).toBe(false);
    expect(calendarDateOrNull("2026-13-01")).toBeNull();
    expect(calendarDateOrNull("2026-12-01")).toBe("2026-12-01");
  });

  it("adds days and months, clamping to the month's end", () => {
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(oneMonthAfter("2024-01-31")).toBe("2024-02-29");
    expect(addMonths("2026-11-15", 17)).toBe("2028-04-15");
    expect(lastDayOfMonth("2026-02")).toBe("2026-02-28");
    expect(nextPeriod("2026-12")).toBe("2027-01");
  });
});

describe("periods and moments", () => {
  it("reads periods strictly and steps back a month across a year", () => {
    expect(isPeriod("2026-11")).toBe(true);
    for (const bad of ["2026-13", "2026-1", "26-11", "2026-00", "", null]) expect(isPeriod(bad)).toBe(false);
    expect(previousPeriod("2026-01")).toBe("2025-12");
    expect(previousPeriod("2026-11")).toBe("2026-10");
  });

  it("shows a moment as the pages do", () => {
    expect(formatInstant("2026-11-24T14:05:59.000Z")).toBe("2026-11-24 14:05 UTC");
  });
});
