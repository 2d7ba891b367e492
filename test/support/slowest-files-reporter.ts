import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the ten slowest test files at the end of every run (after vitest's own summary), so a file
 * that makes the suite slow is seen the day it arrives. The time is the file's own: collecting it
 * (imports, suite callbacks) plus its tests and hooks (a server or browser started in beforeAll).
 * A file that runs on both engines is named with its project ("postgres") where it ran on PostgreSQL.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        const file = path.relative(process.cwd(), m.moduleId);
        return { file: m.project.name === "sqlite" ? file : `${file} (${m.project.name})`, ms: d.collectDuration + d.duration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (rows.length === 0) return;
    const width = Math.max(...rows.map((r) => r.file.length));
    const lines = rows.map((r) => `  ${r.file.padEnd(width)}  ${(r.ms / 1000).toFixed(1).padStart(6)} s`);
    process.stdout.write(`\nThe ten slowest test files:\n${lines.join("\n")}\n`);
  }
}
