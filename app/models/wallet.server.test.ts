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

    const lines = walletStatement(userId);
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
