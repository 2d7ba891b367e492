import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { atInstant } from "~/lib/clock.server";
import { databaseEngine } from "~/lib/database-url.server";
import { getDb } from "~/lib/db.server";
import { deleteBatch } from "~/models/batch.server";
import { investInBatch } from "~/models/investment.server";
import { accountId, atomic, externalAccount, findAccountId, ledgerProblems, postEntry, reverseEntry, walletAccount, walletBalanceMinor } from "~/models/ledger.server";
import { deposit } from "~/models/wallet.server";
import { useUnitDatabase } from "../../test/support/unit-database";

const require = createRequire(import.meta.url);

// This file's own database, migrated like the server's; nothing in the app is mocked.
useUnitDatabase("ledger");

const sql = <T>(text: string, ...args: unknown[]) =>
  getDb()
    .$client.prepare(text)
    .get(...args) as T;
const run = (text: string, ...args: unknown[]) =>
  getDb()
    .$client.prepare(text)
    .run(...args);
let users = 0;
function newUser(): number {
  users += 1;
  return sql<{ id: number }>("insert into users (email, full_name, password_hash) values (?, 'Ledger Test', 'x') returning id", `ledger${users}@example.com`).id;
}
function newBatch(): number {
  const farm = sql<{ id: number }>("insert into farms (name) values ('Ledger Farm') returning id").id;
  return sql<{ id: number }>("insert into batches (farm_id, product_type, unit_price_minor, target_units, expected_roi) values (?, 'EGG', 10000, 100, 0.01) returning id", farm).id;
}
const entryCount = () => sql<{ n: number }>("select count(*) n from journal_entries").n;

describe("journal entries", () => {
  it("carry an external reference and the app clock's time", () => {
    const userId = newUser();
    const id = atInstant("2026-03-04T05:06:07.000Z", () =>
      atomic(() =>
        postEntry({
          kind: "DEPOSIT",
          memo: msg("ledger.deposit.mobile_money"),
          userId,
          externalRef: "AKK-TEST-1",
          lines: [
            { accountId: externalAccount(), amountMinor: -5000 },
            { accountId: walletAccount(userId), amountMinor: 5000 },
          ],
        }),
      ),
    );
    expect(sql("select external_ref ref, created_at at, reverses_entry_id rev from journal_entries where id = ?", id)).toEqual({ ref: "AKK-TEST-1", at: "2026-03-04T05:06:07.000Z", rev: null });
    expect(walletBalanceMinor(userId)).toBe(5000);
  });

  it("post every line in order and move each account by the sum of its lines, however many", () => {
    const payees = Array.from({ length: 300 }, () => newUser());
    const external = externalAccount();
    const first = walletAccount(payees[0]);
    // The first payee's wallet has two lines: its balance moves by both.
    const lines = [{ accountId: external, amountMinor: -(300 * 7 + 5) }, ...payees.map((userId) => ({ accountId: walletAccount(userId), amountMinor: 7 })), { accountId: first, amountMinor: 5 }];
    const id = atomic(() => postEntry({ kind: "PAYOUT", memo: msg("ledger.deposit.mobile_money"), lines }));
    const posted = getDb().$client.prepare("select account_id a, amount_minor m from postings where entry_id = ? order by id").all(id);
    expect(posted).toEqual(lines.map((line) => ({ a: line.accountId, m: line.amountMinor })));
    expect(walletBalanceMinor(payees[0])).toBe(12);
    expect(walletBalanceMinor(payees[299])).toBe(7);
    expect(ledgerProblems()).toEqual([]);
  });

  it("refuse an unbalanced entry and write nothing", () => {
    const userId = newUser();
    const before = entryCount();
    expect(() =>
      atomic(() =>
        postEntry({
          kind: "DEPOSIT",
          lines: [
            { accountId: externalAccount(), amountMinor: -100 },
            { accountId: walletAccount(userId), amountMinor: 99 },
          ],
        }),
      ),
    ).toThrow(/Unbalanced/);
    expect(entryCount()).toBe(before);
  });
});

describe("reverseEntry", () => {
  it("undoes an entry with a new one of opposite postings, once", () => {
    const userId = newUser();
    const { entryId } = atomic(() => ({
      entryId: postEntry({
        kind: "DEPOSIT",
        userId,
        lines: [
          { accountId: externalAccount(), amountMinor: -2500 },
          { accountId: walletAccount(userId), amountMinor: 2500 },
        ],
      }),
    }));
    const external = sql<{ b: number }>("select balance_minor b from accounts where id = ?", externalAccount()).b;
    const reversal = atomic(() => reverseEntry({ entryId, memo: msg("ledger.withdrawalReversedBy", { provider: "paystack" }), externalRef: "AKK-REV-1" }));
    expect(sql(`select kind, reverses_entry_id rev, external_ref ref, user_id as "userId" from journal_entries where id = ?`, reversal)).toEqual({
      kind: "REVERSAL",
      rev: entryId,
      ref: "AKK-REV-1",
      userId,
    });
    expect(walletBalanceMinor(userId)).toBe(0);
    expect(sql<{ b: number }>("select balance_minor b from accounts where id = ?", externalAccount()).b).toBe(external + 2500);
    // The original stays as it was: the history shows both.
    expect(sql<{ n: number }>("select count(*) n from postings where entry_id = ?", entryId).n).toBe(2);
    expect(() => atomic(() => reverseEntry({ entryId, memo: msg("ledger.withdrawalFailed") }))).toThrow(/already reversed/);
    expect(() => atomic(() => reverseEntry({ entryId: reversal, memo: msg("ledger.withdrawalFailed") }))).toThrow(/itself a reversal/);
    expect(ledgerProblems()).toEqual([]);
  });

  it("cannot take back money a wallet has already spent: refused whole, nothing changes", () => {
    const userId = newUser();
    const batchId = newBatch();
    deposit({ userId, amountMinor: 10000 });
    const depositEntry = sql<{ id: number }>("select max(id) id from journal_entries where user_id = ? and kind = 'DEPOSIT'", userId).id;
    investInBatch({ userId, batchId, units: { ok: true, units: 1 } });
    const before = entryCount();
    expect(() => atomic(() => reverseEntry({ entryId: depositEntry, memo: msg("ledger.withdrawalFailed") }))).toThrow(
      // The wallet's CHECK refuses it, in either engine's words.
      /CHECK constraint failed: wallet_never_negative|violates check constraint "wallet_never_negative"/,
    );
    expect(entryCount()).toBe(before);
    expect(walletBalanceMinor(userId)).toBe(0);
    expect(ledgerProblems()).toEqual([]);
  });
});

describe("the ledger is append-only", () => {
  it("database triggers refuse to update or delete an entry or a posting, or to delete an account", () => {
    const userId = newUser();
    deposit({ userId, amountMinor: 1000 });
    const entry = sql<{ id: number }>("select max(id) id from journal_entries").id;
    expect(() => run("update journal_entries set memo = 'edited' where id = ?", entry)).toThrow(/append-only/);
    expect(() => run("delete from journal_entries where id = ?", entry)).toThrow(/append-only/);
    expect(() => run("update postings set amount_minor = 1 where entry_id = ?", entry)).toThrow(/append-only/);
    expect(() => run("delete from postings where entry_id = ?", entry)).toThrow(/append-only/);
    expect(() => run("delete from accounts where id = ?", walletAccount(userId))).toThrow(/never deleted/);
    expect(walletBalanceMinor(userId)).toBe(1000);
  });

  it("reads never open an account; a batch that has one keeps its record (delete is refused)", () => {
    const batchId = newBatch();
    expect(findAccountId("ESCROW", { batchId })).toBeUndefined();
    atomic(() => accountId("ESCROW", { batchId }));
    const admin = newUser();
    let refusal: unknown;
    try {
      deleteBatch(batchId, { adminId: admin });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).status).toBe(409);
    expect(sql("select count(*) n from batches where id = ?", batchId)).toEqual({ n: 1 });
    // A batch nobody ever moved money for goes.
    const untouched = newBatch();
    deleteBatch(untouched, { adminId: admin });
    expect(sql("select count(*) n from batches where id = ?", untouched)).toEqual({ n: 0 });
  });
});

describe("atomic, against another process's write", () => {
  // Another process takes the write lock and holds it for `ms`, as a second worker mid-commit would:
  // SQLite's one lock for the file, or on PostgreSQL the lock on the outside world's account row.
  function holdWriteLock(ms: number): Promise<void> {
    const url = JSON.stringify(process.env.DATABASE_URL);
    const script =
      databaseEngine() === "postgres"
        ? `const {Client}=require(${JSON.stringify(require.resolve("pg"))});const c=new Client({connectionString:${url}});(async()=>{await c.connect();await c.query("begin");await c.query("select id from accounts where kind = 'EXTERNAL' for update");process.stdout.write("held\\n");await new Promise((r)=>setTimeout(r,${ms}));await c.query("commit");await c.end();})();`
        : `const D=require(${JSON.stringify(require.resolve("better-sqlite3"))});const d=new D(${url});d.prepare("begin immediate").run();process.stdout.write("held\\n");const t=Date.now();while(Date.now()-t<${ms});d.prepare("commit").run();`;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    return new Promise((resolve, reject) => {
      child.stdout.once("data", () => resolve());
      child.once("error", reject);
    });
  }

  it("waits for the lock and then writes, whole; a throw inside still writes nothing and frees the lock", async () => {
    const userId = newUser();
    externalAccount(); // opened before another process locks it
    await holdWriteLock(300);
    const started = Date.now();
    atomic(() =>
      postEntry({
        kind: "DEPOSIT",
        userId,
        lines: [
          { accountId: externalAccount(), amountMinor: -2500 },
          { accountId: walletAccount(userId), amountMinor: 2500 },
        ],
      }),
    );
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(100);
    expect(walletBalanceMinor(userId)).toBe(2500);
    expect(getDb().$client.inTransaction).toBe(false);
    expect(() =>
      atomic(() => {
        postEntry({
          kind: "DEPOSIT",
          userId,
          lines: [
            { accountId: externalAccount(), amountMinor: -1000 },
            { accountId: walletAccount(userId), amountMinor: 1000 },
          ],
        });
        throw new DomainError(400, "changed my mind");
      }),
    ).toThrow("changed my mind");
    expect(walletBalanceMinor(userId)).toBe(2500);
    expect(getDb().$client.inTransaction).toBe(false);
    expect(ledgerProblems()).toEqual([]);
  });
});
