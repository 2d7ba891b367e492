// `npm run weight`: what each page costs an investor on mobile data, against docs/rules.md#weight-budgets
// (HTML + CSS <= 40 KB gzipped, JavaScript <= 120 KB gzipped, images <= 30 KB each, no web fonts).
// Builds if needed, starts the built server on 127.0.0.1 with a temp SQLite file (demo data),
// loads each page cold in Debian's Chromium and prints a table, then the first contentful paint of
// Home, both invest pages and a batch page on an emulated Slow 3G link, JavaScript off and on.
// Exits 1 when a page is over its byte budget or a first paint over FIRST_PAINT_BUDGET_MS.
import { slow3gFirstPaintMs } from "./lib/first-paint.js";
import { launchChromium } from "./lib/chromium.js";
import { BUDGET, formatTable, measureSite } from "./lib/page-weight.js";
import { ADMIN, ensureBuild, INVESTOR, startBuiltServer } from "./lib/server-process.js";

/** Issue 19: what the first paint may cost on Slow 3G (one round trip plus the first response). */
const FIRST_PAINT_BUDGET_MS = 800;

ensureBuild();
const server = await startBuiltServer();
const browser = await launchChromium();
let over = false;
try {
  const { rows, skipped } = await measureSite({ baseUrl: server.url, browser, investor: INVESTOR, admin: ADMIN });
  console.log(`Page weight (gzipped with zlib; KB = 1,000 bytes), ${new Date().toISOString().slice(0, 10)}`);
  console.log(formatTable(rows));
  if (skipped.length) console.log(`Not measured: ${skipped.join(", ")}`);
  console.log(`Budget: HTML + CSS <= ${BUDGET.htmlCssBytes / 1000} KB, JavaScript <= ${BUDGET.jsBytes / 1000} KB, images <= ${BUDGET.imageBytes / 1000} KB each, no web fonts.`);
  console.log(`First contentful paint on Slow 3G (400 ms, 400 kbit/s, cache off, 360 x 740), median of 3 (budget ${FIRST_PAINT_BUDGET_MS} ms):`);
  const slow = [];
  for (const page of ["/", "/invest/eggs", "/invest/chicken", "/batches/1"]) {
    const figures = [];
    for (const javaScriptEnabled of [false, true]) {
      const ms = Math.round(await slow3gFirstPaintMs(browser, `${server.url}${page}`, 3, { javaScriptEnabled }));
      figures.push(`JavaScript ${javaScriptEnabled ? "on" : "off"} ${ms} ms`);
      if (ms > FIRST_PAINT_BUDGET_MS) slow.push(`${page} (JavaScript ${javaScriptEnabled ? "on" : "off"}): ${ms} ms`);
    }
    console.log(`  ${page.padEnd(16)} ${figures.join(", ")}`);
  }
  over = rows.some((r) => r.problems.length > 0);
  if (slow.length) console.log(`OVER the first-paint budget: ${slow.join("; ")}`);
  over ||= slow.length > 0;
  if (over) console.log("Over budget: see OVER above.");
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = over ? 1 : 0;
