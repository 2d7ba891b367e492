// `npm test`'s static checks: the type check (`npm run typecheck`) and lint (`npm run lint`: ESLint and
// Prettier's check, as two jobs) run side by side on the two cores instead of one after the other.
// Three jobs, not two: beside SQLite's compile in `.ci/run` (four jobs on two cores), ESLint then
// Prettier on one core was the last to end. With `--build`, as `npm test` runs it, `remix build` is a
// fourth job: none of the checks reads the build, and the tests that follow need it. Each one's output
// is printed whole when it ends; the exit code is non-zero when any fails.
import { spawn } from "node:child_process";

const checks = [
  ["typecheck", ["run", "--silent", "typecheck"]],
  ["lint:eslint", ["run", "--silent", "lint:eslint"]],
  ["lint:prettier", ["run", "--silent", "lint:prettier"]],
  ...(process.argv.includes("--build") ? [["build", ["run", "--silent", "build"]]] : []),
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
