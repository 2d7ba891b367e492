// `npm start`: build when the build is missing or older than the sources, then serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const buildFile = path.resolve("build/index.js");
const built = fs.existsSync(buildFile) ? fs.statSync(buildFile).mtimeMs : 0;
const sources = Math.max(newestMtime("app"), fs.statSync("remix.config.js").mtimeMs);
if (built < sources) {
  console.log("Building the app (remix build)...");
  const result = spawnSync("npx", ["--no-install", "remix", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.argv[1] = path.resolve("scripts/server.js");
await import("./server.js");
