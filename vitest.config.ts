import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts", "server/**/*.test.{ts,mjs}"],
    globalSetup: ["tests/global-setup-unit.ts"],
    setupFiles: ["tests/setup-unit.ts"],
    pool: "forks",
    // Vitest's default for `run` is one worker fewer than the cores: a single worker on a 2-core
    // machine, with the other core idle (the main process only collects results).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // One process per worker runs many files (isolation cost half the run's CPU: every file
    // imported the app's module graph and migrated a database again). Each file still starts on
    // the database as migrated, with empty uploads and outbox folders (tests/setup-unit.ts).
    isolate: false,
    testTimeout: 20_000,
  },
});
