// The rehearsal's tests (issue 27 section 2): the smoke day (tests/rehearsal/smoke.test.ts) needs the
// built app (build/index.js) and, for the cluster, LiteFS and FUSE, so it is not part of the unit run
// (vitest.config.ts); `npm test` runs it after the build, on its own:
//   npx vitest run --config tests/rehearsal/vitest.config.ts
// The pure parts (stats.test.ts) run with it.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(__dirname, "../.."),
  resolve: { alias: { "~": path.resolve(__dirname, "../../app") } },
  test: {
    include: ["tests/rehearsal/**/*.test.ts"],
    pool: "forks",
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
