import { describe, expect, it } from "vitest";
import { atInstant } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { deposit, walletStatement } from "~/models/wallet.server";
import { reserveWithdrawal } from "~/models/withdrawal.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// This file's own SQLite file, migrated like the server's; nothing in the app is mocked.
useUnitDatabase("wallet");

/** Verified (issue 17): a Registered account may not withdraw. */
function newUser(email: string): number {
  return (getDb().$client.prepare("insert into users (email, full_name, password_hash, kyc_tier) values (?, 'Statement Test', 'x', 'VERIFIED') returning id").get(email) as { id: number }).id;
}

describe("walletStatement", () => {
  it("reads in the order things happened (created_at, then id), with a running balance that follows that order", () => {
    const userId = newUser("statement@example.com");
    // Written out of order: the ids say 1, 2, 3; the dates say 2, 3, 1.
    atInstant("2026-03-05T10:00:00.000Z", () => deposit({ userId, amountMinor: 10000 }));
    atInstant("2026-03-01T10:00:00.000Z", () => deposit({ userId, amountMinor: 5000 }));
    atInstant("2026-03-03T10:00:00.000Z", () => reserveWithdrawal({ userId, amountMinor: 3_000, destinationId: null, unsaved: null }));
    // Two entries at the same instant keep the order they were written in.
    atInstant("2026-03-05T10:00:00.000Z", () => deposit({ userId, amountMinor: 100 }));

    const lines = walletStatement(userId, "en");
    expect(lines.map((l) => [l.date, l.amountMinor, l.balanceAfterMinor])).toEqual([
      ["2026-03-05T10:00:00.000Z", 100, 12_100],
      ["2026-03-05T10:00:00.000Z", 10_000, 12_000],
      ["2026-03-03T10:00:00.000Z", -3_000, 2_000],
      ["2026-03-01T10:00:00.000Z", 5_000, 5_000],
    ]);
    // Newest first, and each line's balance is the one before it plus its amount.
    for (let i = 0; i < lines.length - 1; i++) {
      expect(lines[i].date >= lines[i + 1].date).toBe(true);
      expect(lines[i].balanceAfterMinor).toBe(lines[i + 1].balanceAfterMinor + lines[i].amountMinor);
    }
  });
});

describe("walletStatement's memos", () => {
  it("are rendered in the reader's language from their id; an entry written before memo ids reads as written", () => {
    const userId = newUser("memos@example.com");
    deposit({ userId, amountMinor: 2_500 });
    reserveWithdrawal({ userId, amountMinor: 1_000, destinationId: null, unsaved: null });
    // An entry from before: its English memo and no id (entries are never updated, so it stays so).
    const client = getDb().$client;
    const old = (client.prepare("insert into journal_entries (kind, memo, user_id) values ('DEPOSIT', 'Wallet deposit (demo)', ?) returning id").get(userId) as { id: number }).id;
    const wallet = (client.prepare("select id from accounts where kind = 'WALLET' and user_id = ?").get(userId) as { id: number }).id;
    const external = (client.prepare("select id from accounts where kind = 'EXTERNAL'").get() as { id: number }).id;
    client.prepare("insert into postings (entry_id, account_id, amount_minor) values (?, ?, 100), (?, ?, -100)").run(old, wallet, old, external);
    client.prepare("update accounts set balance_minor = balance_minor + (case id when ? then 100 else -100 end) where id in (?, ?)").run(wallet, wallet, external);

    const english = walletStatement(userId, "en").map((l) => l.memo);
    // The demo's plain form names no destination: the line names none ("Withdrawal", never "to Not given").
    expect(english).toEqual(["Wallet deposit (demo)", "Withdrawal", "Wallet deposit (demo)"]);
    const pseudo = walletStatement(userId, "pseudo").map((l) => l.memo);
    expect(pseudo[0]).toBe("Wallet deposit (demo)");
    expect(pseudo[1]).toMatch(/^⟦Wíthdráwál⟧$/);
    expect(pseudo[2]).toBe("⟦Wállét dépóšít (démó)⟧");
  });
});
