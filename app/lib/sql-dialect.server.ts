import { getTableName, sql, type Column, type SQL, type SQLWrapper } from "drizzle-orm";
import { databaseEngine, type DatabaseEngine } from "~/lib/database-url.server";

/**
 * The SQL that SQLite and PostgreSQL spell differently, each in one place, for the engine this
 * process runs on (or the one given). Everything else the app writes reads the same on both.
 */

/**
 * A boolean column or expression as a raw statement reads it: 1/0 from SQLite, true/false from
 * PostgreSQL. Read it with `Boolean(x)`, never `x === 1`.
 */
export type SqlBoolean = number | boolean;

/** Days from `to` back to `from` (fractional), both ISO-8601 timestamps: negative when `from` is later. */
export function daysBetween(to: SQLWrapper | string, from: SQLWrapper | string, engine: DatabaseEngine = databaseEngine()): SQL {
  return engine === "postgres" ? sql`(extract(epoch from (${to}::timestamptz - ${from}::timestamptz)) / 86400)` : sql`(julianday(${to}) - julianday(${from}))`;
}

/**
 * A table of one integer column, `value`, holding the elements of a JSON array of integers bound as
 * one text parameter, so one statement serves a list of any length: `from ${integersFromJson(p, "ids")}`.
 */
export function integersFromJson(json: unknown, alias: string, engine: DatabaseEngine = databaseEngine()): SQL {
  const name = sql.identifier(alias);
  return engine === "postgres" ? sql`(select value::bigint as value from jsonb_array_elements_text(${json}::jsonb)) ${name}` : sql`json_each(${json}) ${name}`;
}

/** `column in` the integers of a JSON array bound as one parameter (see integersFromJson). */
export function inJsonIntegers(column: SQLWrapper, json: unknown, engine: DatabaseEngine = databaseEngine()): SQL {
  return sql`${column} in (select value from ${integersFromJson(json, "json_integers", engine)})`;
}

/** A column of `selectJsonRows`: its name, and whether its element is read as an integer or as text. */
export type JsonRowColumn = readonly [name: string, type: "integer" | "text"];

/**
 * The text of `select <columns> from` the JSON array of arrays bound to its one `?`, in the array's
 * order: one statement text (prepared once) writes rows in any number, e.g.
 * `insert into t (a, b) ${selectJsonRows([["a", "integer"], ["b", "text"]])}`. Element i of each
 * inner array is column i; a JSON null is NULL.
 */
export function selectJsonRows(columns: readonly JsonRowColumn[], engine: DatabaseEngine = databaseEngine()): string {
  for (const [name] of columns) if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a column name this helper writes into SQL: ${name}`);
  if (engine === "postgres") {
    const read = columns.map(([name, type], i) => `(r.value ->> ${i})${type === "integer" ? "::bigint" : ""} as ${name}`).join(", ");
    return `select ${read} from jsonb_array_elements(?::jsonb) with ordinality as r(value, n) order by r.n`;
  }
  const read = columns.map(([name], i) => `json_extract(r.value, '$[${i}]') as ${name}`).join(", ");
  return `select ${read} from json_each(?) as r order by r.key`;
}

/** The integer at `key` of the JSON object a text column holds (null when it has none). */
export function jsonIntegerField(column: SQLWrapper, key: string, engine: DatabaseEngine = databaseEngine()): SQL {
  // The key is written into the SQL text, so only a plain name is accepted.
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`Not a JSON key this helper writes into SQL: ${key}`);
  return engine === "postgres" ? sql`((${column})::jsonb ->> ${sql.raw(`'${key}'`)})::bigint` : sql`json_extract(${column}, ${sql.raw(`'$.${key}'`)})`;
}

/**
 * Whether `error` is a write refused by the unique constraint of `column` (a column declared
 * `.unique()` in the schema). SQLite names the table and column in its message; PostgreSQL names the
 * constraint, which drizzle calls `<table>_<column>_unique` (the column's `uniqueName`). A driver's
 * error wrapped by drizzle (DrizzleQueryError) is found through its `cause`.
 */
export function isUniqueViolation(error: unknown, column: Column): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (!("code" in e)) continue;
    if (e.code === "SQLITE_CONSTRAINT_UNIQUE") return e.message === `UNIQUE constraint failed: ${getTableName(column.table)}.${column.name}`;
    if (e.code === "23505") return "constraint" in e && e.constraint === column.uniqueName;
  }
  return false;
}
