import { createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";

/**
 * A synchronous PostgreSQL connection, shaped like the part of better-sqlite3 the app uses
 * (`prepare(sql).get/all/run`, `exec`, `inTransaction`), so the models, commands and their
 * transactions stay one synchronous code path on both engines (docs/decisions/011-postgresql-engine.md).
 *
 * node-postgres (`pg`) runs in a worker thread of its own; a query is posted to it and this thread
 * waits on a shared flag until the answer is back. The process does nothing else meanwhile, exactly
 * as it does while better-sqlite3 reads the disk: concurrency comes from the server's worker
 * processes, one connection each.
 */

export type SqlRunResult = { changes: number };

/** The statement shape both engines give: better-sqlite3's, for the three calls the app makes. */
export interface SqlStatement<Params extends unknown[] = unknown[], Row = unknown> {
  get(...params: Params): Row | undefined;
  all(...params: Params): Row[];
  run(...params: Params): SqlRunResult;
}

/** What the app asks of a connection, whichever the engine. */
export interface SqlClient {
  prepare<Params extends unknown[] = unknown[], Row = unknown>(sqlText: string): SqlStatement<Params, Row>;
  exec(sqlText: string): void;
  readonly inTransaction: boolean;
  close(): void;
}

/** A PostgreSQL error as the server sent it: `code` is the SQLSTATE (23505 unique, 23514 check, 40001 serialization). */
export class PostgresError extends Error {
  code: string;
  constraint?: string;
  table?: string;
  detail?: string;
  constructor(fields: { message: string; code: string; constraint?: string; table?: string; detail?: string }) {
    super(fields.message);
    this.name = "PostgresError";
    this.code = fields.code;
    this.constraint = fields.constraint;
    this.table = fields.table;
    this.detail = fields.detail;
  }
}

/**
 * A value PostgreSQL cannot take where SQLite takes anything: a NUL byte in text, a number past
 * bigint, a malformed number (SQLSTATE class 22, "data exception"). It comes from input the doors
 * let through, so it is the caller's bad input, not the server's fault.
 */
export function isDataException(error: unknown): boolean {
  return error instanceof PostgresError && error.code.startsWith("22");
}

export type PgQueryResult = { rows: unknown[]; rowCount: number; fields: string[] };

// The worker: one pg.Client, queries answered in order. Numbers come back as numbers (int8 and
// numeric too: sums and counts of pesewas stay far below 2^53), booleans as booleans, everything
// else (the text timestamps among it) as text. Statements are prepared by name once per connection.
const WORKER_SOURCE = String.raw`
const { workerData } = require("node:worker_threads");
const pg = require(workerData.pgPath);
const { port, flag, connectionString, applicationName, options } = workerData;
const asNumber = (value) => (value === null ? null : Number(value));
const types = {
  getTypeParser(oid, format) {
    if (oid === 20 || oid === 21 || oid === 23 || oid === 700 || oid === 701 || oid === 1700) return asNumber;
    if (oid === 16) return (value) => value === "t";
    if (oid === 1184 || oid === 1114 || oid === 1082) return (value) => value;
    return pg.types.getTypeParser(oid, format);
  },
};
let client = null;
let connecting = null;
const names = new Map();
const MAX_NAMED = 4000;
function connect() {
  if (client) return Promise.resolve(client);
  if (!connecting) {
    const next = new pg.Client({ connectionString, application_name: applicationName, options, types });
    // A broken connection is dropped; the next query opens a new one (its transaction is gone with it).
    next.on("error", () => { if (client === next) client = null; });
    connecting = next.connect().then(
      () => { client = next; connecting = null; names.clear(); return next; },
      (error) => { connecting = null; throw error; },
    );
  }
  return connecting;
}
function reply(message) {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}
function errorFields(error) {
  return {
    message: String(error && error.message ? error.message : error),
    code: (error && error.code) || "",
    constraint: error && error.constraint,
    table: error && error.table,
    detail: error && error.detail,
  };
}
port.on("message", async (request) => {
  try {
    if (request.close) {
      if (client) await client.end().catch(() => {});
      client = null;
      reply({ closed: true });
      return;
    }
    const connection = await connect();
    if (request.simple) {
      await connection.query(request.text);
      reply({ rows: [], rowCount: 0, fields: [] });
      return;
    }
    let name = names.get(request.text);
    if (!name && names.size < MAX_NAMED) names.set(request.text, (name = "s" + names.size));
    const result = await connection.query({ name, text: request.text, values: request.params, rowMode: request.arrayMode ? "array" : undefined });
    reply({ rows: result.rows, rowCount: result.rowCount ?? 0, fields: result.fields.map((f) => f.name) });
  } catch (error) {
    reply({ error: errorFields(error) });
  }
});
`;

/** Longer than any statement may run (the connection's own statement_timeout answers first). */
const ANSWER_WAIT_MS = 120_000;

/** Turns SQLite-style `?` placeholders into PostgreSQL's `$1, $2, ...`, leaving quoted text alone. */
export function numberPlaceholders(sqlText: string): string {
  let out = "";
  let n = 0;
  let quote: string | null = null;
  for (const ch of sqlText) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "?") {
      out += `$${++n}`;
    } else out += ch;
  }
  return out;
}

/** Values as PostgreSQL takes them: better-sqlite3 callers bind 1/0 for booleans, which pg reads as text "1"/"0" fine. */
function bindable(params: unknown[]): unknown[] {
  return params.map((value) => (value === undefined ? null : value));
}

export class PgSyncClient implements SqlClient {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly statements = new Map<string, SqlStatement>();
  private depth = 0;
  private closed = false;

  /**
   * `lockTimeoutMs`: how long a statement waits for a row lock before failing (55P03), so a stuck
   * transaction elsewhere cannot hold this process forever; statements themselves stop after a minute.
   */
  constructor(connectionString: string, { applicationName = "akoko", lockTimeoutMs = 5000 }: { applicationName?: string; lockTimeoutMs?: number } = {}) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const pgPath = createRequire(import.meta.url).resolve("pg");
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        port: port2,
        flag: this.flag,
        connectionString,
        applicationName,
        pgPath,
        options: `-c lock_timeout=${lockTimeoutMs} -c statement_timeout=60000 -c idle_in_transaction_session_timeout=60000`,
      },
      transferList: [port2],
    });
    // The worker must not keep the process alive on its own, nor take it down with a stray error.
    this.worker.unref();
    this.worker.on("error", () => {});
  }

  /** Sends one request to the worker and waits for its answer. */
  private call(request: Record<string, unknown>): PgQueryResult {
    if (this.closed) throw new Error("The database connection is closed");
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage(request);
    // Only the flag says the answer is here. A wake-up may come first: the worker sets the flag and
    // then notifies, and when this thread saw the flag of the previous answer before that notify
    // ran, the notify lands in this wait.
    const deadline = performance.now() + ANSWER_WAIT_MS;
    let waited: ReturnType<typeof Atomics.wait> = "not-equal";
    while (Atomics.load(this.flag, 0) === 0 && waited !== "timed-out") waited = Atomics.wait(this.flag, 0, 0, Math.max(0, deadline - performance.now()));
    const message = receiveMessageOnPort(this.port)?.message as (PgQueryResult & { error?: ConstructorParameters<typeof PostgresError>[0] }) | undefined;
    if (!message) throw new Error(waited === "timed-out" ? "PostgreSQL did not answer in time" : "PostgreSQL's connection worker gave no answer");
    if (message.error) throw new PostgresError(message.error);
    return message;
  }

  /** One statement with `$n` parameters; rows as objects, or as arrays when `arrayMode`. */
  query(text: string, params: unknown[] = [], { arrayMode = false }: { arrayMode?: boolean } = {}): PgQueryResult {
    const result = this.call({ text, params: bindable(params), arrayMode });
    this.track(text);
    return result;
  }

  /** Keeps `inTransaction` true between BEGIN and COMMIT/ROLLBACK, as better-sqlite3's does. */
  private track(text: string) {
    const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
    if (verb === "begin" || verb === "start") this.depth = 1;
    else if (verb === "commit" || verb === "end" || (verb === "rollback" && !/^\s*rollback\s+to\b/i.test(text))) this.depth = 0;
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  prepare<Params extends unknown[] = unknown[], Row = unknown>(sqlText: string): SqlStatement<Params, Row> {
    let statement = this.statements.get(sqlText);
    if (!statement) {
      const text = numberPlaceholders(sqlText);
      statement = {
        get: (...params) => this.query(text, params).rows[0],
        all: (...params) => this.query(text, params).rows,
        run: (...params) => ({ changes: this.query(text, params).rowCount }),
      };
      this.statements.set(sqlText, statement);
    }
    return statement as SqlStatement<Params, Row>;
  }

  /**
   * better-sqlite3's `transaction(fn)`: a function that runs `fn` between BEGIN and COMMIT (ROLLBACK
   * on a throw), or in a savepoint inside an open transaction. For scripts and tests that write in
   * bulk; the app's own writes go through writeTransaction (app/lib/db.server.ts), which also retries.
   */
  transaction<Args extends unknown[], Result>(fn: (...args: Args) => Result) {
    const run = (...args: Args): Result => {
      const savepoint = this.inTransaction ? `bulk_${++this.savepoints}` : null;
      this.exec(savepoint ? `savepoint ${savepoint}` : "begin");
      try {
        const result = fn(...args);
        this.exec(savepoint ? `release savepoint ${savepoint}` : "commit");
        return result;
      } catch (error) {
        if (this.inTransaction) this.exec(savepoint ? `rollback to savepoint ${savepoint}; release savepoint ${savepoint}` : "rollback");
        throw error;
      } finally {
        if (savepoint) this.savepoints--;
      }
    };
    return Object.assign(run, { immediate: run, deferred: run, exclusive: run });
  }
  private savepoints = 0;

  /** Several statements separated by semicolons, without parameters (migrations, set-up). */
  exec(sqlText: string): void {
    this.call({ text: sqlText, simple: true });
    this.track(sqlText);
  }

  close(): void {
    if (this.closed) return;
    try {
      this.call({ close: true });
    } finally {
      this.closed = true;
      void this.worker.terminate();
    }
  }
}
