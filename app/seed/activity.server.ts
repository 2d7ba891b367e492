import crypto from "node:crypto";
import { addDays, addMonths, lastDayOfMonth, nextPeriod } from "~/domain/calendar";
import { firstIncomePeriod } from "~/domain/schedules";
import { atInstant, today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { hashPasswordSync } from "~/lib/password.server";
import { activateBatch } from "~/models/batch.server";
import { runPayout, simulatePayout } from "~/models/payout.server";
import { fundReserve, recordRemittance, sheetPrefill } from "~/models/remittance.server";
import { investInBatch } from "~/models/investment.server";
import { readUnitCount } from "~/domain/investing";
import { deposit } from "~/models/wallet.server";

/**
 * Demo activity on top of the base seed, made through the real money functions (deposit, invest,
 * activate, payout), so every demo balance is in the ledger and every invariant holds by
 * construction: the active demo batches have real investors, the demo investor has holdings, a
 * wallet and payout history. Only the dates are then set back to when these things would have
 * happened (the functions stamp "now"), so the story reads true.
 */

type BatchKey = "layersActive" | "broilersActive" | "layersOpen" | "broilersOpen" | "layersLate";
type Plan = { email: string; fullName: string; depositGhs: number; tier?: "REGISTERED" | "VERIFIED" | "ENHANCED"; buys: Array<{ batch: BatchKey; units: number; autoReinvest?: boolean }> };

// Every investor in the Sunrise layers also holds the Techiman layers (layersLate), so each month's
// run of either pays the same six holders.
const OTHER_INVESTORS: Plan[] = [
  {
    email: "kwame.boateng@demo.akoko.test",
    fullName: "Kwame Boateng",
    depositGhs: 90_000,
    tier: "ENHANCED",
    buys: [
      { batch: "layersActive", units: 400 },
      { batch: "broilersActive", units: 300 },
      { batch: "layersLate", units: 100 },
    ],
  },
  {
    email: "efua.mensah@demo.akoko.test",
    fullName: "Efua Mensah",
    depositGhs: 70_000,
    tier: "ENHANCED",
    buys: [
      { batch: "layersActive", units: 250 },
      { batch: "broilersActive", units: 500, autoReinvest: true },
      { batch: "layersLate", units: 60 },
    ],
  },
  {
    email: "yaw.darko@demo.akoko.test",
    fullName: "Yaw Darko",
    depositGhs: 110_000,
    tier: "ENHANCED",
    buys: [
      { batch: "layersActive", units: 600 },
      { batch: "layersOpen", units: 120 },
      { batch: "layersLate", units: 50 },
    ],
  },
  {
    email: "akosua.asante@demo.akoko.test",
    fullName: "Akosua Asante",
    depositGhs: 40_000,
    tier: "VERIFIED",
    buys: [
      { batch: "layersActive", units: 150 },
      { batch: "broilersActive", units: 200 },
      { batch: "broilersOpen", units: 90 },
      { batch: "layersLate", units: 30 },
    ],
  },
  {
    email: "kojo.owusu@demo.akoko.test",
    fullName: "Kojo Owusu",
    depositGhs: 55_000,
    tier: "REGISTERED",
    buys: [
      { batch: "layersActive", units: 300 },
      { batch: "broilersOpen", units: 150 },
      { batch: "layersLate", units: 30 },
    ],
  },
];

const DEMO_INVESTOR_BUYS: Plan["buys"] = [
  { batch: "layersActive", units: 20 },
  { batch: "broilersActive", units: 40, autoReinvest: true },
  { batch: "layersOpen", units: 5 },
  { batch: "layersLate", units: 10 },
];

/** The months a demo layer batch has paid: from its first month in lay up to, not including, `until`. */
function paidMonths(startDate: string, until: string): string[] {
  const months: string[] = [];
  for (let period = firstIncomePeriod(startDate); period < until; period = nextPeriod(period)) months.push(period);
  return months;
}

/** Typical Ghanaian figures: a crate has sold for GHS 55-80; trays, transport and labour about GHS 4 a crate; the vet's monthly visit. */
const PRICE_PER_CRATE_MINOR = 6_500;
const OTHER_COSTS_PER_CRATE_MINOR = 400;
const VET_COST_MINOR = 150_000;

/**
 * A month of demo layers as the farm settles it: the crates and the feed bill are what the month's
 * daily logs say (sheetPrefill, the admin form's own prefill), the crates sold at GHS 65; the farm
 * remits what the month's run pays and keeps the rest as its share. `short`: the farm came up short
 * and the platform's reserve (funded from outside for the demo) made up the difference, so the story
 * shows both. A month after the logs end (a seed run long after them) has the net only, no sheet.
 */
function remitAndPay(batchId: number, period: string, adminId: number, { short }: { short: boolean }) {
  const dueMinor = simulatePayout(batchId, { period }).totalMinor;
  const shortMinor = short ? Math.min(dueMinor - 1, Math.round(dueMinor / 5)) : 0;
  const amountMinor = dueMinor - shortMinor;
  const logged = sheetPrefill(batchId, period);
  const sheet = {
    cratesSold: null,
    pricePerCrateMinor: null,
    birdsSold: null,
    liveWeightKg: null,
    pricePerKgMinor: null,
    revenueMinor: null,
    feedCostMinor: null,
    vetCostMinor: null,
    otherCostsMinor: null,
    farmShareMinor: null,
  };
  if (logged.cratesSold != null && logged.feedCostMinor != null) {
    const crates = logged.cratesSold;
    const revenueMinor = crates * PRICE_PER_CRATE_MINOR;
    const otherCostsMinor = crates * OTHER_COSTS_PER_CRATE_MINOR;
    const farmShareMinor = revenueMinor - logged.feedCostMinor - VET_COST_MINOR - otherCostsMinor - amountMinor;
    Object.assign(sheet, {
      cratesSold: crates,
      pricePerCrateMinor: PRICE_PER_CRATE_MINOR,
      revenueMinor,
      feedCostMinor: logged.feedCostMinor,
      vetCostMinor: VET_COST_MINOR,
      otherCostsMinor,
      farmShareMinor: Math.max(0, farmShareMinor),
    });
  }
  recordRemittance(batchId, { period, amountMinor, ...sheet }, { adminId });
  if (shortMinor > 0) fundReserve({ amountMinor: shortMinor * 4, source: "EXTERNAL", adminId });
  runPayout(batchId, { adminId, period, reserveDrawMinor: shortMinor });
}

export function seedDemoActivity({ demoInvestorId, adminId, batchIds }: { demoInvestorId: number; adminId: number; batchIds: Record<BatchKey, number> }) {
  const db = getDb().$client;
  // They span issue 17's tiers (the demo investor is Verified). Their large one-off history deposits
  // predate the limits: written straight to the ledger (wallet.server.ts deposit), never through
  // startDeposit. A balance above a tier's cap only blocks new deposits.
  const insertUser = db.prepare("insert into users (email, full_name, password_hash, kyc_tier) values (?, ?, ?, ?) returning id");
  // The other demo investors never sign in: a random password nobody knows.
  const people = OTHER_INVESTORS.map((plan) => ({
    ...plan,
    id: (insertUser.get(plan.email, plan.fullName, hashPasswordSync(crypto.randomBytes(24).toString("hex")), plan.tier ?? "REGISTERED") as { id: number }).id,
  }));
  people.unshift({ email: "", fullName: "", depositGhs: 7_000, buys: DEMO_INVESTOR_BUYS, id: demoInvestorId });

  const layersStart = (db.prepare("select start_date from batches where id = ?").get(batchIds.layersActive) as { start_date: string }).start_date;
  const broilersStart = (db.prepare("select start_date from batches where id = ?").get(batchIds.broilersActive) as { start_date: string }).start_date;
  const lateStart = (db.prepare("select start_date from batches where id = ?").get(batchIds.layersLate) as { start_date: string }).start_date;
  const thisMonth = today().slice(0, 7);
  const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
  const before = (date: string, days: number) => `${addDays(date, -days)}T09:30:00.000Z`;
  const buy = (batch: keyof typeof batchIds) => () => {
    for (const person of people)
      for (const b of person.buys.filter((x) => x.batch === batch))
        investInBatch({ userId: person.id, batchId: batchIds[batch], units: readUnitCount(b.units), autoReinvest: b.autoReinvest ?? false });
  };

  // The story in the order it happened, each step stamped with its own date by the clock (the ledger
  // is append-only, so nothing is re-dated afterwards): deposits and buys the week before each batch
  // started, activation on the start date, each month's income on its last day (when the farm has sold the
  // month's eggs) from the third month (in lay), and the open batches' buys today. A month's income goes to its holders at the month's end.
  // The Sunrise layers are paid up to last month, its last month topped up from the reserve; the
  // Techiman layers' farm has not remitted last month, so that payout is overdue.
  const events: Array<{ at: string; run: () => unknown }> = [
    { at: before(layersStart, 9), run: () => people.forEach((person) => deposit({ userId: person.id, amountMinor: Math.round(person.depositGhs * 100) })) },
    { at: before(layersStart, 5), run: buy("layersActive") },
    { at: `${layersStart}T08:00:00.000Z`, run: () => activateBatch(batchIds.layersActive, { adminId }) },
    { at: before(broilersStart, 5), run: buy("broilersActive") },
    { at: `${broilersStart}T08:00:00.000Z`, run: () => activateBatch(batchIds.broilersActive, { adminId }) },
    { at: before(lateStart, 5), run: buy("layersLate") },
    { at: `${lateStart}T08:00:00.000Z`, run: () => activateBatch(batchIds.layersLate, { adminId }) },
    ...paidMonths(layersStart, thisMonth).map((period, i, all) => ({
      at: `${lastDayOfMonth(period)}T15:00:00.000Z`,
      run: () => remitAndPay(batchIds.layersActive, period, adminId, { short: i === all.length - 1 }),
    })),
    ...paidMonths(lateStart, lastMonth).map((period) => ({ at: `${lastDayOfMonth(period)}T16:00:00.000Z`, run: () => remitAndPay(batchIds.layersLate, period, adminId, { short: false }) })),
  ];
  for (const event of events.sort((a, b) => a.at.localeCompare(b.at))) atInstant(event.at, event.run);
  buy("layersOpen")();
  buy("broilersOpen")();
}
