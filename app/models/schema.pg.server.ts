import { is, sql, type SQL } from "drizzle-orm";
import { bigint, boolean, check, doublePrecision, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, type PgColumnBuilderBase, type PgTableWithColumns } from "drizzle-orm/pg-core";
import { getTableConfig, SQLiteBoolean, SQLiteInteger, SQLiteReal, SQLiteText, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as lite from "./schema.sqlite.server";

/**
 * The same tables for PostgreSQL, derived from the SQLite schema (schema.sqlite.server.ts), which
 * stays the one place a table is described. Each SQLite column kind has one PostgreSQL twin:
 * integer -> bigint (SQLite's integers are 64-bit), autoincrement -> an identity, real -> double
 * precision, boolean -> boolean, text -> text (enums and the ISO timestamps included). Indexes,
 * foreign keys, checks and composite keys carry over. drizzle-kit reads this file to write the
 * PostgreSQL migrations (drizzle-pg/), and the app runs on these tables when DATABASE_URL is a
 * postgres:// URL (schema.server.ts).
 */

/** SQLite's `strftime('%Y-%m-%dT%H:%M:%fZ','now')`: the same ISO text, so timestamps compare and sort alike on both. */
const NOW_ISO = sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function columnTwin(column: SQLiteColumn): PgColumnBuilderBase {
  let twin;
  if (is(column, SQLiteBoolean)) twin = boolean(column.name);
  else if (is(column, SQLiteInteger)) {
    twin = bigint(column.name, { mode: "number" });
    if (column.primary && (column as unknown as { autoIncrement: boolean }).autoIncrement) twin = twin.generatedByDefaultAsIdentity();
  } else if (is(column, SQLiteReal)) twin = doublePrecision(column.name);
  else if (is(column, SQLiteText)) twin = column.enumValues?.length ? text(column.name, { enum: column.enumValues as [string, ...string[]] }) : text(column.name);
  else throw new Error(`No PostgreSQL twin for ${column.columnType} (${column.name})`);
  if (column.primary) twin = twin.primaryKey();
  if (column.notNull && !column.primary) twin = twin.notNull();
  if (column.isUnique) twin = twin.unique(column.uniqueName);
  if (column.default !== undefined) {
    const isSql = is(column.default, sql.empty().constructor as typeof SQL);
    if (isSql && /strftime/.test(JSON.stringify((column.default as SQL).queryChunks))) twin = twin.default(NOW_ISO);
    else if (isSql) throw new Error(`No PostgreSQL twin for the default of ${column.name}`);
    else twin = twin.default(column.default as never);
  }
  return twin;
}

const twins = new Map<SQLiteTable, PgTableWithColumns<never>>();

function twinOf<T extends SQLiteTable>(table: T): PgTableWithColumns<never> {
  const found = twins.get(table);
  if (found) return found;
  const config = getTableConfig(table);
  const keyOf = new Map<string, string>(
    Object.entries(table)
      .filter(([, value]) => config.columns.includes(value as SQLiteColumn))
      .map(([key, value]) => [(value as SQLiteColumn).name, key]),
  );
  const builders = Object.fromEntries(config.columns.map((column) => [keyOf.get(column.name)!, columnTwin(column)]));
  const made = pgTable(config.name, builders, (t) => {
    const columns = t as Record<string, never>;
    const same = (column: { name: string }) => columns[keyOf.get(column.name)!];
    return [
      ...config.indexes.map((ix) => {
        const twin = (ix.config.unique ? uniqueIndex(ix.config.name) : index(ix.config.name)).on(...((ix.config.columns as SQLiteColumn[]).map(same) as [never, ...never[]]));
        // A partial index's condition names its columns as checks do: quoted names in both engines.
        return ix.config.where ? twin.where(ix.config.where) : twin;
      }),
      // Check texts name columns through the SQLite table; both engines render them as quoted names.
      ...config.checks.map((c) => check(c.name, c.value)),
      ...config.primaryKeys.map((pk) => primaryKey({ columns: pk.columns.map(same) as [never, ...never[]] })),
      ...config.foreignKeys.map((fk) => {
        const reference = fk.reference();
        const target = twinOf(reference.foreignTable) as unknown as Record<string, never>;
        const targetKeys = new Map(Object.entries(reference.foreignTable).map(([key, value]) => [value, key]));
        const built = foreignKey({
          columns: reference.columns.map(same) as [never, ...never[]],
          foreignColumns: reference.foreignColumns.map((column) => target[targetKeys.get(column) as string]) as [never, ...never[]],
        });
        if (fk.onDelete) built.onDelete(fk.onDelete);
        if (fk.onUpdate) built.onUpdate(fk.onUpdate);
        return built;
      }),
    ];
  }) as unknown as PgTableWithColumns<never>;
  twins.set(table, made);
  return made;
}

export const users = twinOf(lite.users);
export const recoveryCodes = twinOf(lite.recoveryCodes);
export const knownDevices = twinOf(lite.knownDevices);
export const approvals = twinOf(lite.approvals);
export const sessions = twinOf(lite.sessions);
export const passwordResets = twinOf(lite.passwordResets);
export const farms = twinOf(lite.farms);
export const batches = twinOf(lite.batches);
export const batchRoiHistory = twinOf(lite.batchRoiHistory);
export const pages = twinOf(lite.pages);
export const accounts = twinOf(lite.accounts);
export const journalEntries = twinOf(lite.journalEntries);
export const postings = twinOf(lite.postings);
export const investments = twinOf(lite.investments);
export const payoutRuns = twinOf(lite.payoutRuns);
export const payouts = twinOf(lite.payouts);
export const taxPayments = twinOf(lite.taxPayments);
export const remittances = twinOf(lite.remittances);
export const exitRequests = twinOf(lite.exitRequests);
export const notifications = twinOf(lite.notifications);
export const withdrawals = twinOf(lite.withdrawals);
export const paymentDestinations = twinOf(lite.paymentDestinations);
export const deposits = twinOf(lite.deposits);
export const webhookEvents = twinOf(lite.webhookEvents);
export const rateLimits = twinOf(lite.rateLimits);
export const idempotencyKeys = twinOf(lite.idempotencyKeys);
export const contactMessages = twinOf(lite.contactMessages);
export const farmLogs = twinOf(lite.farmLogs);
export const farmLogPhotos = twinOf(lite.farmLogPhotos);
export const farmDevices = twinOf(lite.farmDevices);
export const farmReadings = twinOf(lite.farmReadings);
export const auditLog = twinOf(lite.auditLog);
export const outbox = twinOf(lite.outbox);
export const outboxAttempts = twinOf(lite.outboxAttempts);
export const contactConfirmations = twinOf(lite.contactConfirmations);
export const messagePreferences = twinOf(lite.messagePreferences);
export const kycSubmissions = twinOf(lite.kycSubmissions);
export const readinessChecks = twinOf(lite.readinessChecks);
export const ussdSessions = twinOf(lite.ussdSessions);
