import { describe, expect, it } from "vitest";
import { unitsText } from "~/pages/units";

describe("unitsText", () => {
  it("says 1 unit, and units for every other count, with thousands separators", () => {
    expect(unitsText(1)).toBe("1 unit");
    expect(unitsText(0)).toBe("0 units");
    expect(unitsText(2)).toBe("2 units");
    expect(unitsText(1500)).toBe("1,500 units");
  });
});
