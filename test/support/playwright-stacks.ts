/**
 * Playwright reads a stack (`new Error().stack`) on every call a test makes, to name the call and
 * find the test's line in it, and again for every script it runs in a page, in case the page goes
 * away meanwhile. In a test worker, vite's source-map support formats every stack: it copies each
 * frame (some thirty methods each) and looks it up in source maps, though most of these frames are
 * Playwright's own and Node's, which have none: about a twelfth of a browser test worker's CPU.
 * For a stack taken inside Playwright, frames in node_modules and Node's own are written as V8
 * writes them, and the rest (the tests' and the app's files, which vite compiled) still go through
 * vite's mapping, so a failing call still points at the test's line: half the cost. Every other
 * error's stack is vite's, unchanged.
 */
const STACKS_WRAPPED = Symbol.for("akoko.test.playwrightStacks");
type Prepare = (error: Error, frames: NodeJS.CallSite[]) => unknown;

// A worker runs this before each of its files in one process (`isolate: false`): wrap it once.
const current = Error.prepareStackTrace as (Prepare & { [STACKS_WRAPPED]?: true }) | undefined;
if (current && !current[STACKS_WRAPPED]) {
  const mapped = current;
  const unmapped = (file: string) => file.startsWith("node:") || file.includes("/node_modules/");
  const prepare: Prepare = (error, frames) => {
    if (!frames[0]?.getFileName()?.includes("/node_modules/playwright-core/")) return mapped(error, frames);
    const lines = frames.map((frame) => {
      const file = frame.getFileName() ?? "";
      if (!file || unmapped(file)) return `\n    at ${String(frame)}`;
      // vite's text for this one frame, without its first line (the error's name and message).
      const text = String(mapped(error, [frame]));
      return text.slice(text.indexOf("\n"));
    });
    return `${error.name}: ${error.message}${lines.join("")}`;
  };
  Error.prepareStackTrace = Object.assign(prepare, { [STACKS_WRAPPED]: true as const });
}

export {};
