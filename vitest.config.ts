import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts", "server/**/*.test.{ts,mjs}"],
    globalSetup: ["tests/global-setup-unit.ts"],
    setupFiles: ["tests/setup-unit.ts"],
    pool: "forks",
    testTimeout: 20_000,
  },
});
