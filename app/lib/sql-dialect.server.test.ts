import { DrizzleQueryError, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { daysBetween, inJsonIntegers, integersFromJson, isUniqueViolation, jsonIntegerField, selectJsonRows } from "~/lib/sql-dialect.server";
import { approvals, sessions, users } from "~/models/schema.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// This file's own database, migrated like the server's: each helper runs there in the form of the
// engine the run is on (SQLite, and PostgreSQL in the postgres project); the other form is read as text.
useUnitDatabase("sql-dialect");

const one = (fragment: SQL) => getDb().get(fragment);
const rows = (fragment: SQL) => getDb().all(fragment);
const textOn = (engine: "sqlite" | "postgres", fragment: SQL) => {
  const { sql: text, params } = (engine === "postgres" ? new PgDialect() : new SQLiteSyncDialect()).sqlToQuery(fragment);
  return { sql: text, params };
};

/** The error a refused write throws, as the app sees it. */
function thrownBy(write: () => unknown): unknown {
  try {
    write();
  } catch (error) {
    return error;
  }
  throw new Error("the write went through");
}

describe("selectJsonRows", () => {
  it("reads a JSON array of arrays as rows, in its order, integers as integers and null as NULL", () => {
    const select = selectJsonRows([
      ["id", "integer"],
      ["label", "text"],
    ]);
    const given = Array.from({ length: 1200 }, (_, i) => [1200 - i, i % 3 === 0 ? null : `row ${i}`]);
    const read = getDb().$client.prepare(select).all(JSON.stringify(given));
    expect(read).toEqual(given.map(([id, label]) => ({ id, label })));
    expect(getDb().$client.prepare(select).all("[]")).toEqual([]);
  });

  it("writes only plain column names into SQL", () => {
    expect(() => selectJsonRows([["id; drop table users", "integer"]])).toThrow(/Not a column name/);
  });
});

describe("daysBetween", () => {
  it("counts fractional days between two ISO timestamps, negative when the first is earlier", () => {
    const later = "2026-03-02T12:00:00.000Z";
    const earlier = "2026-03-01T00:00:00.000Z";
    expect(one(sql`select ${daysBetween(later, earlier)} as d`)).toEqual({ d: 1.5 });
    expect(one(sql`select ${daysBetween(earlier, later)} as d`)).toEqual({ d: -1.5 });
  });

  it("is julianday() on SQLite and an epoch difference over timestamptz on PostgreSQL", () => {
    const since = "2026-03-01T00:00:00.000Z";
    expect(textOn("sqlite", daysBetween(approvals.createdAt, since, "sqlite"))).toEqual({ sql: `(julianday("approvals"."created_at") - julianday(?))`, params: [since] });
    expect(textOn("postgres", daysBetween(approvals.createdAt, since, "postgres"))).toEqual({
      sql: `(extract(epoch from ("approvals"."created_at"::timestamptz - $1::timestamptz)) / 86400)`,
      params: [since],
    });
  });
});

describe("integersFromJson and inJsonIntegers", () => {
  it("give one row per element of a JSON array bound as one parameter", () => {
    const ids = JSON.stringify([3, 1, 2]);
    expect(rows(sql`select ids.value from ${integersFromJson(ids, "ids")} order by ids.value`)).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    expect(rows(sql`select t.x from (select 1 as x union all select 2 union all select 5) t where ${inJsonIntegers(sql`t.x`, ids)} order by t.x`)).toEqual([{ x: 1 }, { x: 2 }]);
    expect(rows(sql`select 1 as x where ${inJsonIntegers(sql`1`, "[]")}`)).toEqual([]);
  });

  it("are json_each() on SQLite and jsonb_array_elements_text() on PostgreSQL", () => {
    expect(textOn("sqlite", inJsonIntegers(users.id, "[1]", "sqlite")).sql).toBe(`"users"."id" in (select value from json_each(?) "json_integers")`);
    expect(textOn("postgres", inJsonIntegers(users.id, "[1]", "postgres"))).toEqual({
      sql: `"users"."id" in (select value from (select value::bigint as value from jsonb_array_elements_text($1::jsonb)) "json_integers")`,
      params: ["[1]"],
    });
  });
});

describe("jsonIntegerField", () => {
  it("reads an integer out of a JSON object held as text, null when the key is missing", () => {
    expect(one(sql`select ${jsonIntegerField(sql`${JSON.stringify({ withdrawalId: 7, other: 1 })}`, "withdrawalId")} as v`)).toEqual({ v: 7 });
    expect(one(sql`select ${jsonIntegerField(sql`'{}'`, "withdrawalId")} as v`)).toEqual({ v: null });
  });

  it("is json_extract() on SQLite and ->> over jsonb on PostgreSQL, and writes only a plain key into the SQL text", () => {
    expect(textOn("sqlite", jsonIntegerField(approvals.params, "withdrawalId", "sqlite")).sql).toBe(`json_extract("approvals"."params", '$.withdrawalId')`);
    expect(textOn("postgres", jsonIntegerField(approvals.params, "withdrawalId", "postgres")).sql).toBe(`(("approvals"."params")::jsonb ->> 'withdrawalId')::bigint`);
    expect(() => jsonIntegerField(approvals.params, "x') or ('1")).toThrow(/Not a JSON key/);
  });
});

describe("isUniqueViolation", () => {
  it("knows this engine's refusal of a duplicate in a unique column, and no other error", () => {
    const addUser = () => getDb().insert(users).values({ email: "twice@example.com", fullName: "Twice" }).run();
    addUser();
    const duplicate = thrownBy(addUser);
    expect(isUniqueViolation(duplicate, users.email)).toBe(true);
    expect(isUniqueViolation(duplicate, sessions.tokenHash)).toBe(false);
    // Wrapped by drizzle, as its asynchronous sessions do.
    expect(isUniqueViolation(new DrizzleQueryError("insert into users ...", [], duplicate as Error), users.email)).toBe(true);
    const notNull = thrownBy(() => getDb().run(sql`insert into users (email, full_name) values ('no-name@example.com', null)`));
    expect(isUniqueViolation(notNull, users.email)).toBe(false);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: users.email"), users.email)).toBe(false);
    expect(isUniqueViolation("UNIQUE constraint failed: users.email", users.email)).toBe(false);
  });

  it("reads SQLite's code and message, and PostgreSQL's SQLSTATE and constraint name", () => {
    const sqliteError = (columns: string) => Object.assign(new Error(`UNIQUE constraint failed: ${columns}`), { code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(isUniqueViolation(sqliteError("users.email"), users.email)).toBe(true);
    expect(isUniqueViolation(sqliteError("sessions.token_hash"), users.email)).toBe(false);
    const pgError = (constraint: string) => Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: "23505", constraint });
    expect(isUniqueViolation(pgError("users_email_unique"), users.email)).toBe(true);
    expect(isUniqueViolation(pgError("sessions_token_hash_unique"), users.email)).toBe(false);
    expect(isUniqueViolation(pgError("sessions_token_hash_unique"), sessions.tokenHash)).toBe(true);
  });
});
