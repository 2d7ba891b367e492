import { describe, expect, it } from "vitest";
import { checkPhotos as checkPhotoRefs, parseFarmLogEntry as parseFarmLogRefs } from "~/forms/farm-log.server";
import { renderMessages } from "~/forms/parse.server";
import { englishOf } from "~/domain/errors";
import { detectImageType } from "~/domain/images";
import { isCalendarDate } from "~/domain/calendar";

// The rules answer catalog messages; these tests read them in English, as the page shows them.
const parseFarmLogEntry = (...args: Parameters<typeof parseFarmLogRefs>) => {
  const r = parseFarmLogRefs(...args);
  return r.ok ? r : { ok: false as const, errors: renderMessages(r.errors, englishOf) };
};
const checkPhotos = (...args: Parameters<typeof checkPhotoRefs>) => {
  const r = checkPhotoRefs(...args);
  return r.ok ? r : { ok: false as const, error: englishOf(r.error) };
};

const egg = { productType: "EGG" as const, today: "2026-03-10" };
const chicken = { productType: "CHICKEN" as const, today: "2026-03-10" };
const eggDay = {
  log_date: "2026-03-09",
  birds_alive: "950",
  deaths: "2",
  feed_kg: "110.5",
  eggs_collected: "820",
  temperature_c: "26.5",
  humidity_pct: "62",
  ammonia_ppm: "8",
  notes: " calm day ",
  incident: "",
  incident_description: "",
};
const chickenDay = { log_date: "2026-03-10", birds_alive: 1980, deaths: 3, feed_kg: 210, avg_weight_kg: 1.32 };

describe("parseFarmLogEntry", () => {
  it("accepts a good egg day from form strings", () => {
    const r = parseFarmLogEntry(eggDay, egg);
    expect(r).toEqual({
      ok: true,
      entry: {
        log_date: "2026-03-09",
        birds_alive: 950,
        deaths: 2,
        feed_kg: 110.5,
        eggs_collected: 820,
        avg_weight_kg: null,
        temperature_c: 26.5,
        humidity_pct: 62,
        ammonia_ppm: 8,
        notes: "calm day",
        incident: false,
        incident_description: "",
      },
    });
  });

  it("accepts a chicken day from JSON numbers, today included, sensors optional", () => {
    const r = parseFarmLogEntry(chickenDay, chicken);
    expect(r.ok && r.entry).toMatchObject({ log_date: "2026-03-10", avg_weight_kg: 1.32, eggs_collected: null, temperature_c: null, deaths: 3 });
  });

  it("refuses bad values with a message per field", () => {
    const r = parseFarmLogEntry({ ...eggDay, log_date: "2026-03-11", birds_alive: "-5", humidity_pct: "101", feed_kg: "-1", ammonia_ppm: "abc" }, egg);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      log_date: "The log date cannot be in the future.",
      birds_alive: "Birds alive cannot be negative.",
      humidity_pct: "Humidity must be between 0 and 100%.",
      feed_kg: "Feed used cannot be negative.",
      ammonia_ppm: "Ammonia must be a number of ppm.",
    });
  });

  it("needs the date, birds and feed; refuses fractions of birds and impossible dates", () => {
    const r = parseFarmLogEntry({ log_date: "2026-02-30", birds_alive: "10.5", feed_kg: "", eggs_collected: "1" }, egg);
    expect(!r.ok && r.errors).toMatchObject({ log_date: "Give the date as YYYY-MM-DD.", birds_alive: "Birds alive must be a whole number.", feed_kg: "Enter the feed used in kg." });
    expect(!parseFarmLogEntry({}, egg).ok).toBe(true);
  });

  it("asks for eggs on egg batches and weight on chicken batches, not the other way round", () => {
    const e = parseFarmLogEntry({ ...eggDay, eggs_collected: "", avg_weight_kg: "2" }, egg);
    expect(!e.ok && e.errors).toEqual({ eggs_collected: "Enter eggs collected.", avg_weight_kg: "Average weight is recorded for chicken batches only." });
    const c = parseFarmLogEntry({ ...chickenDay, avg_weight_kg: "", eggs_collected: 4 }, chicken);
    expect(!c.ok && c.errors).toEqual({ avg_weight_kg: "Enter the average weight in kg.", eggs_collected: "Eggs collected are recorded for egg batches only." });
    expect(!parseFarmLogEntry({ ...chickenDay, avg_weight_kg: 0 }, chicken).ok).toBe(true);
  });

  it("never lets the lay rate pass 100%", () => {
    const r = parseFarmLogEntry({ ...eggDay, eggs_collected: "951" }, egg);
    expect(!r.ok && r.errors.eggs_collected).toBe("Eggs collected cannot be more than birds alive (a hen lays at most one egg a day).");
  });

  it("an incident needs a description; without the flag the description is dropped", () => {
    const r = parseFarmLogEntry({ ...eggDay, incident: "on", incident_description: " " }, egg);
    expect(!r.ok && r.errors).toEqual({ incident_description: "Describe the incident." });
    const ok = parseFarmLogEntry({ ...eggDay, incident: "on", incident_description: "Heat stress at 2 pm; fans repaired." }, egg);
    expect(ok.ok && ok.entry).toMatchObject({ incident: true, incident_description: "Heat stress at 2 pm; fans repaired." });
    const off = parseFarmLogEntry({ ...eggDay, incident_description: "ignored" }, egg);
    expect(off.ok && off.entry.incident_description).toBe("");
  });

  it("isCalendarDate", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-1-01")).toBe(false);
  });
});

describe("photos", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
  const text = new TextEncoder().encode("<svg onload=alert(1)>");

  it("detects JPEG and PNG by their first bytes only", () => {
    expect(detectImageType(jpeg)).toBe("image/jpeg");
    expect(detectImageType(png)).toBe("image/png");
    expect(detectImageType(text)).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it("checks size, type and count", () => {
    expect(
      checkPhotos([
        { name: "a.jpg", size: 100, head: jpeg },
        { name: "b.png", size: 2 * 1024 * 1024, head: png },
      ]),
    ).toEqual({ ok: true, types: ["image/jpeg", "image/png"] });
    expect(checkPhotos([{ name: "big.jpg", size: 2 * 1024 * 1024 + 1, head: jpeg }])).toEqual({ ok: false, error: "big.jpg is larger than 2 MB." });
    expect(checkPhotos([{ name: "fake.jpg", size: 20, head: text }])).toEqual({ ok: false, error: "fake.jpg is not a JPEG or PNG image." });
    expect(checkPhotos(Array.from({ length: 6 }, () => ({ name: "x.jpg", size: 10, head: jpeg })))).toEqual({ ok: false, error: "Attach at most 5 photos." });
  });
});

describe("every problem at once", () => {
  it("reports the presence rules even when a field fails", () => {
    const r = parseFarmLogEntry({ log_date: "2999-01-01", birds_alive: "-1", feed_kg: "1", incident: "on" }, chicken);
    expect(!r.ok && r.errors).toEqual({
      log_date: "The log date cannot be in the future.",
      birds_alive: "Birds alive cannot be negative.",
      avg_weight_kg: "Enter the average weight in kg.",
      incident_description: "Describe the incident.",
    });
  });
});
