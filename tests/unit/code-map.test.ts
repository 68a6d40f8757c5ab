// docs/code-map.md stays true (issue 30): its "Every URL" table lists every URL of the route tree,
// each with its route file(s), and nothing else. The tree comes from `remix routes --json` (the
// Remix CLI reads app/routes the way the build does, folder routes and `[.]` included; ~2 s idle),
// not from a copy of its file-name rules that could drift from it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

type RouteNode = { id: string; path?: string; index?: boolean; file: string; children?: RouteNode[] };

/** URL → the route files answering it (a layout and its `_index` share one). */
function routeUrls(): Map<string, string[]> {
  const out = execFileSync(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "routes", "--json"],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const tree = JSON.parse(out.slice(out.indexOf("["))) as RouteNode[];
  const urls = new Map<string, string[]>();
  const walk = (node: RouteNode, base: string) => {
    const full =
      node.path === undefined ? base : `${base.replace(/\/$/, "")}/${node.path}`.replace(/\/+/g, "/");
    if (node.id !== "root" && (node.index || node.path !== undefined)) {
      const url = full === "" ? "/" : full;
      urls.set(url, [...(urls.get(url) ?? []), node.file.replace(/^routes\//, "")]);
    }
    for (const child of node.children ?? []) walk(child, full);
  };
  for (const node of tree) walk(node, "");
  return urls;
}

/** The rows of the code map's "Every URL" table: URL → the files its second column names. */
function mapRows(): Map<string, string[]> {
  const text = fs.readFileSync(path.join(root, "docs/code-map.md"), "utf8");
  const section = text.slice(text.indexOf("## Every URL"));
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const m = line.match(/^\| `([^`]+)` \| (.*) \|$/);
    if (!m) continue;
    rows.set(
      m[1],
      [...m[2].matchAll(/`([^`]+)`/g)].map((f) => f[1]),
    );
  }
  return rows;
}

describe("docs/code-map.md", () => {
  it("lists every URL of the route tree with its route files, and no other", { timeout: 60_000 }, () => {
    const routes = routeUrls();
    const rows = mapRows();
    expect(routes.size).toBeGreaterThan(100);
    const missing = [...routes.keys()].filter((url) => !rows.has(url));
    const stale = [...rows.keys()].filter((url) => !routes.has(url));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    const wrongFiles = [...routes]
      .filter(([url, files]) => [...files].sort().join() !== [...(rows.get(url) ?? [])].sort().join())
      .map(([url, files]) => `${url}: ${files.join(", ")}`);
    expect(wrongFiles).toEqual([]);
  });

  it("names the public screens by their URL", () => {
    const rows = mapRows();
    for (const url of [
      "/board",
      "/scoreboard",
      "/results",
      "/results/:year",
      "/standings",
      "/overlay",
      "/api",
    ])
      expect(rows.has(url), url).toBe(true);
  });
});
