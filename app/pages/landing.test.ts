import { describe, expect, it } from "vitest";
import { translatorFor } from "~/catalog/index.server";
import { formatRoiPercent, formatUnitPrice, landingChartPoints, liveBatchCards, productFigures, productSummary, SAMPLE_PRODUCTS, showSampleProducts, toCard, type LandingBatch } from "~/pages/landing";

const t = translatorFor("en");

const batch = (over: Partial<LandingBatch>): LandingBatch => ({
  id: 1,
  farmName: "Sunrise Layers Farm",
  location: "Dormaa Ahenkro, Bono",
  productType: "EGG",
  unitPriceMinor: 15000,
  targetUnits: 5000,
  unitsPlaced: 1000,
  expectedRoi: 0.01,
  status: "OPEN",
  ...over,
});

describe("landing batch cards", () => {
  it("shows unit price in the one money format, 2 decimals (dash when missing), and ROI percent to 1 decimal", () => {
    expect(formatUnitPrice(15000)).toBe("GH₵150.00");
    expect(formatUnitPrice(4050)).toBe("GH₵40.50");
    expect(formatUnitPrice(null)).toBe("—");
    expect(formatUnitPrice(0)).toBe("—");
    expect(formatRoiPercent(0.01)).toBe("1.0%");
    expect(formatRoiPercent(0.009)).toBe("0.9%");
    expect(formatRoiPercent(0.175)).toBe("17.5%");
    expect(formatRoiPercent(null)).toBe("—");
  });

  it("links EGG batches to /invest/eggs and all others to /invest/chicken", () => {
    expect(toCard(batch({ productType: "EGG" }), t).href).toBe("/invest/eggs");
    expect(toCard(batch({ productType: "CHICKEN" }), t).href).toBe("/invest/chicken");
    expect(toCard(batch({}), t, { sample: true }).href).toBeNull();
  });

  it("lists at most 6 live batches, the ones on sale first, leaving out harvested and closed ones", () => {
    const batches = [
      batch({ id: 1, status: "ACTIVE" }),
      batch({ id: 2, status: "HARVESTED", productType: "CHICKEN" }),
      ...[3, 4, 5, 6, 7, 8].map((id) => batch({ id, status: "OPEN" })),
      batch({ id: 9, status: "CLOSED" }),
    ];
    const cards = liveBatchCards(batches, t);
    expect(cards.map((c) => c.id)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(liveBatchCards([batch({ id: 1, status: "ACTIVE" }), batch({ id: 2, status: "OPEN" })], t).map((c) => c.id)).toEqual([2, 1]);
    expect(cards[0]).toMatchObject({ unitPrice: "GH₵150.00", roi: "1.0% monthly", availableUnits: 4000, productLabel: "Egg Note" });
    // A full OPEN batch goes below an ACTIVE egg batch whose holders offer units.
    const full = batch({ id: 1, status: "OPEN", unitsPlaced: 5000, availableUnits: 0 });
    const offered = batch({ id: 2, status: "ACTIVE", unitsPlaced: 5000, availableUnits: 30 });
    expect(liveBatchCards([full, offered], t).map((c) => [c.id, c.availableUnits])).toEqual([
      [2, 30],
      [1, 0],
    ]);
  });
});

describe("landing chart", () => {
  // Issue 29 point 5: each batch's expected ROI per year, so monthly egg and per-cycle chicken returns compare.
  it("uses up to 8 batches labelled by id, valued at expected ROI per year as a rounded percent", () => {
    const batches = Array.from({ length: 10 }, (_, i) => batch({ id: i + 1, productType: "CHICKEN", expectedRoi: 0.125 + i / 100 }));
    const { points, sample } = landingChartPoints(batches);
    expect(sample).toBe(false);
    expect(points).toHaveLength(8);
    // 12.5% a cycle, a cycle every 56 days: 81.5% a year.
    expect(points[0]).toEqual({ x: "#1", y: 81 });
    expect(points[7]).toEqual({ x: "#8", y: 127 });
    // Eggs: 1% a month is 12% a year.
    expect(landingChartPoints([batch({ id: 3, productType: "EGG", expectedRoi: 0.01 })]).points).toEqual([{ x: "#3", y: 12 }]);
  });

  it("uses 10 plus the position index when a batch has no expected ROI", () => {
    const { points } = landingChartPoints([batch({ id: 5, expectedRoi: 0.02 }), batch({ id: 6, expectedRoi: null }), batch({ id: 7, expectedRoi: Number.NaN })]);
    expect(points.map((p) => p.y)).toEqual([24, 11, 12]);
  });

  it("falls back to the sample series 8,12,9,14,11,13,15,12 with no batches or a failed load", () => {
    for (const input of [[], null]) {
      const { points, sample } = landingChartPoints(input);
      expect(sample).toBe(true);
      expect(points.map((p) => p.y)).toEqual([8, 12, 9, 14, 11, 13, 15, 12]);
    }
  });
});

describe("sample products", () => {
  it("are the four samples, shown only when there are no batches or loading failed", () => {
    expect(SAMPLE_PRODUCTS.map((s) => [s.productType, (s.unitPriceMinor ?? 0) / 100, s.targetUnits, s.unitsPlaced, s.expectedRoi])).toEqual([
      ["CHICKEN", 40, 2000, 420, 0.18],
      ["CHICKEN", 36, 1500, 1100, 0.14],
      ["EGG", 120, 5000, 1750, 0.01],
      ["EGG", 100, 3000, 2900, 0.009],
    ]);
    for (const s of SAMPLE_PRODUCTS) expect(["OPEN", "ACTIVE"]).toContain(s.status);
    expect(showSampleProducts(null)).toBe(true);
    expect(showSampleProducts([])).toBe(true);
    expect(showSampleProducts([batch({ status: "HARVESTED" })])).toBe(false);
  });
});

describe("product cards", () => {
  it("quote 'From' the lowest unit price on sale, the ROI range of those batches, and the cheapest one's history", () => {
    const s = productSummary(
      "CHICKEN",
      [
        batch({ id: 1, productType: "CHICKEN", status: "ACTIVE", unitPriceMinor: 3000, expectedRoi: 0.2 }),
        batch({
          id: 2,
          productType: "CHICKEN",
          status: "OPEN",
          unitPriceMinor: 4000,
          expectedRoi: 0.09,
          history: [
            { label: "Cycle 1", roiPercent: 8.2 },
            { label: "Cycle 2", roiPercent: 9.6 },
          ],
        }),
        batch({ id: 3, productType: "CHICKEN", status: "OPEN", unitPriceMinor: 5000, expectedRoi: 0.12 }),
        batch({ id: 4, productType: "CHICKEN", status: "OPEN", unitPriceMinor: 1000, expectedRoi: 0.3, unitsPlaced: 5000 }),
        batch({ id: 5, productType: "CHICKEN", status: "HARVESTED", unitPriceMinor: 500, expectedRoi: 0.4 }),
      ],
      t,
    );
    // 1 is ACTIVE (chicken sells nothing then), 4 is full, 5 has ended: none of them is "From".
    expect(s).toMatchObject({ href: "/invest/chicken", unitPrice: "GH₵40.00", roi: "9.0%–12.0% per cycle", illustrative: false });
    expect(s.history).toEqual([
      { x: "Cycle 1", y: 8.2 },
      { x: "Cycle 2", y: 9.6 },
    ]);
    expect(productFigures("CHICKEN", [batch({ id: 2, productType: "CHICKEN", unitPriceMinor: 4000, expectedRoi: 0.09 })])).toEqual({ unitPrice: 40, roi: 0.09 });
  });

  it("with nothing on sale, quote the live batches, then any batch of the type", () => {
    const full = batch({ id: 7, status: "OPEN", unitPriceMinor: 9000, unitsPlaced: 5000, expectedRoi: 0.02 });
    const closed = batch({ id: 8, status: "CLOSED", unitPriceMinor: 8000, expectedRoi: 0.015 });
    expect(productSummary("EGG", [full, closed], t)).toMatchObject({ unitPrice: "GH₵90.00", roi: "2.0% monthly" });
    expect(productSummary("EGG", [closed], t)).toMatchObject({ unitPrice: "GH₵80.00", roi: "1.5% monthly" });
  });

  it("fall back to GHS 150 / 3% monthly for eggs and GHS 50 / 18% per cycle for chicken", () => {
    expect(productSummary("EGG", [], t)).toMatchObject({ href: "/invest/eggs", unitPrice: "GH₵150.00", roi: "3.0% monthly", illustrative: true });
    expect(productSummary("CHICKEN", null, t)).toMatchObject({ unitPrice: "GH₵50.00", roi: "18.0% per cycle", illustrative: true });
    expect(productFigures("EGG", null)).toEqual({ unitPrice: 150, roi: 0.03 });
    expect(productFigures("CHICKEN", [])).toEqual({ unitPrice: 50, roi: 0.18 });
  });
});
