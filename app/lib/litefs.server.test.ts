// Which node this is, read from the LiteFS mount (real files in a temporary folder, as LiteFS shows
// them): the primary has no `.primary` and a `.lag` of 0; a replica's `.primary` names its primary;
// a replica that has lost its primary (killed, restarting) has NO `.primary` either, but its `.lag`
// (ms since it last heard from the primary) grows. Seen on the real LiteFS cluster (issue 27): that
// replica took itself for the primary, reopened the database read-write, ran the jobs and answered
// a write with a 500.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const saved = process.env.LITEFS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.LITEFS_DIR;
  else process.env.LITEFS_DIR = saved;
  vi.resetModules();
});

/** A fresh module (env() and the one-second cache start empty) over a mount holding `files`. */
async function nodeWith(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-mount-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  process.env.LITEFS_DIR = dir;
  vi.resetModules();
  return import("./litefs.server");
}

describe("LiteFS: primary or replica", () => {
  it("is the primary without .primary, with .lag 0", async () => {
    const m = await nodeWith({ ".lag": "+000000000\n" });
    expect(m.isPrimary()).toBe(true);
    expect(m.primaryHost()).toBeNull();
    expect(() => m.ensurePrimary()).not.toThrow();
  });

  it("is a replica of the host .primary names", async () => {
    const m = await nodeWith({ ".primary": "n1\n", ".lag": "+000000711\n" });
    expect(m.isPrimary()).toBe(false);
    expect(m.primaryHost()).toBe("n1");
  });

  it("is a replica, not the primary, when its primary is unreachable (no .primary, .lag growing)", async () => {
    const m = await nodeWith({ ".lag": "+000019272\n" });
    expect(m.isPrimary()).toBe(false);
    expect(m.primaryHost()).toBeNull();
    // A GET that must write: answered at once with 503 (try again), never a write that fails.
    let thrown: unknown;
    try {
      m.ensurePrimary();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect((thrown as Response).headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("keeps the old rule where LiteFS shows no .lag (older LiteFS, the simulated replica)", async () => {
    expect((await nodeWith({})).isPrimary()).toBe(true);
    expect((await nodeWith({ ".primary": "primary-machine-1\n" })).isPrimary()).toBe(false);
  });

  it("reads an empty .lag as a missing one (the primary), as server/replica.mjs does", async () => {
    const m = await nodeWith({ ".lag": "" });
    expect(m.isPrimary()).toBe(true);
    expect(m.readLitefsState(process.env.LITEFS_DIR as string)).toEqual({ primary: true, host: null });
    const replica = await import("../../server/replica.mjs");
    expect(replica.primaryLost(process.env.LITEFS_DIR as string)).toBe(false);
    // An empty .primary says nothing either: .lag decides.
    const lost = await nodeWith({ ".primary": "\n", ".lag": "+000004000\n" });
    expect(lost.isPrimary()).toBe(false);
    expect(lost.primaryHost()).toBeNull();
  });
});
