import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableConfig as pgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "~/models/schema.pg.server";
import * as lite from "~/models/schema.sqlite.server";

/**
 * One schema, two dialects: the PostgreSQL tables are derived from the SQLite ones, and each
 * engine's migrations folder says exactly what its tables say (`npm run db:generate` would write
 * nothing new).
 */
const root = path.resolve(import.meta.dirname, "..");

function generatesNothing(dialect: "sqlite" | "postgresql", schema: string, folder: string) {
  // A copy of the folder, so a change that is missing is written there, not into the repository.
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-generate-"));
  fs.cpSync(path.join(root, folder), out, { recursive: true });
  const before = fs.readdirSync(out).length;
  // drizzle-kit reads --out relative to the project.
  const run = spawnSync(path.join(root, "node_modules/.bin/drizzle-kit"), ["generate", `--dialect=${dialect}`, `--schema=${schema}`, `--out=${path.relative(root, out)}`], {
    cwd: root,
    encoding: "utf8",
  });
  const said = `${run.stdout}${run.stderr}`;
  const after = fs.readdirSync(out).length;
  fs.rmSync(out, { recursive: true, force: true });
  return { said, added: after - before };
}

describe("the schema on two engines", () => {
  const sqliteTables = (Object.values(lite) as unknown[]).filter((v): v is SQLiteTable => v instanceof SQLiteTable);
  const pgTables = (Object.values(pg) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);

  it("has a PostgreSQL twin of every SQLite table, column for column, with its keys, indexes and checks", () => {
    expect(pgTables.map((t) => pgTableConfig(t).name).sort()).toEqual(sqliteTables.map((t) => sqliteTableConfig(t).name).sort());
    for (const table of sqliteTables) {
      const one = sqliteTableConfig(table);
      const twin = pgTableConfig(pgTables.find((t) => pgTableConfig(t).name === one.name)!);
      expect(
        twin.columns.map((c) => [c.name, c.notNull, c.primary]),
        one.name,
      ).toEqual(one.columns.map((c) => [c.name, c.notNull, c.primary]));
      expect(twin.indexes.map((i) => i.config.name).sort(), one.name).toEqual(one.indexes.map((i) => i.config.name).sort());
      expect(twin.foreignKeys.length, one.name).toBe(one.foreignKeys.length);
      expect(
        twin.checks.map((c) => c.name),
        one.name,
      ).toEqual(one.checks.map((c) => c.name));
      expect(twin.primaryKeys.length, one.name).toBe(one.primaryKeys.length);
    }
  });

  it("has SQLite migrations that say what the tables say", () => {
    const { said, added } = generatesNothing("sqlite", "./app/models/schema.sqlite.server.ts", "drizzle");
    expect(said).toContain("No schema changes");
    expect(added).toBe(0);
  });

  it("has PostgreSQL migrations that say what the tables say", () => {
    const { said, added } = generatesNothing("postgresql", "./app/models/schema.pg.server.ts", "drizzle-pg");
    expect(said).toContain("No schema changes");
    expect(added).toBe(0);
  });
});
