// The replica test (tests/replica/replica.test.ts) needs the built app (build/index.js), so it is
// not part of the unit run (vitest.config.ts): `npm test` runs it after the build, on its own:
//   npx vitest run --config tests/replica/vitest.config.ts
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(__dirname, "../.."),
  resolve: { alias: { "~": path.resolve(__dirname, "../../app") } },
  test: {
    include: ["tests/replica/**/*.test.ts"],
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
