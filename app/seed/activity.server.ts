import crypto from "node:crypto";
import { addDays, addMonths } from "~/domain/calendar";
import { atInstant, today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { hashPasswordSync } from "~/lib/password.server";
import { activateBatch } from "~/models/batch.server";
import { runPayout, simulatePayout } from "~/models/payout.server";
import { fundReserve, recordRemittance } from "~/models/remittance.server";
import { investInBatch } from "~/models/investment.server";
import { deposit } from "~/models/wallet.server";

/**
 * Demo activity on top of the base seed, made through the real money functions (deposit, invest,
 * activate, payout), so every demo balance is in the ledger and every invariant holds by
 * construction: the active demo batches have real investors, the demo investor has holdings, a
 * wallet and payout history. Only the dates are then set back to when these things would have
 * happened (the functions stamp "now"), so the story reads true.
 */

type Plan = { email: string; fullName: string; depositGhs: number; tier?: "REGISTERED" | "VERIFIED" | "ENHANCED"; buys: Array<{ batch: "layersActive" | "broilersActive" | "layersOpen" | "broilersOpen"; units: number; autoReinvest?: boolean }> };

const OTHER_INVESTORS: Plan[] = [
  { email: "kwame.boateng@demo.akoko.test", fullName: "Kwame Boateng", depositGhs: 90_000, tier: "ENHANCED", buys: [{ batch: "layersActive", units: 400 }, { batch: "broilersActive", units: 300 }] },
  { email: "efua.mensah@demo.akoko.test", fullName: "Efua Mensah", depositGhs: 70_000, tier: "ENHANCED", buys: [{ batch: "layersActive", units: 250 }, { batch: "broilersActive", units: 500, autoReinvest: true }] },
  { email: "yaw.darko@demo.akoko.test", fullName: "Yaw Darko", depositGhs: 110_000, tier: "ENHANCED", buys: [{ batch: "layersActive", units: 600 }, { batch: "layersOpen", units: 120 }] },
  { email: "akosua.asante@demo.akoko.test", fullName: "Akosua Asante", depositGhs: 40_000, tier: "VERIFIED", buys: [{ batch: "layersActive", units: 150 }, { batch: "broilersActive", units: 200 }, { batch: "broilersOpen", units: 90 }] },
  { email: "kojo.owusu@demo.akoko.test", fullName: "Kojo Owusu", depositGhs: 55_000, tier: "REGISTERED", buys: [{ batch: "layersActive", units: 300 }, { batch: "broilersOpen", units: 150 }] },
];

const DEMO_INVESTOR_BUYS: Plan["buys"] = [
  { batch: "layersActive", units: 20 },
  { batch: "broilersActive", units: 40, autoReinvest: true },
  { batch: "layersOpen", units: 5 },
];

/** The months the demo layers have paid: from their third month (in lay) up to last month. */
function paidMonths(startDate: string, currentPeriod: string): string[] {
  const months: string[] = [];
  for (let i = 2; i < 24; i++) {
    const period = addMonths(`${startDate.slice(0, 7)}-01`, i).slice(0, 7);
    if (period >= currentPeriod) break;
    months.push(period);
  }
  return months;
}

/**
 * A month of the demo layers as the farm settles it: the eggs of ~5,700 hens at about 88% lay sold by
 * the crate (DOMAIN.md: GHS 55-80), feed at ~118 g a hen a day, the vet; the farm remits what the
 * month's run pays and keeps the rest. The last paid month the farm came up short and the platform's
 * reserve (funded from outside for the demo) made up the difference, so the story shows both.
 */
function remitAndPay(batchId: number, period: string, adminId: number, { short }: { short: boolean }) {
  const dueMinor = simulatePayout(batchId, { period }).totalMinor;
  const feedPriceMinor = (getDb().$client.prepare("select feed_price_minor f from batches where id = ?").get(batchId) as { f: number | null }).f ?? 600;
  const cratesSold = Math.floor((5_700 * 0.88 * 30) / 30);
  const pricePerCrateMinor = 6_500;
  const revenueMinor = cratesSold * pricePerCrateMinor;
  const feedCostMinor = Math.round(5_700 * 0.118 * 30 * feedPriceMinor);
  const vetCostMinor = 150_000;
  const shortMinor = short ? Math.min(dueMinor - 1, Math.round(dueMinor / 5)) : 0;
  const amountMinor = dueMinor - shortMinor;
  const farmShare = revenueMinor - feedCostMinor - vetCostMinor - amountMinor;
  recordRemittance(batchId, { period, amountMinor, cratesSold, pricePerCrateMinor, birdsSold: null, liveWeightKg: null, pricePerKgMinor: null, revenueMinor, feedCostMinor, vetCostMinor, otherCostsMinor: null, farmShareMinor: farmShare >= 0 ? farmShare : null }, { adminId });
  if (shortMinor > 0) fundReserve({ amountMinor: shortMinor * 4, source: "EXTERNAL", adminId });
  runPayout(batchId, { adminId, period, reserveDrawMinor: shortMinor });
}

export function seedDemoActivity({ demoInvestorId, adminId, batchIds }: { demoInvestorId: number; adminId: number; batchIds: Record<"layersActive" | "broilersActive" | "layersOpen" | "broilersOpen", number> }) {
  const db = getDb().$client;
  // They span issue 17's tiers (the demo investor is Verified). Their large one-off history deposits
  // predate the limits: written straight to the ledger (wallet.server.ts deposit), never through
  // startDeposit. A balance above a tier's cap only blocks new deposits.
  const insertUser = db.prepare("insert into users (email, full_name, password_hash, kyc_tier) values (?, ?, ?, ?) returning id");
  // The other demo investors never sign in: a random password nobody knows.
  const people = OTHER_INVESTORS.map((plan) => ({ ...plan, id: (insertUser.get(plan.email, plan.fullName, hashPasswordSync(crypto.randomBytes(24).toString("hex")), plan.tier ?? "REGISTERED") as { id: number }).id }));
  people.unshift({ email: "", fullName: "", depositGhs: 7_000, buys: DEMO_INVESTOR_BUYS, id: demoInvestorId });

  const layersStart = (db.prepare("select start_date from batches where id = ?").get(batchIds.layersActive) as { start_date: string }).start_date;
  const broilersStart = (db.prepare("select start_date from batches where id = ?").get(batchIds.broilersActive) as { start_date: string }).start_date;
  const before = (date: string, days: number) => `${addDays(date, -days)}T09:30:00.000Z`;
  const buy = (batch: keyof typeof batchIds) => () => {
    for (const person of people)
      for (const b of person.buys.filter((x) => x.batch === batch)) investInBatch({ userId: person.id, batchId: batchIds[batch], units: b.units, autoReinvest: b.autoReinvest ?? false });
  };

  // The story in the order it happened, each step stamped with its own date by the clock (the ledger
  // is append-only, so nothing is re-dated afterwards): deposits and buys the week before each batch
  // started, activation on the start date, each month's income on the 28th from the third month (in
  // lay), and the open batches' buys today. A month's income goes to its holders at the month's end.
  const events: Array<{ at: string; run: () => unknown }> = [
    { at: before(layersStart, 9), run: () => people.forEach((person) => deposit({ userId: person.id, amount: String(person.depositGhs) })) },
    { at: before(layersStart, 5), run: buy("layersActive") },
    { at: `${layersStart}T08:00:00.000Z`, run: () => activateBatch(batchIds.layersActive, { adminId }) },
    { at: before(broilersStart, 5), run: buy("broilersActive") },
    { at: `${broilersStart}T08:00:00.000Z`, run: () => activateBatch(batchIds.broilersActive, { adminId }) },
    ...paidMonths(layersStart, today().slice(0, 7)).map((period, i, all) => ({ at: `${period}-28T10:00:00.000Z`, run: () => remitAndPay(batchIds.layersActive, period, adminId, { short: i === all.length - 1 }) })),
  ];
  for (const event of events.sort((a, b) => a.at.localeCompare(b.at))) atInstant(event.at, event.run);
  buy("layersOpen")();
  buy("broilersOpen")();
}
