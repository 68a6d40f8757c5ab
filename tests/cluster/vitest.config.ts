// The cluster test (tests/cluster/cluster.test.ts) runs a real two-node LiteFS cluster
// (`npm run cluster`) on the built app, so it is not part of the unit run (vitest.config.ts):
//   npx remix build && npx vitest run --config tests/cluster/vitest.config.ts
// It skips itself, loudly, where LiteFS or /dev/fuse is missing.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(__dirname, "../.."),
  resolve: { alias: { "~": path.resolve(__dirname, "../../app") } },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
