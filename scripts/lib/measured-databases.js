// Which database engine `npm run bench` and `npm run load` run the server on, and where each server
// they start keeps its data: SQLite (the default; startBuiltServer's temp file per server), a
// throwaway PostgreSQL server started here (a new database per server), or a PostgreSQL database
// the operator names (<PREFIX>_DATABASE_URL, which must be empty; every server uses it in turn).
import os from "node:os";
import { postgresBinDir, startPostgresCluster } from "./postgres-cluster.js";

/** @typedef {"sqlite" | "postgres"} Engine */

/** How the output names each engine. */
export const ENGINE_NAMES = { sqlite: "SQLite", postgres: "PostgreSQL" };

/**
 * What a script uses of the built app (build/index.js, importBuild in server-process.js).
 * @typedef {{ openSqlClient: (url: string) => any, engineOf: (url: string) => Engine, databaseUrlForDisplay: (url: string) => string }} App
 */

/**
 * The engines a run measures, in order, from `<prefix>_ENGINE` (`sqlite`, the default; `postgres`;
 * `both` where `allowBoth`) and `<prefix>_DATABASE_URL` (a postgres:// URL: PostgreSQL runs there
 * instead of on a throwaway server, and is the engine when `<prefix>_ENGINE` is not set). Checked
 * before anything runs: the operator's database must be empty, or PostgreSQL installed here.
 * Throws a message for the operator when a setting cannot be used.
 * @param {App} app
 * @param {string} prefix
 * @param {{ allowBoth?: boolean }} [options]
 * @returns {{ engines: Engine[], operatorUrl: string | undefined }}
 */
export function enginesFromEnv(app, prefix, { allowBoth = false } = {}) {
  const operatorUrl = process.env[`${prefix}_DATABASE_URL`] || undefined;
  const choice = process.env[`${prefix}_ENGINE`] || (operatorUrl ? "postgres" : "sqlite");
  const choices = allowBoth ? ["sqlite", "postgres", "both"] : ["sqlite", "postgres"];
  if (!choices.includes(choice)) throw new Error(`${prefix}_ENGINE is ${choice}: it may be ${choices.join(", ")} (default sqlite).`);
  if (operatorUrl && app.engineOf(operatorUrl) !== "postgres")
    throw new Error(`${prefix}_DATABASE_URL names a PostgreSQL database (postgres://user@host:port/name); SQLite runs on a temp file of its own.`);
  if (operatorUrl && choice === "sqlite") throw new Error(`${prefix}_DATABASE_URL names a PostgreSQL database, but ${prefix}_ENGINE is sqlite: set ${prefix}_ENGINE=postgres (or both).`);
  if (operatorUrl) {
    const shown = app.databaseUrlForDisplay(operatorUrl);
    const client = app.openSqlClient(operatorUrl);
    let tables;
    try {
      tables = client.prepare("select count(*) as n from information_schema.tables where table_schema = current_schema()").get().n;
    } catch (error) {
      throw new Error(`${prefix}_DATABASE_URL: ${shown} did not answer: ${error.message}`);
    } finally {
      client.close();
    }
    // Made-up investors by the thousand go into it: never a database that holds anything already.
    if (tables > 0) throw new Error(`${prefix}_DATABASE_URL must name an empty database: ${shown} holds ${tables} tables already.`);
  } else if (choice !== "sqlite" && !postgresBinDir()) {
    throw new Error(`PostgreSQL's initdb and pg_ctl were not found (Debian's postgresql package): install it, or set ${prefix}_DATABASE_URL=postgres://... to an empty database.`);
  }
  return { engines: choice === "both" ? ["sqlite", "postgres"] : [/** @type {Engine} */ (choice)], operatorUrl };
}

/**
 * @typedef {{
 *   engine: Engine,
 *   label: string,
 *   newDatabaseUrl: (purpose: string) => string | undefined,
 *   close: () => void,
 * }} MeasuredDatabases
 * `newDatabaseUrl` gives the DATABASE_URL of the next server to start (undefined: its own temp
 * SQLite file); `close` stops and removes a throwaway server.
 */

/**
 * Where the servers of one engine's run keep their data. A throwaway PostgreSQL server keeps
 * PostgreSQL's own durability (every commit waits for its WAL on disk), as SQLite's synchronous=FULL
 * does, and is stopped and removed by `close`, or when the process ends however it ends.
 * @param {App} app
 * @param {Engine} engine
 * @param {{ operatorUrl?: string, variable: string }} options `variable`: the operator's URL setting, for messages.
 * @returns {Promise<MeasuredDatabases>}
 */
export async function measuredDatabases(app, engine, { operatorUrl, variable }) {
  if (engine === "sqlite") return { engine, label: "SQLite (a temp file per server, synchronous=FULL)", newDatabaseUrl: () => undefined, close: () => {} };
  if (operatorUrl) {
    return { engine, label: `PostgreSQL at ${app.databaseUrlForDisplay(operatorUrl)} (${variable}; every server in turn)`, newDatabaseUrl: () => operatorUrl, close: () => {} };
  }
  const cluster = await startPostgresCluster(/** @type {string} */ (postgresBinDir()), os.tmpdir(), { durable: true });
  // Ctrl-C or a kill ends the process through "exit", where the server is stopped and removed.
  const stopOnExit = () => cluster.stop();
  process.once("exit", stopOnExit);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  const admin = app.openSqlClient(new URL("postgres", cluster.url).toString());
  let made = 0;
  return {
    engine,
    label: "PostgreSQL (a throwaway server on 127.0.0.1, fsync on; a new database per server)",
    newDatabaseUrl(purpose) {
      const name = `akoko_${++made}_${purpose.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
      admin.exec(`create database "${name}"`);
      return new URL(name, cluster.url).toString();
    },
    close() {
      admin.close();
      process.off("exit", stopOnExit);
      cluster.stop();
    },
  };
}
