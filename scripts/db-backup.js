// `npm run db:backup [-- <file>]`: a consistent online copy of the live SQLite database,
// through SQLite's backup API, safe while the server is taking writes.
// Restore: stop the server, copy the backup over DATABASE_URL's file, delete that file's
// -wal and -shm companions, start the server.
// PostgreSQL is backed up with its own tools (docs/scaling.md): a postgres:// DATABASE_URL is refused.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { ensureBuild, importBuild } from "./lib/server-process.js";

ensureBuild();
const { databaseUrlForDisplay, engineOf, sqliteFileOf } = await importBuild();
const databaseUrl = process.env.DATABASE_URL ?? "./data/akoko.db";
if (engineOf(databaseUrl) === "postgres") {
  console.error(
    `DATABASE_URL names a PostgreSQL database (${databaseUrlForDisplay(databaseUrl)}); npm run db:backup copies a SQLite file. Back PostgreSQL up with its own tools: continuous archiving with a nightly base backup (pg_basebackup), and pg_dump for a logical copy. See docs/scaling.md, "Backups and the restore drill".`,
  );
  process.exit(1);
}
const source = path.resolve(sqliteFileOf(databaseUrl));
if (!fs.existsSync(source)) {
  console.error(`No database at ${source}. Set DATABASE_URL to the live database file.`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] ?? path.join(path.dirname(source), "backups", `akoko-${stamp}.db`));
if (fs.existsSync(target)) {
  console.error(`${target} already exists; choose another file name.`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });

const db = new Database(source, { fileMustExist: true });
db.pragma("busy_timeout = 5000");
const started = Date.now();
try {
  await db.backup(target);
} finally {
  db.close();
}

// A backup nobody checked is a hope: open it and let SQLite verify every page.
const copy = new Database(target, { readonly: true });
const check = copy.pragma("integrity_check", { simple: true });
const users = copy.prepare("select count(*) as n from users").get().n;
copy.close();
if (check !== "ok") {
  console.error(`Backup written to ${target} but its integrity check says: ${check}`);
  process.exit(1);
}
const size = fs.statSync(target).size;
console.log(`Backup of ${source} written to ${target} (${(size / 1024).toFixed(0)} KB, ${users} users, integrity ok, ${Date.now() - started} ms).`);
