import { describe, expect, it } from "vitest";
import { DomainError, englishOf } from "~/domain/errors";
import { readUnitCount, readUnitsShown, checkEarlyExit, checkInvestment, exitFillProceeds, exitProceeds, unitsToBuy, unitsOf } from "~/domain/investing";
import { checkPayoutPeriod, periodInput, planPayouts, recordDateOf, withholdPerInvestor } from "~/domain/payouts";
import { checkWithdrawalCeiling, parseMoneyAmount, parseWithdrawalAmount } from "~/domain/wallet";
import { oneMonthAfter } from "~/domain/calendar";
import { chickenRecommendedScore, chickenRiskScore, eggRiskScore, riskBand } from "~/domain/returns";

/** Runs `fn` and returns the DomainError it throws (fails when it throws nothing). */
function refusal(fn: () => unknown): { status: number; detail: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, detail: error.detail };
    throw error;
  }
  throw new Error("expected a DomainError");
}

const egg = { productType: "EGG" as const, status: "OPEN" as const, availableUnits: 50, unitPriceMinor: 15000 };
const chicken = { ...egg, productType: "CHICKEN" as const, unitPriceMinor: 5000 };

describe("checkInvestment: the investing messages per batch type (docs/rules.md#messages)", () => {
  it("returns whole units and their cost", () => {
    expect(checkInvestment({ batch: egg, units: readUnitCount("4"), acceptedTerms: true, walletMinor: 60000 })).toEqual({ units: 4, costMinor: 60000 });
  });

  it.each([
    [egg, 0, "Enter a positive units amount."],
    [egg, -1, "Enter a positive units amount."],
    [egg, "", "Enter a positive units amount."],
    [egg, 51, "Not enough units available."],
    [chicken, 0, "Enter a positive number of units."],
    [chicken, 51, "Cannot invest more than available units."],
    [egg, 2.5, "Units must be a whole number."],
  ])("%o units %j -> %s", (batch, units, detail) => {
    expect(refusal(() => checkInvestment({ batch, units: readUnitCount(units), acceptedTerms: true, walletMinor: 1e9 })).detail).toBe(detail);
  });

  it("asks for the terms with the type's own words, before looking at the wallet", () => {
    expect(refusal(() => checkInvestment({ batch: egg, units: readUnitCount(1), acceptedTerms: false, walletMinor: 0 })).detail).toBe("Please accept terms & risk disclosure.");
    expect(refusal(() => checkInvestment({ batch: chicken, units: readUnitCount(1), acceptedTerms: false, walletMinor: 0 })).detail).toBe("You must acknowledge the investment terms.");
  });

  it("refuses a cost above the wallet, by one pesewa", () => {
    expect(checkInvestment({ batch: chicken, units: readUnitCount(2), walletMinor: 10000 }).costMinor).toBe(10000);
    expect(refusal(() => checkInvestment({ batch: chicken, units: readUnitCount(2), walletMinor: 9999 }))).toEqual({ status: 409, detail: "Insufficient wallet balance — deposit or reduce units." });
  });

  it("takes money only from OPEN batches, and ACTIVE egg batches with units on offer", () => {
    expect(refusal(() => checkInvestment({ batch: { ...chicken, status: "ACTIVE" }, units: readUnitCount(1), walletMinor: 1e9 })).detail).toBe("This batch is no longer open for investment.");
    expect(refusal(() => checkInvestment({ batch: { ...egg, status: "ACTIVE", availableUnits: 0 }, units: readUnitCount(1), walletMinor: 1e9 })).detail).toBe(
      "This batch is no longer open for investment.",
    );
    expect(checkInvestment({ batch: { ...egg, status: "ACTIVE", availableUnits: 3 }, units: readUnitCount(3), walletMinor: 1e9 }).units).toBe(3);
    // The only units on offer are the buyer's own: the batch is open to others, there are just none for them.
    expect(refusal(() => checkInvestment({ batch: { ...egg, status: "ACTIVE", availableUnits: 3 }, ownOfferedUnits: 3, units: readUnitCount(1), walletMinor: 1e9 })).detail).toBe(
      "Not enough units available.",
    );
    for (const status of ["CLOSED", "HARVESTED"] as const) {
      expect(refusal(() => checkInvestment({ batch: { ...egg, status }, units: readUnitCount(1), walletMinor: 1e9 })).status).toBe(409);
    }
  });

  it("parses units typed as text", () => {
    expect(unitsToBuy(readUnitCount(" 12 "), "EGG")).toBe(12);
    expect(refusal(() => unitsToBuy(readUnitCount("abc"), "CHICKEN")).detail).toBe("Enter a positive number of units.");
    expect(refusal(() => unitsToBuy(readUnitCount(1e15), "EGG")).detail).toBe("Not enough units available.");
  });
});

describe("early exit", () => {
  const active = { productType: "EGG" as const, status: "ACTIVE" as const, startDate: "2026-01-31" };
  const base = { batch: active, today: "2026-03-01", unitsHeld: 10, unitsAlreadyOffered: 0 };

  it("opens one calendar month after the start (clamped to the month's end)", () => {
    expect(oneMonthAfter("2026-01-31")).toBe("2026-02-28");
    expect(oneMonthAfter("2026-05-01")).toBe("2026-06-01");
    expect(oneMonthAfter("2026-12-15")).toBe("2027-01-15");
  });

  it("accepts units held and not yet offered", () => {
    expect(checkEarlyExit({ ...base, units: readUnitCount("4") })).toBe(4);
  });

  it.each([
    [{ units: 0 }, "Enter units"],
    [{ units: "" }, "Enter units"],
    [{ units: -2 }, "Enter units"],
    [{ units: 1.5 }, "Units must be a whole number."],
    [{ units: "0x5" }, "Enter units"],
    [{ units: "1e1" }, "Enter units"],
    [{ units: " 0b11" }, "Enter units"],
    [{ units: "Infinity" }, "Enter units"],
    [{ units: 1, batch: { ...active, productType: "CHICKEN" as const } }, "Chicken Notes are locked until harvest."],
    [{ units: 1, batch: { ...active, status: "OPEN" as const } }, "Early exit is only possible while the batch is active."],
    [{ units: 1, today: "2026-02-27" }, "Early exit opens one month after the batch starts, on 2026-02-28."],
    [{ units: 1, unitsHeld: 0 }, "You hold no units in this batch."],
    [{ units: 7, unitsAlreadyOffered: 4 }, "You can offer at most 6 units for early exit."],
  ])("%j -> %s", (change, detail) => {
    expect(refusal(() => checkEarlyExit({ ...base, ...change, units: readUnitCount(change.units) })).detail).toBe(detail);
  });

  it("splits a sale into the seller's proceeds and the platform fee, half up", () => {
    expect(exitProceeds(100000, 0.05)).toEqual({ feeMinor: 5000, netMinor: 95000 });
    expect(exitProceeds(250, 0.05)).toEqual({ feeMinor: 13, netMinor: 237 });
    expect(exitProceeds(15000, 0.03)).toEqual({ feeMinor: 450, netMinor: 14550 });
  });

  it("shares an offer's fee over its fills: however it is filled, they add up to exitProceeds of the whole offer", () => {
    // 3 units at GHS 33.33, 5%: GHS 5.00 fee on GHS 99.99, GHS 94.99 to the seller (3 x 1.67 would be 5.01).
    const fills = [0, 1, 2].map((sold) => exitFillProceeds({ unitsSoldBefore: sold, units: 1, unitPriceMinor: 3333, feeRate: 0.05 }));
    expect(fills).toEqual([
      { priceMinor: 3333, feeMinor: 167, netMinor: 3166 },
      { priceMinor: 3333, feeMinor: 166, netMinor: 3167 },
      { priceMinor: 3333, feeMinor: 167, netMinor: 3166 },
    ]);
    expect(fills.reduce((s, f) => s + f.netMinor, 0)).toBe(exitProceeds(9999, 0.05).netMinor);
    // Many single-unit fills, and fills of every other size, add up exactly, at every rate allowed.
    for (const feeRate of [0.03, 0.05, 0.0575, 0.07])
      for (const unitPriceMinor of [1, 33_33, 17_77, 150_00, 99_999])
        for (const sizes of [Array<number>(250).fill(1), [1, 2, 3, 5, 8, 13, 21, 34], [7, 1, 1, 40, 2]]) {
          let sold = 0;
          let feeMinor = 0;
          let netMinor = 0;
          for (const units of sizes) {
            const fill = exitFillProceeds({ unitsSoldBefore: sold, units, unitPriceMinor, feeRate });
            expect(fill.feeMinor).toBeGreaterThanOrEqual(0);
            expect(fill.feeMinor + fill.netMinor).toBe(units * unitPriceMinor);
            sold += units;
            feeMinor += fill.feeMinor;
            netMinor += fill.netMinor;
            // At every step the seller has paid exactly the fee of what was sold so far.
            expect(feeMinor).toBe(exitProceeds(sold * unitPriceMinor, feeRate).feeMinor);
          }
          expect({ feeMinor, netMinor }).toEqual(exitProceeds(sold * unitPriceMinor, feeRate));
        }
    // A fill of the whole offer is exitProceeds itself.
    expect(exitFillProceeds({ unitsSoldBefore: 0, units: 3, unitPriceMinor: 3333, feeRate: 0.05 })).toEqual({ priceMinor: 9999, ...exitProceeds(9999, 0.05) });
  });
});

describe("withholdPerInvestor", () => {
  it("taxes several holdings of one investor as one: 8 buys of 92 units earn and are taxed what one buy of 92 is", () => {
    const units = [4, 4, 4, 4, 8, 8, 12, 48];
    const many = units.map((n, i) => ({ investmentId: i + 1, userId: 7, unitsHeld: n, unitPriceMinor: 1000 }));
    const one = [{ investmentId: 99, userId: 7, unitsHeld: 92, unitPriceMinor: 1000 }];
    const taxOf = (holdings: typeof one) => withholdPerInvestor("HARVEST", planPayouts("HARVEST", holdings, 0.09), 0.08);
    // 920.00 at 9%: 82.80 earned, 8% of it 6.624, withheld 6.62 (rounding each holding's withheld 6.64).
    expect(taxOf(one).map((p) => p.taxMinor)).toEqual([662]);
    const split = taxOf(many);
    expect(split.reduce((s, p) => s + p.taxMinor, 0)).toBe(662);
    expect(split.map((p) => p.taxMinor)).toEqual([29, 29, 29, 29, 58, 57, 86, 345]);
    // Principal is never taxed; another investor's tax is their own.
    expect(withholdPerInvestor("PRINCIPAL", planPayouts("PRINCIPAL", one, 0.09), 0.08).map((p) => p.taxMinor)).toEqual([0]);
    const two = withholdPerInvestor("MONTHLY", [...planPayouts("MONTHLY", one, 0.01), { investmentId: 100, userId: 8, amountMinor: 333, principalMinor: 33300 }], 0.08);
    expect(two.map((p) => p.taxMinor)).toEqual([74, 27]);
  });
});

describe("planPayouts", () => {
  const holdings = [
    { investmentId: 1, userId: 1, unitsHeld: 10, unitPriceMinor: 15000 },
    { investmentId: 2, userId: 2, unitsHeld: 3, unitPriceMinor: 333 },
    { investmentId: 3, userId: 3, unitsHeld: 0, unitPriceMinor: 15000 },
  ];

  it("egg month: principal x monthly ROI, half up; nothing for an emptied holding", () => {
    expect(planPayouts("MONTHLY", holdings, 0.01).map((p) => p.amountMinor)).toEqual([1500, 10]);
  });

  it("chicken harvest: principal + principal x ROI", () => {
    expect(planPayouts("HARVEST", holdings, 0.12).map((p) => p.amountMinor)).toEqual([168000, 999 + 120]);
  });

  it("egg close: principal back", () => {
    expect(planPayouts("PRINCIPAL", holdings, 0.01).map((p) => p.amountMinor)).toEqual([150000, 999]);
  });

  // Review issue 12, item 8: rounding each holding paid a hundred 1-unit buys 100 pesewas and one 100-unit buy 51.
  const oneUnitBuys = Array.from({ length: 100 }, (_, i) => ({ investmentId: i + 1, userId: 7, unitsHeld: 1, unitPriceMinor: 101 }));
  const oneBigBuy = [{ investmentId: 1, userId: 7, unitsHeld: 100, unitPriceMinor: 101 }];
  const total = (payouts: Array<{ amountMinor: number }>) => payouts.reduce((s, p) => s + p.amountMinor, 0);

  it("rounds once per investor: many small holdings earn what one holding of the same principal earns", () => {
    expect(total(planPayouts("MONTHLY", oneBigBuy, 0.005))).toBe(51); // 10100 x 0.005 = 50.5 -> 51
    expect(total(planPayouts("MONTHLY", oneUnitBuys, 0.005))).toBe(51);
    expect(total(planPayouts("HARVEST", oneUnitBuys, 0.005))).toBe(10100 + 51);
    expect(total(planPayouts("HARVEST", oneBigBuy, 0.005))).toBe(10100 + 51);
  });

  it("splits an investor's amount back to their holdings by largest remainder, deterministically, one row per holding", () => {
    // Principals 100, 200, 300 (sum 600) at 0.5%: 3 pesewas; exact shares 0.5, 1, 1.5.
    const mixed = [
      { investmentId: 11, userId: 1, unitsHeld: 1, unitPriceMinor: 100 },
      { investmentId: 12, userId: 1, unitsHeld: 2, unitPriceMinor: 100 },
      { investmentId: 13, userId: 1, unitsHeld: 3, unitPriceMinor: 100 },
      { investmentId: 14, userId: 2, unitsHeld: 1, unitPriceMinor: 101 },
    ];
    const monthly = planPayouts("MONTHLY", mixed, 0.005);
    // Floors 0, 1, 1 leave 1 pesewa: remainders 0.5 and 0.5 tie, the older holding (lower id) takes it.
    expect(monthly).toEqual([
      { investmentId: 11, userId: 1, amountMinor: 1, principalMinor: 100 },
      { investmentId: 12, userId: 1, amountMinor: 1, principalMinor: 200 },
      { investmentId: 13, userId: 1, amountMinor: 1, principalMinor: 300 },
      { investmentId: 14, userId: 2, amountMinor: 1, principalMinor: 101 },
    ]);
    expect(planPayouts("MONTHLY", [...mixed].reverse(), 0.005)).toEqual(monthly);
    // Harvest: every holding gets its exact principal plus its part of the investor's return.
    expect(planPayouts("HARVEST", mixed, 0.005).map((p) => p.amountMinor)).toEqual([101, 201, 301, 102]);
    const split = planPayouts("MONTHLY", oneUnitBuys, 0.005);
    expect(split.every((p) => p.amountMinor === 1)).toBe(true);
    expect(split.map((p) => p.investmentId)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
  });

  it("a month's record date is its last instant, UTC", () => {
    expect(recordDateOf("2026-05")).toBe("2026-05-31T23:59:59.999Z");
    expect(recordDateOf("2028-02")).toBe("2028-02-29T23:59:59.999Z");
    expect(recordDateOf("2026-12")).toBe("2026-12-31T23:59:59.999Z");
  });

  it("accepts a period from the first month in lay up to now", () => {
    expect(checkPayoutPeriod({ period: "2026-07", startDate: "2026-05-20", currentPeriod: "2026-11" })).toBe("2026-07");
    expect(checkPayoutPeriod({ period: "2026-11", startDate: "2026-05-20", currentPeriod: "2026-11" })).toBe("2026-11");
    // The rearing months (start + 2) earn no income: a run for them is refused, naming the first month in lay.
    for (const period of ["2026-05", "2026-06"]) {
      const refused = refusal(() => checkPayoutPeriod({ period, startDate: "2026-05-20", currentPeriod: "2026-11" }));
      expect(refused.status).toBe(422);
      expect(refused.detail).toBe(`The hens come into lay in 2026-07; ${period} is a rearing month and earns no income to pay.`);
    }
    // A remittance may name a rearing month (the farm's money waits in the batch's settlement account).
    expect(checkPayoutPeriod({ period: "2026-05", startDate: "2026-05-20", currentPeriod: "2026-11", inLay: false })).toBe("2026-05");
    expect(refusal(() => checkPayoutPeriod({ period: "2026-04", startDate: "2026-05-20", currentPeriod: "2026-11" })).status).toBe(422);
    expect(refusal(() => checkPayoutPeriod({ period: "2026-12", startDate: "2026-05-20", currentPeriod: "2026-11" })).status).toBe(422);
    expect(refusal(() => checkPayoutPeriod({ period: "2026-13", startDate: null, currentPeriod: "2026-11" })).status).toBe(422);
  });
});

describe("risk scores and bands (docs/rules.md#product-constants)", () => {
  it("egg: 0.5 x mortality % + 0.3 x (100 - annualised ROI %) + 0.2 x unplaced share %", () => {
    // 0.5 x 4 + 0.3 x (100 - 12) + 0.2 x 50 = 2 + 26.4 + 10 = 38.4
    expect(eggRiskScore({ mortalityRate: 0.04, monthlyRoi: 0.01, targetUnits: 100, unitsPlaced: 50 })).toBe(38);
    expect(eggRiskScore({ mortalityRate: 0, monthlyRoi: 0.2, targetUnits: 100, unitsPlaced: 100 })).toBe(0);
    expect(eggRiskScore({ mortalityRate: 1, monthlyRoi: 0, targetUnits: 100, unitsPlaced: 0 })).toBe(100);
  });

  it("chicken: min(100, round(mortality % x 3 + (1 - ROI) x 50))", () => {
    // 4 x 3 + 0.9 x 50 = 57
    expect(chickenRiskScore({ mortalityRate: 0.04, roi: 0.1 })).toBe(57);
    expect(chickenRiskScore({ mortalityRate: 0.3, roi: 0.1 })).toBe(100);
  });

  it("bands: High above 60, Medium above 30, else Low", () => {
    expect([riskBand(61), riskBand(60), riskBand(31), riskBand(30), riskBand(0)]).toEqual(["High", "Medium", "Medium", "Low", "Low"]);
  });

  it("recommends chicken batches by ROI x (1 + available share)", () => {
    expect(chickenRecommendedScore({ roi: 0.1, targetUnits: 100, unitsPlaced: 50 })).toBeCloseTo(0.15, 10);
    expect(chickenRecommendedScore({ roi: 0.1, targetUnits: 100, unitsPlaced: 100 })).toBeCloseTo(0.1, 10);
  });

  it("parses money amounts with the wallet's messages", () => {
    expect(parseMoneyAmount("50.25")).toBe(5025);
    expect(refusal(() => parseMoneyAmount("10.005")).detail).toBe("Use at most 2 decimals for the amount.");
    expect(refusal(() => parseMoneyAmount("0")).detail).toBe("Enter an amount above zero.");
  });

  it("reads a withdrawal's amount at any size: its ceiling is checked after the balance", () => {
    expect(refusal(() => parseMoneyAmount("9999999"))).toEqual({ status: 422, detail: "The most you can move at once is GH₵1,000,000.00." });
    expect(parseWithdrawalAmount("9999999")).toBe(999_999_900);
    expect(refusal(() => parseWithdrawalAmount("10.005")).detail).toBe("Use at most 2 decimals for the amount.");
    // Past what pesewas can count exactly: more than any wallet holds, and more than the cap.
    expect(refusal(() => parseWithdrawalAmount("9999999999999999"))).toEqual({ status: 409, detail: "Insufficient balance" });
    expect(refusal(() => parseMoneyAmount("9999999999999999"))).toEqual({ status: 422, detail: "The most you can move at once is GH₵1,000,000.00." });
    expect(() => checkWithdrawalCeiling(100_000_000)).not.toThrow();
    expect(refusal(() => checkWithdrawalCeiling(100_000_001))).toEqual({ status: 422, detail: "The most you can move at once is GH₵1,000,000.00." });
  });
});

describe("periodInput", () => {
  it("reads absent or blank as this month, and refuses anything but text", () => {
    expect(periodInput(undefined)).toBeNull();
    expect(periodInput("")).toBeNull();
    expect(periodInput(" 2026-05 ")).toBe("2026-05");
    expect(refusal(() => periodInput(202611))).toEqual({ status: 422, detail: "Give the payout period as YYYY-MM." });
    expect(refusal(() => periodInput(["2026-05"]))).toEqual({ status: 422, detail: "Give the payout period as YYYY-MM." });
  });
});

describe("unitsOf", () => {
  it("says 1 unit, and units for every other count, with thousands separators", () => {
    expect(englishOf(unitsOf(1))).toBe("1 unit");
    expect(englishOf(unitsOf(0))).toBe("0 units");
    expect(englishOf(unitsOf(2))).toBe("2 units");
    expect(englishOf(unitsOf(1500))).toBe("1,500 units");
  });
});

describe("units the investor was shown the figures of", () => {
  const egg = { productType: "EGG" as const, status: "OPEN" as const, unitPriceMinor: 15000, availableUnits: 50 };
  const active = { productType: "EGG" as const, status: "ACTIVE" as const, startDate: "2026-01-01" };
  const exit = { batch: active, today: "2026-03-01", unitsHeld: 20, unitsAlreadyOffered: 0 };
  it("buys or offers the units shown, and refuses others after every other rule", () => {
    expect(checkInvestment({ batch: egg, units: readUnitCount("4"), acceptedTerms: true, walletMinor: 60000, unitsShown: 4 })).toEqual({ units: 4, costMinor: 60000 });
    expect(refusal(() => checkInvestment({ batch: egg, units: readUnitCount("3"), acceptedTerms: true, walletMinor: 60000, unitsShown: 10 })).detail).toBe(
      "The figures above are now for the 3 units you typed: read them, then press the button again.",
    );
    // Another rule's refusal comes first: its words say what to change.
    expect(refusal(() => checkInvestment({ batch: egg, units: readUnitCount("5"), acceptedTerms: true, walletMinor: 60000, unitsShown: 10 })).detail).toBe(
      "Insufficient wallet balance — deposit or reduce units.",
    );
    expect(refusal(() => checkInvestment({ batch: egg, units: readUnitCount("2"), acceptedTerms: false, walletMinor: 60000, unitsShown: 10 })).detail).toBe("Please accept terms & risk disclosure.");
    // No figures shown (the API): no such rule.
    expect(checkInvestment({ batch: egg, units: readUnitCount("3"), acceptedTerms: true, walletMinor: 60000 })).toEqual({ units: 3, costMinor: 45000 });
    expect(checkEarlyExit({ ...exit, units: readUnitCount("5"), unitsShown: 5 })).toBe(5);
    expect(checkEarlyExit({ ...exit, units: readUnitCount("5") })).toBe(5);
    expect(refusal(() => checkEarlyExit({ ...exit, units: readUnitCount("1"), unitsShown: 10 })).detail).toBe(
      "The figures above are now for the 1 unit you typed: read them, then press the button again.",
    );
    expect(refusal(() => checkEarlyExit({ ...exit, units: readUnitCount("21"), unitsShown: 10 })).detail).toBe("You can offer at most 20 units for early exit.");
  });

  it("reads a dialog's shown_units: none sent is not checked, an unreadable one is none", () => {
    expect(readUnitsShown("")).toBeUndefined();
    expect(readUnitsShown("3")).toBe(3);
    expect(readUnitsShown("abc")).toBe(0);
    expect(readUnitsShown("2.5")).toBe(0);
  });
});
