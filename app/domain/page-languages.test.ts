import { describe, expect, it } from "vitest";
import { editsMissed } from "~/domain/page-languages";

describe("editsMissed", () => {
  it("marks a stored page saved before another language's edit, not the newer one", () => {
    const missed = editsMissed([
      { locale: "en", savedAt: "2026-11-02T10:00:00.000Z", ownWords: true },
      { locale: "ak", savedAt: "2026-11-01T10:00:00.000Z", ownWords: true },
    ]);
    expect(Object.fromEntries(missed)).toEqual({ en: null, ak: "en" });
  });

  it("marks a page never written once another language holds an admin's own words, not while it holds the first stored page", () => {
    expect(
      Object.fromEntries(
        editsMissed([
          { locale: "en", savedAt: "2026-11-01T10:00:00.000Z", ownWords: false },
          { locale: "ak", savedAt: null, ownWords: false },
        ]),
      ),
    ).toEqual({ en: null, ak: null });
    expect(
      Object.fromEntries(
        editsMissed([
          { locale: "en", savedAt: "2026-11-01T10:00:00.000Z", ownWords: true },
          { locale: "ak", savedAt: null, ownWords: false },
        ]),
      ),
    ).toEqual({ en: null, ak: "en" });
  });

  it("marks nothing when both were saved at the same instant", () => {
    const at = "2026-11-01T10:00:00.000Z";
    expect(
      Object.fromEntries(
        editsMissed([
          { locale: "en", savedAt: at, ownWords: true },
          { locale: "ak", savedAt: at, ownWords: true },
        ]),
      ),
    ).toEqual({ en: null, ak: null });
  });
});
