// `npm run seed`: migrates the database at DATABASE_URL (default ./data/akoko.db) and, when it is
// empty, seeds the demo data, without starting the server. A database that already holds users or
// farms is left as it is (the server does the same at start-up).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./lib/server-process.js";

ensureBuild();
const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
const db = build.entry.module.initDatabase();
const users = db.$client.prepare("select count(*) n from users").get().n;
const batches = db.$client.prepare("select count(*) n from batches").get().n;
build.entry.module.closeDb();
const url = process.env.DATABASE_URL ?? "./data/akoko.db";
// A PostgreSQL URL is named without its password.
const where = /^postgres(ql)?:/i.test(url) ? build.entry.module.databaseUrlForDisplay(url) : path.resolve(url);
console.log(`${where}: migrated; ${users} users, ${batches} batches.`);
