import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One temporary directory per test run. Every test database, backup, upload and browser profile is made
 * under it (os.tmpdir() follows TMPDIR, which the test workers inherit), and it is removed when the run
 * ends, so a run leaves nothing behind however its files clean up after themselves.
 */
export default function setup() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-tests-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
