// The patch of @remix-run/router (patches/, applied by patch-package on `npm install`; ADR 0022):
// matchRoutes ranks a routes array's branches once and remembers the matches of recent pathnames.
// This fails when the patch is not applied (a fresh install without postinstall, or an upgrade of
// the router that patch-package could not patch), and checks that matching itself is unchanged:
// the same matches, params shared by one location's matches, copies that callers cannot spoil.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "users", path: "users", children: [{ id: "user", path: ":id" }] },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (path: string) => router.matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

describe("the @remix-run/router patch", () => {
  it("is applied to the module Node loads", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("function rankedBranchesOf(routes)");
    expect(source).toContain("function copyMatches(matches)");
    expect(source).toContain("function compilePathUncached(");
  });

  it("matches as before, the first time and from the cache", () => {
    for (let i = 0; i < 2; i++) {
      expect(ids("/")).toEqual(["root", "home"]);
      expect(ids("/users/7")).toEqual(["root", "users", "user"]);
      expect(ids("/elsewhere/deep")).toEqual(["root", "splat"]);
      expect(router.matchRoutes(routes, "/users/7")?.[2].params).toEqual({ id: "7" });
      expect(router.matchRoutes(routes, "/users/7", "/app")).toBeNull();
    }
  });

  it("hands out copies: a caller's change to params or a match does not reach the next caller", () => {
    const first = router.matchRoutes(routes, "/users/42");
    if (!first) throw new Error("no match");
    expect(first[0].params).toBe(first[2].params);
    (first[2].params as Record<string, string>).id = "spoiled";
    (first[2] as { pathname: string }).pathname = "/spoiled";
    const second = router.matchRoutes(routes, "/users/42");
    expect(second?.[2].params).toEqual({ id: "42" });
    expect(second?.[2].pathname).toBe("/users/42");
  });

  it("keeps a pattern's compiled path per case-sensitivity and end", () => {
    expect(router.matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
    expect(router.matchPath({ path: "/a", end: false }, "/a/b")?.pathnameBase).toBe("/a");
    expect(router.matchPath({ path: "/A", caseSensitive: true }, "/a")).toBeNull();
    expect(router.matchPath({ path: "/A", caseSensitive: false }, "/a")).not.toBeNull();
  });
});
