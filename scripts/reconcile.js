// `npm run reconcile -- --date YYYY-MM-DD`: compares the payment provider's transactions and
// transfers created that day (UTC) with our deposits, withdrawals and the ledger, in the database at
// DATABASE_URL, with the provider PAYMENTS_PROVIDER names (see docs/payments.md#reconciliation). Prints every
// difference, one per line, and a summary.
//
// Exit codes: 0 no difference; 1 at least one difference; 2 a missing or bad --date;
// 3 the report could not be made (the provider did not answer, a bad configuration).
//
// The demo provider keeps what it did in the memory of the server process, so from this separate
// process it lists nothing: every SUCCEEDED demo deposit or withdrawal shows as missing at the
// provider. Reconcile the demo on the admin page (/admin/payments/reconciliation) instead.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./lib/server-process.js";

const USAGE = "Usage: npm run reconcile -- --date YYYY-MM-DD (a day in UTC, e.g. yesterday's date)";

/** The value of --date (`--date 2026-11-21` or `--date=2026-11-21`), or null. */
function dateArgument(argv) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--date") return argv[i + 1] ?? "";
    if (argv[i].startsWith("--date=")) return argv[i].slice("--date=".length);
  }
  return null;
}

/** A real calendar day (2026-02-30 is not), as app/domain/calendar.ts's isCalendarDate. */
function isCalendarDate(text) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

const date = dateArgument(process.argv.slice(2));
if (date === null || date === "") {
  console.error(`Missing --date.\n${USAGE}`);
  process.exit(2);
}
if (!isCalendarDate(date)) {
  console.error(`Not a date: ${JSON.stringify(date)}. Give a real day as YYYY-MM-DD.\n${USAGE}`);
  process.exit(2);
}

ensureBuild();
const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
const app = build.entry.module;

const plural = (n, one) => `${n} ${one}${n === 1 ? "" : "s"}`;

let code = 0;
try {
  const report = await app.reconcileDay(date);
  console.log(`Reconciliation of ${report.date} (UTC) with ${report.provider}: checked ${plural(report.checked.deposits, "deposit")} and ${plural(report.checked.withdrawals, "withdrawal")}.`);
  for (const d of report.differences) console.log(`DIFFERENCE ${d.kind} ${d.reference} ${d.problem}: ${d.detail}`);
  if (report.differences.length === 0) {
    console.log("No differences.");
  } else {
    console.log(`${plural(report.differences.length, "difference")} found.`);
    if (report.provider === "demo")
      console.log("Note: the demo provider remembers only what its own server process did, so from this script our completed demo payments show as missing at the provider.");
    code = 1;
  }
} catch (error) {
  // A DomainError (bad date) carries our words; anything else (the provider did not answer) is named
  // by its message only: the provider's own text and our secrets never reach the terminal.
  const detail = error && typeof error === "object" && "detail" in error ? error.detail : error instanceof Error ? error.message : String(error);
  console.error(`Could not reconcile ${date}: ${detail}`);
  code = error && typeof error === "object" && error.status === 422 ? 2 : 3;
} finally {
  app.closeDb();
}
process.exit(code);
