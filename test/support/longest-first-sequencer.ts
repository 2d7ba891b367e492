import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Starts the longest test files first, so the two workers end together instead of one waiting on a
 * long browser file that started last. With durations from an earlier run (vitest's cache) vitest's
 * own order does that. Without them (a fresh clone, as CI) it would go by file size, and the browser
 * journeys, two small files that each run a large shared module, would start last: here a file weighs
 * its own bytes and those of the modules beside it that it runs, and a browser file four times more.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return oneProjectAfterAnother(await this.longestFirst(files));
  }

  private async longestFirst(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const timed = files.every((f) => cache.getFileTestResults(`${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`));
    if (timed) return super.sort(files);
    const weight = new Map(files.map((f) => [f.moduleId, estimatedWeight(f.moduleId)]));
    return [...files].sort((a, b) => weight.get(b.moduleId)! - weight.get(a.moduleId)!);
  }
}

/**
 * The files of one project (vitest.config.ts: the engines) together, each project's longest first,
 * the project with fewer files first so the other's short files end the run. A worker goes on to the
 * next file only if it is of the same project; otherwise vitest stops it and starts a new one, about
 * a second of CPU each. Interleaved, the two projects' files started 48 workers in a run.
 */
export function oneProjectAfterAnother(files: TestSpecification[]): TestSpecification[] {
  const byProject = new Map<string, TestSpecification[]>();
  for (const file of files) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
  return [...byProject.values()].sort((a, b) => a.length - b.length).flat();
}

function estimatedWeight(file: string): number {
  const text = fs.readFileSync(file, "utf8");
  let bytes = text.length;
  for (const m of text.matchAll(/from "\.\/([\w.-]+)"/g)) {
    const shared = path.join(path.dirname(file), `${m[1]}.ts`);
    if (fs.existsSync(shared)) bytes += fs.statSync(shared).size;
  }
  return file.includes(`${path.sep}e2e${path.sep}`) ? bytes * 4 : bytes;
}
