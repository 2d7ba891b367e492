import { DrizzleQueryError, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { daysBetween, engineOfUrl, inJsonIntegers, integersFromJson, isUniqueViolation, jsonIntegerField } from "~/lib/sql-dialect.server";
import { approvals, sessions, users } from "~/models/schema.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// This file's own SQLite file, migrated like the server's: the SQLite forms run on it.
useUnitDatabase("sql-dialect");

const one = <T>(fragment: SQL) => getDb().get<T>(fragment);
/** The PostgreSQL form as text (no PostgreSQL here to run it on). */
const pgText = (fragment: SQL) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  return { sql: text, params };
};

/** The error a refused insert throws, as drizzle passes it on. */
function thrownBy(write: () => unknown): unknown {
  try {
    write();
  } catch (error) {
    return error;
  }
  throw new Error("the write went through");
}

describe("engineOfUrl", () => {
  it("reads postgres:// and postgresql:// URLs as PostgreSQL and anything else as a SQLite file", () => {
    expect(engineOfUrl("postgres://akoko@db.internal:5432/akoko")).toBe("postgres");
    expect(engineOfUrl("postgresql://akoko@db.internal/akoko")).toBe("postgres");
    expect(engineOfUrl("./data/akoko.db")).toBe("sqlite");
    expect(engineOfUrl("/var/lib/akoko/postgres.db")).toBe("sqlite");
    expect(engineOfUrl(":memory:")).toBe("sqlite");
  });
});

describe("daysBetween", () => {
  it("counts fractional days between two ISO timestamps, negative when the first is earlier", () => {
    const later = "2026-03-02T12:00:00.000Z";
    const earlier = "2026-03-01T00:00:00.000Z";
    expect(one<{ d: number }>(sql`select ${daysBetween(later, earlier, "sqlite")} as d`)).toEqual({ d: 1.5 });
    expect(one<{ d: number }>(sql`select ${daysBetween(earlier, later, "sqlite")} as d`)).toEqual({ d: -1.5 });
  });

  it("has a PostgreSQL form over timestamptz", () => {
    expect(pgText(daysBetween(approvals.createdAt, "2026-03-01T00:00:00.000Z", "postgres"))).toEqual({
      sql: `(extract(epoch from ("approvals"."created_at"::timestamptz - $1::timestamptz)) / 86400)`,
      params: ["2026-03-01T00:00:00.000Z"],
    });
  });
});

describe("integersFromJson and inJsonIntegers", () => {
  it("give one row per element of a JSON array bound as one parameter", () => {
    const ids = JSON.stringify([3, 1, 2]);
    expect(getDb().all(sql`select ids.value from ${integersFromJson(ids, "ids", "sqlite")} order by ids.value`)).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    expect(getDb().all(sql`select x from (select 1 as x union all select 2 union all select 5) where ${inJsonIntegers(sql`x`, ids, "sqlite")} order by x`)).toEqual([{ x: 1 }, { x: 2 }]);
    expect(getDb().all(sql`select 1 as x where ${inJsonIntegers(sql`1`, "[]", "sqlite")}`)).toEqual([]);
  });

  it("have a PostgreSQL form over jsonb", () => {
    expect(pgText(inJsonIntegers(users.id, "[1]", "postgres"))).toEqual({
      sql: `"users"."id" in (select value from (select value::bigint as value from jsonb_array_elements_text($1::jsonb)) "json_integers")`,
      params: ["[1]"],
    });
  });
});

describe("jsonIntegerField", () => {
  it("reads an integer out of a JSON object held as text, null when the key is missing", () => {
    expect(one(sql`select ${jsonIntegerField(sql`${JSON.stringify({ withdrawalId: 7, other: 1 })}`, "withdrawalId", "sqlite")} as v`)).toEqual({ v: 7 });
    expect(one(sql`select ${jsonIntegerField(sql`'{}'`, "withdrawalId", "sqlite")} as v`)).toEqual({ v: null });
  });

  it("has a PostgreSQL form over jsonb, and writes only a plain key into the SQL text", () => {
    expect(pgText(jsonIntegerField(approvals.params, "withdrawalId", "postgres")).sql).toBe(`(("approvals"."params")::jsonb ->> 'withdrawalId')::bigint`);
    expect(() => jsonIntegerField(approvals.params, "x') or ('1", "sqlite")).toThrow(/Not a JSON key/);
  });
});

describe("isUniqueViolation", () => {
  it("knows SQLite's refusal of a duplicate in a unique column, and no other error", () => {
    const addUser = () => getDb().insert(users).values({ email: "twice@example.com", fullName: "Twice" }).run();
    addUser();
    const duplicate = thrownBy(addUser);
    expect(isUniqueViolation(duplicate, users.email)).toBe(true);
    expect(isUniqueViolation(duplicate, sessions.tokenHash)).toBe(false);
    // Wrapped by drizzle, as its async sessions do.
    expect(isUniqueViolation(new DrizzleQueryError("insert into users ...", [], duplicate as Error), users.email)).toBe(true);
    const notNull = thrownBy(() => getDb().run(sql`insert into users (email, full_name) values ('no-name@example.com', null)`));
    expect(isUniqueViolation(notNull, users.email)).toBe(false);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: users.email"), users.email)).toBe(false);
    expect(isUniqueViolation("UNIQUE constraint failed: users.email", users.email)).toBe(false);
  });

  it("knows PostgreSQL's refusal by its SQLSTATE and the constraint's name", () => {
    // node-postgres and libpq report a violation as SQLSTATE 23505 with the constraint's name.
    const pgError = (constraint: string) => Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: "23505", constraint });
    expect(isUniqueViolation(pgError("users_email_unique"), users.email)).toBe(true);
    expect(isUniqueViolation(pgError("sessions_token_hash_unique"), users.email)).toBe(false);
    expect(isUniqueViolation(pgError("sessions_token_hash_unique"), sessions.tokenHash)).toBe(true);
  });
});
