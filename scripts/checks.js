// `npm test`'s static checks: the type check (`npm run typecheck`) and lint (`npm run lint`) run side by
// side, each on one of the two cores, instead of one after the other. Each one's output is printed
// whole when it ends; the exit code is non-zero when either fails.
import { spawn } from "node:child_process";

const checks = [
  ["typecheck", ["run", "--silent", "typecheck"]],
  ["lint", ["run", "--silent", "lint"]],
];

const results = await Promise.all(
  checks.map(
    ([name, args]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn("npm", args, { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`${code === 0 ? "ok" : "FAILED"}: npm run ${name} (${seconds} s)\n${output.trim() ? `${output.trim()}\n` : ""}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
