import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { firstSegment, publicPaths } from "./public-files.mjs";

describe("firstSegment", () => {
  it("is the decoded first segment of the path, without the query", () => {
    expect(firstSegment("/favicon.svg")).toBe("favicon.svg");
    expect(firstSegment("/build/entry.client-X.js")).toBe("build");
    expect(firstSegment("/users?page=2")).toBe("users");
    expect(firstSegment("/")).toBe("");
    expect(firstSegment("/?index")).toBe("");
    expect(firstSegment("/favicon%2Esvg")).toBe("favicon.svg");
  });
  it("is null when the segment does not decode", () => {
    expect(firstSegment("/%E0")).toBeNull();
  });
});

describe("publicPaths", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-"));
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  fs.mkdirSync(path.join(dir, "build"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("lets through what may be a file of the folder, and nothing else", () => {
    const may = publicPaths(dir);
    expect(may("/favicon.svg")).toBe(true);
    expect(may("/favicon.svg?v=2")).toBe(true);
    expect(may("/favicon%2esvg")).toBe(true);
    expect(may("/build/x.js")).toBe(true);
    expect(may("/build")).toBe(true);
    expect(may("/users")).toBe(false);
    expect(may("/")).toBe(false);
    expect(may("/not-found")).toBe(false);
    expect(may("/%E0")).toBe(true); // undecodable: the static middleware decides, as before
  });

  it("lets nothing through for a missing folder, but its prefixes", () => {
    const may = publicPaths(path.join(dir, "missing"), ["/assets/"]);
    expect(may("/favicon.svg")).toBe(false);
    expect(may("/assets/app.js")).toBe(true);
  });
});
