// `node scripts/lib/cpu-reference.js <ms>`: page-shaped CPU work that shares nothing (React renders a
// few hundred elements to a string; a JSON round trip now and then), for <ms> milliseconds; prints
// how many renders it did. `npm run bench` runs it in one process and then in one per core at once:
// the ratio is what this machine gives N processes over one before any server code is involved
// (vCPUs that are hyperthreads of one core, or a busy host, give less than N).
import React from "react";
import { renderToString } from "react-dom/server";

const h = React.createElement;
const row = (i, n) => h("li", { key: i, className: `card c${i % 7}` }, h("a", { href: `/batches/${i}` }, `Batch #${i}`), ` ${n} units, `, h("strong", null, `GH₵${(i * 12.5).toFixed(2)}`));
const Page = ({ n }) =>
  h(
    "main",
    null,
    h("h1", null, "Live batches"),
    h(
      "ul",
      null,
      Array.from({ length: 200 }, (_, i) => row(i, n)),
    ),
  );
const record = { batches: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Batch #${i}`, units: i * 10, roi: i / 100 })) };

const until = performance.now() + Number(process.argv[2] ?? 3000);
let renders = 0;
while (performance.now() < until) {
  renderToString(h(Page, { n: renders }));
  if (renders % 5 === 0) JSON.parse(JSON.stringify(record));
  renders += 1;
}
console.log(renders);
