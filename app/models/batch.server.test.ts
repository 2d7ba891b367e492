import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { getOverviewStats } from "~/models/batch.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// This file's own SQLite file, migrated like the server's; nothing in the app is mocked.
useUnitDatabase("overview");

const sql = () => getDb().$client;
const one = <Row>(text: string, ...params: unknown[]) =>
  sql()
    .prepare(text)
    .get(...params) as Row;

/** What the totals are by definition: every row read again. */
function recounted() {
  return {
    investors: one<{ n: number }>("select count(distinct user_id) n from investments").n,
    total_invested: one<{ t: number }>("select coalesce(sum(amount_minor), 0) t from investments where bought_from_exit_id is null").t / 100,
    total_paid_out: one<{ t: number }>("select coalesce(sum(amount_minor), 0) t from payouts where kind != 'EXIT'").t / 100,
  };
}

const totalsOf = () => {
  const { investors, total_invested, total_paid_out } = getOverviewStats();
  return { investors, total_invested, total_paid_out };
};

function newUser(email: string): number {
  return one<{ id: number }>("insert into users (email, full_name, password_hash) values (?, 'Overview Test', 'x') returning id", email).id;
}

let batchId: number;
function invest(userId: number, amountMinor: number, boughtFromExitId: number | null = null): number {
  return one<{ id: number }>(
    "insert into investments (user_id, batch_id, units, units_held, amount_minor, unit_price_minor, bought_from_exit_id) values (?, ?, 1, 1, ?, ?, ?) returning id",
    userId,
    batchId,
    amountMinor,
    amountMinor,
    boughtFromExitId,
  ).id;
}

function payout(investmentId: number, userId: number, kind: "MONTHLY" | "EXIT", amountMinor: number) {
  const entryId = one<{ id: number }>("insert into journal_entries (kind, user_id, batch_id) values ('PAYOUT', ?, ?) returning id", userId, batchId).id;
  sql().prepare("insert into payouts (investment_id, user_id, batch_id, entry_id, kind, amount_minor) values (?, ?, ?, ?, ?, ?)").run(investmentId, userId, batchId, entryId, kind, amountMinor);
}

describe("getOverviewStats: investors, money invested and paid out", () => {
  it("equal a recount of every row after each change, adding only the rows since the last read", () => {
    const farmId = one<{ id: number }>("insert into farms (name, location) values ('Overview Farm', 'Dodowa') returning id").id;
    batchId = one<{ id: number }>(
      "insert into batches (farm_id, product_type, unit_price_minor, target_units, expected_roi, status, feed_price_minor, mortality_rate) values (?, 'EGG', 1000, 1000, 0.01, 'OPEN', 600, 0.05) returning id",
      farmId,
    ).id;
    const before = totalsOf();
    expect(before).toEqual(recounted());

    const ama = newUser("ama@overview.test");
    const kofi = newUser("kofi@overview.test");
    const first = invest(ama, 10_000);
    expect(totalsOf()).toEqual({ investors: before.investors + 1, total_invested: before.total_invested + 100, total_paid_out: before.total_paid_out });

    // Ama again: no new investor. Kofi buys from an exit: a new investor, but not new money.
    invest(ama, 5_000);
    const bought = invest(kofi, 2_500, 1);
    expect(totalsOf()).toEqual({ investors: before.investors + 2, total_invested: before.total_invested + 150, total_paid_out: before.total_paid_out });
    expect(totalsOf()).toEqual(recounted());

    // A month's income counts as paid out; an exit sale (one investor paying another) does not.
    payout(first, ama, "MONTHLY", 120);
    payout(bought, kofi, "EXIT", 2_400);
    expect(totalsOf()).toEqual({ investors: before.investors + 2, total_invested: before.total_invested + 150, total_paid_out: before.total_paid_out + 1.2 });
    expect(totalsOf()).toEqual(recounted());
  });

  it("keeps nothing read inside a transaction that rolls back", () => {
    const yaw = newUser("yaw@overview.test");
    const settled = totalsOf();
    expect(() =>
      (sql() as unknown as import("better-sqlite3").Database).transaction(() => {
        invest(yaw, 99_900);
        expect(totalsOf()).toEqual({ ...settled, investors: settled.investors + 1, total_invested: settled.total_invested + 999 });
        throw new Error("rolled back");
      })(),
    ).toThrow("rolled back");
    // The next committed row takes the rolled-back row's id: it is counted, with nothing of the other.
    invest(yaw, 1_000);
    expect(totalsOf()).toEqual({ ...settled, investors: settled.investors + 1, total_invested: settled.total_invested + 10 });
    expect(totalsOf()).toEqual(recounted());
  });
});
