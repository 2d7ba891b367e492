import { entityKind } from "drizzle-orm";
import { NoopLogger } from "drizzle-orm/logger";
import { PgDatabase, PgDeleteBase, PgDialect, PgInsertBase, PgSelectBase, PgUpdateBase } from "drizzle-orm/pg-core";
import { PgPreparedQuery, PgSession, type PreparedQueryConfig } from "drizzle-orm/pg-core/session";
import { fillPlaceholders, type Query, type SQL, type SQLWrapper } from "drizzle-orm/sql/sql";
import * as drizzleUtils from "drizzle-orm/utils";
import type { PgSyncClient, SqlRunResult } from "~/lib/pg-sync-client.server";

/**
 * drizzle's PostgreSQL query builders, run synchronously over `PgSyncClient`, and answering the
 * same `.get()`, `.all()` and `.run()` the SQLite builders answer, so a model's query is one text
 * for both engines. drizzle's pg-core builders hand back whatever the session's prepared query
 * returns from `execute()`; this session returns rows, not a promise.
 */

type Fields = { path: string[]; field: unknown }[];
// drizzle's own row mapper (the one its node-postgres session uses); its type is left out of the published declarations.
const { mapResultRow } = drizzleUtils as unknown as { mapResultRow: (fields: Fields, row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined) => unknown };

class SyncPgPreparedQuery extends PgPreparedQuery<PreparedQueryConfig> {
  static override readonly [entityKind] = "SyncPgPreparedQuery";

  constructor(
    private readonly client: PgSyncClient,
    private readonly built: Query,
    private readonly fields: Fields | undefined,
    private readonly customResultMapper: ((rows: unknown[][]) => unknown) | undefined,
  ) {
    super(built, undefined, undefined, undefined);
  }

  // @ts-expect-error: synchronous where drizzle's own sessions answer a promise (the point of this session).
  override execute(placeholderValues: Record<string, unknown> = {}): unknown {
    const params = fillPlaceholders(this.built.params, placeholderValues);
    if (!this.fields && !this.customResultMapper) return this.client.query(this.built.sql, params);
    const { rows } = this.client.query(this.built.sql, params, { arrayMode: true });
    if (this.customResultMapper) return this.customResultMapper(rows as unknown[][]);
    return (rows as unknown[][]).map((row) => mapResultRow(this.fields!, row, (this as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap));
  }

  // @ts-expect-error: as execute.
  override all(placeholderValues: Record<string, unknown> = {}): unknown[] {
    return rowsOf(this.execute(placeholderValues));
  }

  get(placeholderValues: Record<string, unknown> = {}): unknown {
    return rowsOf(this.execute(placeholderValues))[0];
  }

  run(placeholderValues: Record<string, unknown> = {}): SqlRunResult {
    return runResultOf(this.execute(placeholderValues));
  }

  /** @internal drizzle asks this of every prepared query. */
  isResponseInArrayMode(): boolean {
    return Boolean(this.fields);
  }
}

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

function runResultOf(result: unknown): SqlRunResult {
  return Array.isArray(result) ? { changes: result.length } : { changes: (result as { rowCount: number }).rowCount };
}

class SyncPgSession extends PgSession {
  static override readonly [entityKind] = "SyncPgSession";
  readonly logger = new NoopLogger();

  constructor(
    readonly client: PgSyncClient,
    dialect: PgDialect,
  ) {
    super(dialect);
  }

  override prepareQuery<T extends PreparedQueryConfig>(query: Query, fields: unknown, _name: string | undefined, _isResponseInArrayMode: boolean, customResultMapper?: (rows: unknown[][]) => unknown) {
    return new SyncPgPreparedQuery(this.client, query, fields as Fields | undefined, customResultMapper) as unknown as PgPreparedQuery<T>;
  }

  override transaction(): never {
    throw new Error("Use writeTransaction (app/lib/db.server.ts): it owns BEGIN, COMMIT and the retries");
  }
}

// The SQLite builders' terminals, on the PostgreSQL builders. Each builder's `execute` runs the
// statement through the session above, synchronously.
type Executable = { execute(values?: Record<string, unknown>): unknown };
for (const builder of [PgSelectBase, PgInsertBase, PgUpdateBase, PgDeleteBase]) {
  Object.assign(builder.prototype, {
    all(this: Executable, values?: Record<string, unknown>) {
      return rowsOf(this.execute(values));
    },
    get(this: Executable, values?: Record<string, unknown>) {
      return rowsOf(this.execute(values))[0];
    },
    run(this: Executable, values?: Record<string, unknown>) {
      return runResultOf(this.execute(values));
    },
  });
}

/** The database object the models use, over a PostgreSQL connection; raw `sql` runs through `run/all/get` as on SQLite. */
export function syncPgDrizzle(client: PgSyncClient) {
  const dialect = new PgDialect();
  const session = new SyncPgSession(client, dialect);
  const db = new PgDatabase(dialect, session, undefined) as PgDatabase<never> & Record<string, unknown>;
  const raw = (query: SQLWrapper) => {
    const built = dialect.sqlToQuery((query as SQLWrapper).getSQL() as SQL);
    return client.query(built.sql, built.params);
  };
  Object.assign(db, {
    $client: client,
    run: (query: SQLWrapper): SqlRunResult => ({ changes: raw(query).rowCount }),
    all: (query: SQLWrapper) => raw(query).rows,
    get: (query: SQLWrapper) => raw(query).rows[0],
  });
  return db;
}
