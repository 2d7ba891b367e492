import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres } from "~/lib/pg-migrate.server";
import { PgSyncClient } from "~/lib/pg-sync-client.server";
import { copyPlan } from "~/models/db-copy.server";
import { ledgerProblems } from "~/models/ledger.server";
import { createPostgresDatabase, dropPostgresDatabase, onPostgres, testPostgresUrl } from "./support/postgres";

/**
 * `npm run db:copy`, run as an operator runs it: a SQLite database seeded with the demo data (by
 * `npm run seed`) copied into PostgreSQL databases of the run's server. It needs PostgreSQL, so it
 * runs in the "postgres" project only (vitest.config.ts).
 */
const root = path.resolve(import.meta.dirname, "..");
/** A password in every target URL (the test server trusts its clients and ignores it): it must never be printed. */
const PASSWORD = "not-to-be-printed-4711";

type Run = { code: number | null; output: string };

/** A clean environment, as an operator's shell: no DATABASE_URL or test settings of this process. */
const operatorEnv = (env: Record<string, string> = {}) => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...env }) as unknown as NodeJS.ProcessEnv;

function spawnRun(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: operatorEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const dbCopy = (...args: string[]) => spawnRun("npm", ["run", "db:copy", "--", ...args], {});

const databases: string[] = [];
const clients: PgSyncClient[] = [];
/** A new empty PostgreSQL database: its URL (with PASSWORD) and a connection to it. */
function newTarget(purpose: string): { url: string; client: PgSyncClient } {
  const name = createPostgresDatabase(`copy_${purpose}`);
  databases.push(name);
  const url = new URL(testPostgresUrl(name)!);
  url.password = PASSWORD;
  const client = new PgSyncClient(testPostgresUrl(name)!, { applicationName: "akoko-tests" });
  clients.push(client);
  return { url: url.toString(), client };
}

let dir = "";
let source = "";
/** The source made anew from the seeded one, for a test that changes it. */
function sourceCopy(name: string): string {
  const file = path.join(dir, name);
  fs.copyFileSync(source, file);
  return file;
}

const tableNames = copyPlan().map((table) => table.name);
/** Every table of the database outside PostgreSQL's own schemas, as schema.table: the migrations' and drizzle's bookkeeping. */
const tablesOf = (client: PgSyncClient) =>
  (client.query("select schemaname || '.' || tablename t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1").rows as { t: string }[]).map((row) => row.t);
const rowCounts = (client: PgSyncClient) => Object.fromEntries(tableNames.map((name) => [name, (client.query(`select count(*) n from "${name}"`).rows[0] as { n: number }).n]));

describe.skipIf(!onPostgres())("npm run db:copy (SQLite to PostgreSQL)", () => {
  let copied: { url: string; client: PgSyncClient };
  let firstRun: Run;
  let sqlite: Database.Database;
  let reversalId = 0;
  let investorId = 0;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-db-copy-"));
    source = path.join(dir, "source.db");
    const seeded = await spawnRun(process.execPath, ["scripts/seed.js"], { DATABASE_URL: source });
    expect(seeded.code, seeded.output).toBe(0);
    sqlite = new Database(source);
    // What the demo lacks: a reversal (a journal entry pointing at an earlier one of its own table)
    // and message preferences (the fourth boolean column), written as the app writes them.
    sqlite.transaction(() => {
      const drawn = sqlite.prepare("select id from journal_entries where kind = 'RESERVE_DRAW' order by id limit 1").get() as { id: number };
      reversalId = (sqlite.prepare("insert into journal_entries (kind, memo, reverses_entry_id) values ('REVERSAL', 'Reserve draw reversed', ?) returning id").get(drawn.id) as { id: number }).id;
      const lines = sqlite.prepare("select account_id, amount_minor from postings where entry_id = ? order by id").all(drawn.id) as { account_id: number; amount_minor: number }[];
      for (const line of lines) {
        sqlite.prepare("insert into postings (entry_id, account_id, amount_minor) values (?, ?, ?)").run(reversalId, line.account_id, -line.amount_minor);
        sqlite.prepare("update accounts set balance_minor = balance_minor - ? where id = ?").run(line.amount_minor, line.account_id);
      }
      investorId = (sqlite.prepare("select id from users where is_admin = 0 order by id limit 1").get() as { id: number }).id;
      sqlite.prepare("insert into message_preferences (user_id, category, channel, enabled) values (?, 'news', 'EMAIL', 0), (?, 'news', 'SMS', 1)").run(investorId, investorId);
    })();
    expect(ledgerProblems(sqlite as never)).toEqual([]);
    sqlite.pragma("wal_checkpoint(TRUNCATE)");

    copied = newTarget("copied");
    firstRun = await dbCopy("--from", source, "--to", copied.url);
  });

  afterAll(() => {
    sqlite?.close();
    for (const client of clients) client.close();
    for (const name of databases) dropPostgresDatabase(name);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("copies every table of the schema, and the copy holds what the source holds", () => {
    expect(firstRun.code, firstRun.output).toBe(0);
    expect(firstRun.output).toMatch(new RegExp(`Copied ${source} to postgres://postgres:\\*\\*\\*@[^ ]+: ${tableNames.length} tables`));
    expect(firstRun.output).not.toContain(PASSWORD);

    // Every table the migrations made is in the plan, besides SQLite's and drizzle's bookkeeping.
    const sourceTables = (sqlite.prepare("select name from sqlite_master where type = 'table' and name not in ('sqlite_sequence', '__drizzle_migrations')").all() as { name: string }[]).map(
      (t) => t.name,
    );
    expect([...tableNames].sort()).toEqual(sourceTables.sort());

    const target = copied.client;
    const sourceCounts = Object.fromEntries(tableNames.map((name) => [name, (sqlite.prepare(`select count(*) n from "${name}"`).get() as { n: number }).n]));
    expect(rowCounts(target)).toEqual(sourceCounts);
    expect(sourceCounts.farm_readings).toBeGreaterThan(250); // more than one INSERT's worth

    // A user, field by field; SQLite's 0/1 booleans arrive as booleans.
    const admin = sqlite.prepare("select * from users where is_admin = 1 order by id limit 1").get() as Record<string, unknown>;
    expect(target.query("select * from users where id = $1", [admin.id]).rows[0]).toEqual({ ...admin, is_admin: true });
    const investor = sqlite.prepare("select * from users where id = ?").get(investorId) as Record<string, unknown>;
    expect(target.query("select * from users where id = $1", [investorId]).rows[0]).toEqual({ ...investor, is_admin: false });
    expect(target.query("select channel, enabled from message_preferences where user_id = $1 order by channel", [investorId]).rows).toEqual([
      { channel: "EMAIL", enabled: false },
      { channel: "SMS", enabled: true },
    ]);
    expect(target.query("select id from farm_logs where incident order by id").rows).toEqual(sqlite.prepare("select id from farm_logs where incident = 1 order by id").all());
    expect(target.query("select id from investments where auto_reinvest order by id").rows).toEqual(sqlite.prepare("select id from investments where auto_reinvest = 1 order by id").all());

    // The reversal and the entry it reverses, with their postings.
    for (const id of [reversalId, (sqlite.prepare("select reverses_entry_id r from journal_entries where id = ?").get(reversalId) as { r: number }).r]) {
      expect(target.query("select * from journal_entries where id = $1", [id]).rows).toEqual(sqlite.prepare("select * from journal_entries where id = ?").all(id));
      expect(target.query("select * from postings where entry_id = $1 order by id", [id]).rows).toEqual(sqlite.prepare("select * from postings where entry_id = ? order by id").all(id));
    }

    expect(ledgerProblems(target)).toEqual([]);
  });

  it("leaves every id sequence continuing after the highest id copied", () => {
    const target = copied.client;
    const maxUserId = (target.query("select max(id) m from users").rows[0] as { m: number }).m;
    expect(target.query("insert into users (full_name) values ('After The Copy') returning id").rows[0]).toEqual({ id: maxUserId + 1 });
    const identities = target.query("select table_name t from information_schema.columns where table_schema = current_schema() and is_identity = 'YES' and table_name <> 'users'").rows as {
      t: string;
    }[];
    expect(identities.length).toBeGreaterThan(20);
    for (const { t } of identities) {
      const max = (target.query(`select coalesce(max(id), 0) m from "${t}"`).rows[0] as { m: number }).m;
      expect(target.query(`select nextval(pg_get_serial_sequence('"${t}"', 'id')) n`).rows[0], t).toEqual({ n: max + 1 });
    }
  });

  it("refuses a second run into the same, now filled, database and changes nothing", async () => {
    const before = rowCounts(copied.client);
    const again = await dbCopy("--from", source, "--to", copied.url);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toMatch(/already holds data \(in [a-z_, ]*users.*\): db:copy copies into an empty database only\. Nothing was written\./);
    expect(again.output).not.toContain(PASSWORD);
    expect(rowCounts(copied.client)).toEqual(before);
  });

  it("refuses a target that is not a PostgreSQL URL", async () => {
    const file = path.join(dir, "not-postgres.db");
    const run = await dbCopy("--from", source, "--to", file);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(`--to ${file} is not a postgres:// or postgresql:// URL.`);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("refuses a source that is not SQLite, or lacks this version's migrations, before touching the target", async () => {
    const { url, client } = newTarget("refused");
    const expected = readMigrationFiles({ migrationsFolder: path.join(root, "drizzle") }).length;
    const older = sourceCopy("older.db");
    const file = new Database(older);
    file.prepare("delete from __drizzle_migrations where created_at = (select max(created_at) from __drizzle_migrations)").run();
    file.close();
    const notSqlite = path.join(dir, "notes.db");
    fs.writeFileSync(notSqlite, "SQLite format 3? No: a text file.\n");

    const runs = { older: await dbCopy("--from", older, "--to", url), notSqlite: await dbCopy("--from", notSqlite, "--to", url), missing: await dbCopy("--to", url) };
    expect(runs.older.output).toContain(`${older} has ${expected - 1} of this version's ${expected} migrations applied: start the app on it once, or run \`DATABASE_URL=${older} npm run seed\``);
    expect(runs.notSqlite.output).toContain(`--from ${notSqlite} is not a SQLite database.`);
    expect(runs.missing.output).toContain("Name the SQLite database to copy: --from ./data/akoko.db");
    for (const run of Object.values(runs)) expect(run.code, run.output).toBe(1);
    // Not even migrated: the target was never opened.
    expect(client.query("select count(*) n from information_schema.tables where table_schema = current_schema()").rows[0]).toEqual({ n: 0 });
  });

  it("rolls back a copy whose ledger does not hold on arrival, leaving the target as it was; once the source is repaired the same command copies", async () => {
    const broken = sourceCopy("broken.db");
    const file = new Database(broken);
    const wallet = file.prepare("select id, balance_minor b from accounts where kind = 'WALLET' and balance_minor > 0 order by id limit 1").get() as { id: number; b: number };
    file.prepare("update accounts set balance_minor = balance_minor + 1 where id = ?").run(wallet.id);
    const { url, client } = newTarget("broken");

    const run = await dbCopy("--from", broken, "--to", url);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain("The copy does not match the source, so it was rolled back and nothing was written:");
    expect(run.output).toContain(`ledger on the target: account ${wallet.id} caches ${wallet.b + 1} but its postings sum to ${wallet.b}`);
    expect(run.output).toContain("the source's ledger has the same problems");
    expect(run.output).not.toContain(PASSWORD);
    // Not even migrated: the migrations ran in the copy's transaction and went with it.
    expect(tablesOf(client)).toEqual([]);

    file.prepare("update accounts set balance_minor = balance_minor - 1 where id = ?").run(wallet.id);
    file.close();
    const rerun = await dbCopy("--from", broken, "--to", url);
    expect(rerun.code, rerun.output).toBe(0);
    expect(rerun.output).toContain(`Copied ${broken} to `);
    expect(ledgerProblems(client)).toEqual([]);
    expect((client.query("select balance_minor b from accounts where id = $1", [wallet.id]).rows[0] as { b: number }).b).toBe(wallet.b);
  });

  it("rolls back a copy when a row fails to insert, leaving the target as it was; once the source is repaired the same command copies", async () => {
    const unfit = sourceCopy("unfit.db");
    const file = new Database(unfit);
    // SQLite takes a NUL byte in text, PostgreSQL does not: late in the plan, after most tables went in.
    const notice = file.prepare("select id, message from notifications order by id desc limit 1").get() as { id: number; message: string };
    file.prepare("update notifications set message = ? where id = ?").run(`${notice.message}\0`, notice.id);
    const { url, client } = newTarget("unfit");

    const run = await dbCopy("--from", unfit, "--to", url);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain("db:copy: Copying notifications failed, so nothing was written:");
    expect(run.output).not.toContain(PASSWORD);
    expect(tablesOf(client)).toEqual([]);

    file.prepare("update notifications set message = ? where id = ?").run(notice.message, notice.id);
    file.close();
    const rerun = await dbCopy("--from", unfit, "--to", url);
    expect(rerun.code, rerun.output).toBe(0);
    expect(client.query("select message from notifications where id = $1", [notice.id]).rows).toEqual([{ message: notice.message }]);
  });

  it("leaves the target as it was when the copy is killed midway, and the same command then copies", async () => {
    const large = sourceCopy("large.db");
    const file = new Database(large);
    // 20,000 more readings (80 INSERTs): the copy spends seconds inserting, long enough to be caught at it.
    const reading = file.prepare("select device_id, batch_id from farm_readings order by id limit 1").get() as { device_id: number; batch_id: number };
    file
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
         insert into farm_readings (device_id, batch_id, recorded_at, temperature_c, humidity_pct, ammonia_ppm)
         select ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes'), 30, 60, 5 from n`,
      )
      .run(reading.device_id, reading.batch_id);
    file.close();
    const { url, client } = newTarget("killed");
    const database = new URL(url).pathname.slice(1);
    /** Whether the copy's connection has its transaction open and its latest statement is like `statement`. */
    const copyAt = (statement: string) =>
      client.query("select 1 from pg_stat_activity where datname = $1 and application_name = 'akoko-db-copy' and xact_start is not null and query like $2", [database, statement]).rows.length > 0;

    // node itself, not npm: the signals reach the copy's own process.
    const copy = spawn(process.execPath, ["scripts/db-copy.js", "--from", large, "--to", url], { cwd: root, env: operatorEnv(), stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => copy.on("exit", (_code, signal) => resolve(signal)));
    const deadline = Date.now() + 60_000;
    // Inserting farm_readings: the tables before it hold their rows.
    while (!copyAt('insert into "farm_readings"%')) {
      if (Date.now() > deadline) {
        copy.kill("SIGKILL");
        throw new Error("db:copy never started inserting farm_readings");
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    // Frozen, it sends nothing more: if it had not sent COMMIT yet, it never will.
    copy.kill("SIGSTOP");
    const midCopy = copyAt("%") && !copyAt("commit%");
    copy.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(midCopy).toBe(true);
    // PostgreSQL rolls back once it sees the connection gone: wait for the backend to end.
    while (client.query("select 1 from pg_stat_activity where datname = $1 and application_name = 'akoko-db-copy'", [database]).rows.length > 0) {
      if (Date.now() > deadline) throw new Error("The killed copy's connection never ended");
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(tablesOf(client)).toEqual([]);

    const rerun = await dbCopy("--from", large, "--to", url);
    expect(rerun.code, rerun.output).toBe(0);
    expect((client.query("select count(*) n from farm_readings").rows[0] as { n: number }).n).toBeGreaterThan(20_000);
  });

  it("leaves an empty target that the app had already migrated as it was, migrated and empty", async () => {
    const { url, client } = newTarget("migrated");
    migratePostgres(client, path.join(root, "drizzle-pg"));
    const migrated = tablesOf(client);
    expect(migrated).toContain("drizzle.__drizzle_migrations");
    const broken = sourceCopy("broken-again.db");
    const file = new Database(broken);
    file.prepare("update accounts set balance_minor = balance_minor + 1 where id = (select min(id) from accounts where kind = 'WALLET')").run();
    file.close();

    const run = await dbCopy("--from", broken, "--to", url);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain("The copy does not match the source, so it was rolled back and nothing was written:");
    expect(tablesOf(client)).toEqual(migrated);
    expect(Object.values(rowCounts(client)).every((n) => n === 0)).toBe(true);
  });
});
