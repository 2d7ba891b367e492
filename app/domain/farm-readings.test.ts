import { describe, expect, it } from "vitest";
import { bearerToken, checkReadings, instantOf, isSilent, MAX_READINGS_PER_REQUEST, readingAge, ReadingRefused, type ReadingInput } from "~/domain/farm-readings";
import { DomainError } from "~/domain/errors";

const NOW = new Date("2026-11-26T12:00:00Z");
const reading = (over: Partial<ReadingInput> = {}): ReadingInput => ({ temperature_c: 27.5, humidity_pct: 64, ammonia_ppm: 11, recorded_at: "2026-11-26T11:55:00Z", ...over });

/** The refusal `fn` throws, for its index, field and English detail. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof ReadingRefused) return { index: error.index, field: error.field, detail: error.detail, status: error.status };
    if (error instanceof DomainError) return { detail: error.detail, status: error.status };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("instantOf: ISO 8601 with a zone", () => {
  it("reads Z and offsets to the same instant", () => {
    expect(instantOf("2026-11-26T14:05:00Z")?.toISOString()).toBe("2026-11-26T14:05:00.000Z");
    expect(instantOf("2026-11-26T14:05:00.250+00:00")?.toISOString()).toBe("2026-11-26T14:05:00.250Z");
    expect(instantOf("2026-11-26T15:05+0100")?.toISOString()).toBe("2026-11-26T14:05:00.000Z");
  });

  it("refuses a time without a zone, a date alone and days or hours that do not exist", () => {
    for (const text of ["2026-11-26T14:05:00", "2026-11-26", "2026-02-30T10:00:00Z", "2026-11-26T24:00:00Z", "2026-11-26T10:60:00Z", "yesterday", "1732629900", "2026-11-26T10:00:00+25:00"])
      expect(instantOf(text), text).toBeNull();
  });
});

describe("checkReadings (docs/rules.md#farm-devices)", () => {
  it("answers the readings with their instant in UTC", () => {
    expect(checkReadings([reading({ recorded_at: "2026-11-26T12:55:00+01:00" })], NOW)).toEqual([{ recordedAt: "2026-11-26T11:55:00.000Z", temperatureC: 27.5, humidityPct: 64, ammoniaPpm: 11 }]);
  });

  it("takes the edges of the physical ranges and refuses beyond them, naming the reading and the field", () => {
    expect(
      checkReadings([reading({ temperature_c: -10, humidity_pct: 0, ammonia_ppm: 0 }), reading({ temperature_c: 60, humidity_pct: 100, ammonia_ppm: 500, recorded_at: "2026-11-26T11:56:00Z" })], NOW),
    ).toHaveLength(2);
    expect(refusal(() => checkReadings([reading(), reading({ recorded_at: "2026-11-26T11:56:00Z", temperature_c: 60.1 })], NOW))).toEqual({
      index: 1,
      field: "temperature_c",
      status: 422,
      detail: "Reading 1: temperature_c 60.1 is outside -10 to 60 °C.",
    });
    expect(refusal(() => checkReadings([reading({ humidity_pct: -1 })], NOW))).toMatchObject({ index: 0, field: "humidity_pct", detail: "Reading 0: humidity_pct -1 is outside 0 to 100 %." });
    expect(refusal(() => checkReadings([reading({ ammonia_ppm: 501 })], NOW))).toMatchObject({ field: "ammonia_ppm" });
    expect(refusal(() => checkReadings([reading({ temperature_c: Number.POSITIVE_INFINITY })], NOW))).toMatchObject({ field: "temperature_c" });
  });

  it("refuses a time more than 5 minutes ahead, or more than 30 days old", () => {
    expect(checkReadings([reading({ recorded_at: "2026-11-26T12:05:00Z" })], NOW)).toHaveLength(1);
    expect(refusal(() => checkReadings([reading({ recorded_at: "2026-11-26T12:05:01Z" })], NOW))).toMatchObject({
      index: 0,
      field: "recorded_at",
      detail: "Reading 0: recorded_at is more than 5 minutes in the future.",
    });
    expect(checkReadings([reading({ recorded_at: "2026-10-27T12:00:00Z" })], NOW)).toHaveLength(1);
    expect(refusal(() => checkReadings([reading({ recorded_at: "2026-10-27T11:59:59Z" })], NOW))).toMatchObject({ detail: "Reading 0: recorded_at is more than 30 days old." });
    expect(refusal(() => checkReadings([reading({ recorded_at: "2026-11-26 11:00" })], NOW))).toMatchObject({ field: "recorded_at", detail: expect.stringContaining("ISO 8601 time with a zone") });
  });

  it("takes 1 to 500 readings", () => {
    const many = Array.from({ length: MAX_READINGS_PER_REQUEST + 1 }, (_, i) => reading({ recorded_at: new Date(NOW.getTime() - i * 60_000).toISOString() }));
    expect(checkReadings(many.slice(0, MAX_READINGS_PER_REQUEST), NOW)).toHaveLength(500);
    expect(refusal(() => checkReadings(many, NOW))).toEqual({ status: 422, detail: "At most 500 readings per request; this one has 501." });
    expect(refusal(() => checkReadings([], NOW))).toEqual({ status: 422, detail: "Send at least one reading." });
  });
});

describe("a reading's age and the device's silence", () => {
  it("says the age in the unit a person reads", () => {
    expect(readingAge("2026-11-26T11:59:30Z", NOW)).toEqual({ unit: "now", count: 0 });
    expect(readingAge("2026-11-26T12:02:00Z", NOW)).toEqual({ unit: "now", count: 0 });
    expect(readingAge("2026-11-26T11:57:00Z", NOW)).toEqual({ unit: "minutes", count: 3 });
    expect(readingAge("2026-11-26T09:30:00Z", NOW)).toEqual({ unit: "hours", count: 2 });
    expect(readingAge("2026-11-24T12:00:00Z", NOW)).toEqual({ unit: "days", count: 2 });
  });

  it("a device is silent once its latest reading is more than 2 hours old", () => {
    expect(isSilent("2026-11-26T10:00:00Z", NOW)).toBe(false);
    expect(isSilent("2026-11-26T09:59:59Z", NOW)).toBe(true);
  });
});

describe("bearerToken", () => {
  it("reads the token of a Bearer header, any case, and nothing else", () => {
    expect(bearerToken("Bearer akd_abc")).toBe("akd_abc");
    expect(bearerToken("bearer  akd_abc ")).toBe("akd_abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken("Bearer")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });
});
