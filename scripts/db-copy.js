// `npm run db:copy -- --from ./data/akoko.db --to postgres://user:password@host:5432/akoko`: copies a
// SQLite database into an empty PostgreSQL one (app/models/db-copy.server.ts), checks the arrival
// against the source before committing, and exits 1 with the reason when it refuses or they differ.
// The password may instead come from PGPASSWORD; it is never printed.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ensureBuild } from "./lib/server-process.js";

let options;
try {
  options = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } }).values;
} catch (error) {
  console.error(`${error.message}\nUsage: npm run db:copy -- --from ./data/akoko.db --to postgres://user:password@host:5432/akoko`);
  process.exit(1);
}

ensureBuild();
const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
const { copySqliteToPostgres, CopyStopped } = build.entry.module;
try {
  const copy = copySqliteToPostgres({ from: options.from, to: options.to });
  const filled = copy.tables.filter((table) => table.rows > 0).length;
  console.log(`Copied ${copy.from} to ${copy.to}: ${copy.tables.length} tables (${filled} with rows), ${copy.rows} rows, in ${(copy.ms / 1000).toFixed(1)} s.`);
  console.log(`Checked before committing: every table's row count, the ledger's invariants, and ${copy.accounts} account balances match the source.`);
} catch (error) {
  console.error(error instanceof CopyStopped ? `db:copy: ${error.message}` : `db:copy failed, nothing was written: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
