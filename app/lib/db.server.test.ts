import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { afterCommit, getDb, inTransaction, onRollback, rolledBackTransaction, writeTransaction } from "~/lib/db.server";
import { databaseEngine } from "~/lib/database-url.server";
import { forgetEnv } from "~/lib/env.server";
import { transactionRetries } from "~/lib/metrics.server";
import { anotherConnection, useUnitDatabase } from "../../test/support/unit-database";

// This file's own SQLite file, migrated like the server's; nothing in the app is mocked.
useUnitDatabase("db");

// Each test says whether transactions run twice: these callbacks record their runs on purpose.
const rerunAsSet = process.env.AKOKO_TEST_RERUN_TRANSACTIONS;
function rerunTransactions(on: boolean) {
  process.env.AKOKO_TEST_RERUN_TRANSACTIONS = on ? "1" : "0";
  forgetEnv();
}
beforeEach(() => rerunTransactions(false));
afterAll(() => {
  process.env.AKOKO_TEST_RERUN_TRANSACTIONS = rerunAsSet;
  if (rerunAsSet === undefined) delete process.env.AKOKO_TEST_RERUN_TRANSACTIONS;
  forgetEnv();
});

/** A row in a table nothing else in this file writes, so each test counts its own. */
const mark = (label: string) => getDb().$client.prepare("insert into farms (name) values (?)").run(label);
const marks = (label: string) => (getDb().$client.prepare("select count(*) n from farms where name = ?").get(label) as { n: number }).n;

describe("writeTransaction", () => {
  it("says whether a transaction is open", () => {
    expect(inTransaction()).toBe(false);
    expect(writeTransaction(() => inTransaction())).toBe(true);
    expect(writeTransaction(() => writeTransaction(() => inTransaction()))).toBe(true);
    expect(inTransaction()).toBe(false);
  });

  it("runs an effect after the outermost commit, and never one whose transaction or savepoint rolled back", () => {
    const seen: string[] = [];
    afterCommit(() => seen.push("outside: at once"));
    writeTransaction(() => {
      afterCommit(() => seen.push("outer"));
      writeTransaction(() => afterCommit(() => seen.push("inner, kept")));
      expect(() =>
        writeTransaction(() => {
          afterCommit(() => seen.push("inner, rolled back"));
          throw new Error("refused");
        }),
      ).toThrow("refused");
      seen.push("before the commit");
    });
    expect(() =>
      writeTransaction(() => {
        afterCommit(() => seen.push("all rolled back"));
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect(seen).toEqual(["outside: at once", "before the commit", "outer", "inner, kept"]);
  });

  it("undoes what a level registered when that level or one around it rolls back, never after a commit", () => {
    const undone: string[] = [];
    writeTransaction(() => {
      onRollback(() => undone.push("committed"));
      expect(() =>
        writeTransaction(() => {
          onRollback(() => undone.push("savepoint"));
          throw new Error("refused");
        }),
      ).toThrow("refused");
    });
    expect(() =>
      writeTransaction(() => {
        writeTransaction(() => onRollback(() => undone.push("inner of a failed outer")));
        throw new Error("refused");
      }),
    ).toThrow("refused");
    onRollback(() => undone.push("outside: nothing to undo"));
    expect(undone).toEqual(["savepoint", "inner of a failed outer"]);
  });
});

describe("rolledBackTransaction", () => {
  it("answers what the callback returned and keeps nothing it wrote, nor any effect it registered", () => {
    const seen: string[] = [];
    const answer = rolledBackTransaction(() => {
      mark("dry run");
      afterCommit(() => seen.push("effect"));
      onRollback(() => seen.push("undone"));
      return marks("dry run");
    });
    expect(answer).toBe(1);
    expect(marks("dry run")).toBe(0);
    expect(seen).toEqual(["undone"]);
  });

  it("inside a transaction, undoes only its own savepoint", () => {
    writeTransaction(() => {
      mark("kept");
      expect(rolledBackTransaction(() => (mark("rehearsed"), marks("rehearsed")))).toBe(1);
    });
    expect(marks("kept")).toBe(1);
    expect(marks("rehearsed")).toBe(0);
  });

  it("throws what the callback throws, and keeps nothing", () => {
    expect(() =>
      rolledBackTransaction(() => {
        mark("refused dry run");
        throw new Error("not allowed");
      }),
    ).toThrow("not allowed");
    expect(marks("refused dry run")).toBe(0);
    expect(inTransaction()).toBe(false);
  });
});

describe("AKOKO_TEST_RERUN_TRANSACTIONS", () => {
  it("runs the outermost callback twice, the first run rolled back: one write kept, its effect once, the first run's undo run", () => {
    rerunTransactions(true);
    const seen: string[] = [];
    let runs = 0;
    const answer = writeTransaction(() => {
      runs += 1;
      const run = runs;
      mark("rerun");
      writeTransaction(() => onRollback(() => seen.push(`undo run ${run}`)));
      afterCommit(() => seen.push(`effect of run ${run}`));
      return marks("rerun");
    });
    expect(runs).toBe(2);
    expect(answer).toBe(1);
    expect(marks("rerun")).toBe(1);
    expect(seen).toEqual(["undo run 1", "effect of run 2"]);
  });

  it("runs a callback that throws once, and rolls it back", () => {
    rerunTransactions(true);
    let runs = 0;
    expect(() =>
      writeTransaction(() => {
        runs += 1;
        mark("rerun refused");
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect(runs).toBe(1);
    expect(marks("rerun refused")).toBe(0);
  });
});

describe.skipIf(databaseEngine() !== "postgres")("on PostgreSQL, a serialization failure", () => {
  it("runs the transaction again from the start, and the caller sees one commit and the retry counted", async () => {
    const farmId = (getDb().$client.prepare("insert into farms (name) values ('contended') returning id").get() as { id: number }).id;
    const other = anotherConnection(process.env.DATABASE_URL!);
    const retriesBefore = (await transactionRetries.get()).values[0]?.value ?? 0;
    let runs = 0;
    try {
      writeTransaction(() => {
        runs += 1;
        const name = (getDb().$client.prepare("select name from farms where id = ?").get(farmId) as { name: string }).name;
        // Another host changes the row this transaction has read, and commits, before this one writes it.
        if (runs === 1) other.prepare("update farms set name = 'changed elsewhere' where id = ?").run(farmId);
        getDb().$client.prepare("update farms set name = ? where id = ?").run(`${name} + mine`, farmId);
      });
    } finally {
      other.close();
    }
    expect(runs).toBe(2);
    // The second run read what the other host committed: nothing of either is lost.
    expect(getDb().$client.prepare("select name from farms where id = ?").get(farmId)).toEqual({ name: "changed elsewhere + mine" });
    expect((await transactionRetries.get()).values[0]?.value).toBe(retriesBefore + 1);
  });

  it("gives up after a bounded number of tries and throws the failure", () => {
    const farmId = (getDb().$client.prepare("insert into farms (name) values ('always contended') returning id").get() as { id: number }).id;
    const other = anotherConnection(process.env.DATABASE_URL!);
    let runs = 0;
    try {
      expect(() =>
        writeTransaction(() => {
          runs += 1;
          getDb().$client.prepare("select name from farms where id = ?").get(farmId);
          other.prepare("update farms set name = ? where id = ?").run(`elsewhere ${runs}`, farmId);
          getDb().$client.prepare("update farms set name = 'mine' where id = ?").run(farmId);
        }),
      ).toThrow(expect.objectContaining({ code: "40001" }));
    } finally {
      other.close();
    }
    expect(runs).toBe(20);
  });
});
