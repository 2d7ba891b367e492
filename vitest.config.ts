import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/support/longest-first-sequencer";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/catalog-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each integration file starts its own server on its own SQLite file;
    // two workers keep the 2-core machine busy without starving the servers.
    maxWorkers: 2,
    fileParallelism: true,
    reporters: ["default", "./test/support/slowest-files-reporter.ts"],
    sequence: { sequencer: LongestFirstSequencer },
  },
});
