// The server runs with production's node flags wherever it is measured or rehearsed: the deploy's
// litefs.yml is the source; the local cluster's two nodes (and so the rehearsal on it), the bench,
// the CPU bench and the rehearsal's own server spawn it with the same flags (docs/decisions/0022-speed.md: the heap cap, small semi-spaces, no baseline compiler).
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const production = /cmd: "node ((?:--[\w-]+(?:=\d+)? )+)server\.mjs"/.exec(
  fs.readFileSync("litefs.yml", "utf8"),
);
const flags = production?.[1].trim().split(" ") ?? [];

/** The string literals of the flags an array in `file` lists, in order. */
function flagsIn(file: string): string[] {
  return [
    ...fs
      .readFileSync(file, "utf8")
      .matchAll(/"(--(?:max-old-space-size|max-semi-space-size|no-sparkplug)[^"]*)"/g),
  ].map((m) => m[1]);
}

describe("node flags", () => {
  it("are named in litefs.yml", () => {
    expect(flags).toEqual(["--max-old-space-size=128", "--max-semi-space-size=4", "--no-sparkplug"]);
  });

  it.each(["cluster/n1.yml.tmpl", "cluster/n2.yml.tmpl"])("are the ones %s starts the app with", (file) => {
    const cmd = /cmd: "node ((?:--[\w-]+(?:=\d+)? )+)server\.mjs"/.exec(fs.readFileSync(file, "utf8"));
    expect(cmd?.[1].trim().split(" ")).toEqual(flags);
  });

  it.each(["scripts/bench.mjs", "scripts/bench-cpu.mjs", "scripts/rehearsal.mjs"])(
    "are the ones %s runs the server with",
    (file) => {
      expect(flagsIn(file)).toEqual(flags);
    },
  );
});
