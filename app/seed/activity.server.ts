import crypto from "node:crypto";
import { today } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { hashPasswordSync } from "~/lib/password.server";
import { activateBatch } from "~/models/batch.server";
import { runPayout } from "~/models/payout.server";
import { investInBatch } from "~/models/investment.server";
import { deposit } from "~/models/wallet.server";

/**
 * Demo activity on top of the base seed, made through the real money functions (deposit, invest,
 * activate, payout), so every demo balance is in the ledger and every invariant holds by
 * construction: the active demo batches have real investors, the demo investor has holdings, a
 * wallet and payout history. Only the dates are then set back to when these things would have
 * happened (the functions stamp "now"), so the story reads true.
 */

type Plan = { email: string; fullName: string; depositGhs: number; buys: Array<{ batch: "layersActive" | "broilersActive" | "layersOpen" | "broilersOpen"; units: number; autoReinvest?: boolean }> };

const OTHER_INVESTORS: Plan[] = [
  { email: "kwame.boateng@demo.akoko.test", fullName: "Kwame Boateng", depositGhs: 90_000, buys: [{ batch: "layersActive", units: 400 }, { batch: "broilersActive", units: 300 }] },
  { email: "efua.mensah@demo.akoko.test", fullName: "Efua Mensah", depositGhs: 70_000, buys: [{ batch: "layersActive", units: 250 }, { batch: "broilersActive", units: 500, autoReinvest: true }] },
  { email: "yaw.darko@demo.akoko.test", fullName: "Yaw Darko", depositGhs: 110_000, buys: [{ batch: "layersActive", units: 600 }, { batch: "layersOpen", units: 120 }] },
  { email: "akosua.asante@demo.akoko.test", fullName: "Akosua Asante", depositGhs: 40_000, buys: [{ batch: "layersActive", units: 150 }, { batch: "broilersActive", units: 200 }, { batch: "broilersOpen", units: 90 }] },
  { email: "kojo.owusu@demo.akoko.test", fullName: "Kojo Owusu", depositGhs: 55_000, buys: [{ batch: "layersActive", units: 300 }, { batch: "broilersOpen", units: 150 }] },
];

const DEMO_INVESTOR_BUYS: Plan["buys"] = [
  { batch: "layersActive", units: 20 },
  { batch: "broilersActive", units: 40, autoReinvest: true },
  { batch: "layersOpen", units: 5 },
];

/** The months the demo layers have paid: from their third month (in lay) up to last month. */
function paidMonths(startDate: string, currentPeriod: string): string[] {
  const [y, m] = startDate.split("-").map(Number);
  const months: string[] = [];
  for (let i = 2; i < 24; i++) {
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    const period = d.toISOString().slice(0, 7);
    if (period >= currentPeriod) break;
    months.push(period);
  }
  return months;
}

export function seedDemoActivity({ demoInvestorId, adminId, batchIds }: { demoInvestorId: number; adminId: number; batchIds: Record<"layersActive" | "broilersActive" | "layersOpen" | "broilersOpen", number> }) {
  const db = getDb().$client;
  const insertUser = db.prepare("insert into users (email, full_name, password_hash) values (?, ?, ?) returning id");
  // The other demo investors never sign in: a random password nobody knows.
  const people = OTHER_INVESTORS.map((plan) => ({ ...plan, id: (insertUser.get(plan.email, plan.fullName, hashPasswordSync(crypto.randomBytes(24).toString("hex"))) as { id: number }).id }));
  people.unshift({ email: "", fullName: "", depositGhs: 7_000, buys: DEMO_INVESTOR_BUYS, id: demoInvestorId });

  for (const person of people) {
    deposit({ userId: person.id, amount: String(person.depositGhs) });
    for (const buy of person.buys) investInBatch({ userId: person.id, batchId: batchIds[buy.batch], units: buy.units, autoReinvest: buy.autoReinvest ?? false });
  }
  activateBatch(batchIds.layersActive, { adminId });
  activateBatch(batchIds.broilersActive, { adminId });
  const layersStart = (db.prepare("select start_date from batches where id = ?").get(batchIds.layersActive) as { start_date: string }).start_date;
  const broilersStart = (db.prepare("select start_date from batches where id = ?").get(batchIds.broilersActive) as { start_date: string }).start_date;
  // Dates: deposits and buys the week before each batch started, each month's income on the 28th.
  // The buys are dated before the months are paid: a month's income goes to its holders at the
  // month's end (payout.server.ts), so holdings stamped "now" would have earned nothing in the past.
  const before = (date: string, days: number) => new Date(Date.parse(`${date}T09:30:00Z`) - days * 86_400_000).toISOString();
  const set = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
  set("update journal_entries set created_at = ? where kind = 'DEPOSIT'", before(layersStart, 9));
  for (const [batchId, start] of [[batchIds.layersActive, layersStart], [batchIds.broilersActive, broilersStart]] as const) {
    set("update investments set created_at = ? where batch_id = ?", before(start, 5), batchId);
    set("update journal_entries set created_at = ? where batch_id = ? and kind = 'INVEST'", before(start, 5), batchId);
    set("update journal_entries set created_at = ? where batch_id = ? and kind = 'ACTIVATE'", `${start}T08:00:00.000Z`, batchId);
  }
  const months = paidMonths(layersStart, today().slice(0, 7));
  for (const period of months) runPayout(batchIds.layersActive, { adminId, period });
  for (const period of months) {
    const at = `${period}-28T10:00:00.000Z`;
    set("update payouts set created_at = ? where batch_id = ? and period = ?", at, batchIds.layersActive, period);
    set("update payout_runs set created_at = ? where batch_id = ? and period = ?", at, batchIds.layersActive, period);
    set("update journal_entries set created_at = ? where id in (select entry_id from payout_runs where batch_id = ? and period = ?)", at, batchIds.layersActive, period);
    set("update notifications set created_at = ? where kind = 'PAYOUT' and message like ?", at, `%Batch #${batchIds.layersActive} (income for ${period})%`);
  }
}
