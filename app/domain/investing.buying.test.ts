import { describe, expect, it } from "vitest";
import { buyingState } from "~/domain/investing";

describe("buyingState: what an investor can do with a batch now", () => {
  it("open with units left; sold out when an OPEN batch has none; closed once it takes no money", () => {
    expect(buyingState({ productType: "EGG", status: "OPEN", availableUnits: 5 })).toBe("open");
    expect(buyingState({ productType: "CHICKEN", status: "OPEN", availableUnits: 0 })).toBe("sold-out");
    // An ACTIVE egg batch sells units offered for early exit, and none otherwise.
    expect(buyingState({ productType: "EGG", status: "ACTIVE", availableUnits: 3 })).toBe("open");
    expect(buyingState({ productType: "EGG", status: "ACTIVE", availableUnits: 0 })).toBe("closed");
    expect(buyingState({ productType: "CHICKEN", status: "ACTIVE", availableUnits: 0 })).toBe("closed");
    expect(buyingState({ productType: "EGG", status: "CLOSED", availableUnits: 0 })).toBe("closed");
    expect(buyingState({ productType: "CHICKEN", status: "HARVESTED", availableUnits: 0 })).toBe("closed");
  });
});
