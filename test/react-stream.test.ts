import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

// Both builds: the server runs the production one (NODE_ENV=production), `npm run dev` the other.
const require = createRequire(import.meta.url);
const reactDomCjs = path.resolve(import.meta.dirname, "../node_modules/react-dom/cjs");
const builds = {
  production: require(path.join(reactDomCjs, "react-dom-server.node.production.min.js")),
  development: require(path.join(reactDomCjs, "react-dom-server.node.development.js")),
} as Record<string, typeof import("react-dom/server")>;

/** The page as React streams it (app/entry.server.tsx renders with renderToPipeableStream). */
function streamed(build: string, element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = builds[build].renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

describe("React's streamed HTML (patches/react-dom)", () => {
  it.each(Object.keys(builds))("has no NUL bytes where a cedi sign falls across React's 2 KB buffer, byte for byte what renderToString gives (%s build)", async (build) => {
    // React 18.3.1 sent its whole 2 KB buffer when a multi-byte character did not fit its end, NUL
    // bytes included (react#31134, docs/decisions/101): in the loader data's script that breaks JSON, so hydration.
    // Eighteen short paragraphs fill most of a buffer; a last one of 0 to 119 characters moves the
    // buffer's end across every byte of a line with the cedi sign, the middle dot and the dash.
    const filled = Array.from({ length: 18 }, (_, i) => h("p", { key: i }, "a".repeat(100)));
    for (let shift = 0; shift < 120; shift++) {
      const page = h("main", null, ...filled, h("p", { key: "shift" }, "s".repeat(shift)), h("p", { key: "money" }, "GH₵120.00 · Batch #2 — Egg Note ₵₵₵₵"));
      const bytes = await streamed(build, page);
      expect(bytes.includes(0), `shift ${shift}`).toBe(false);
      expect(bytes.toString("utf8"), `shift ${shift}`).toBe(renderToString(page));
    }
  });
});
