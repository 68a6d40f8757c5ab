// The app process runs with two glibc malloc arenas wherever it runs as in production: the deploy's
// image, the local cluster (and so the rehearsal) and the bench. Without it the threads that
// allocate (sharp's pipelines on libuv's pool) each get an arena that fragments and is not handed
// back: crew tag PDFs for 48 clubs peaked at 254-256 MB of RSS, 202-203 MB with two arenas
// (docs/decisions/0022-speed.md, "Native memory").
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ClusterNode } from "../../cluster/lib.mjs";

describe("MALLOC_ARENA_MAX=2", () => {
  it("is in the image's environment, which LiteFS passes on to the app", () => {
    const dockerfile = fs.readFileSync("Dockerfile", "utf8");
    const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? "";
    expect(env).toMatch(/\bMALLOC_ARENA_MAX=2\b/);
  });

  it("is in every cluster node's environment unless the caller set its own", () => {
    const node = (env: Record<string, string>) =>
      new ClusterNode({
        name: "n1",
        role: "primary",
        dir: "/tmp/malloc-arenas-test",
        template: "",
        ports: { http: 1, proxy: 2, app: 3 },
        primaryHttpPort: 1,
        env: env as NodeJS.ProcessEnv,
        litefs: "litefs",
        log: () => {},
      });
    expect(node({}).appEnv().MALLOC_ARENA_MAX).toBe("2");
    expect(node({ MALLOC_ARENA_MAX: "4" }).appEnv().MALLOC_ARENA_MAX).toBe("4");
  });

  it("is in the bench server's environment", () => {
    expect(fs.readFileSync("scripts/bench.mjs", "utf8")).toMatch(/MALLOC_ARENA_MAX: "2"/);
  });
});
