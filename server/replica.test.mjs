// server/replica.mjs on a mount as LiteFS shows it (real files in a temporary folder): a write on a
// replica is answered 409 with `fly-replay: instance=<primary>`; on a replica that has lost its
// primary (no `.primary`, `.lag` growing: issue 27, seen on the real cluster) the write must not
// reach Remix, whose write would fail on the read-only replica with a 500.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLitefsState, replayWritesToPrimary } from "./replica.mjs";

function mount(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-mount-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** One middleware per mount, as one server has one (it remembers the last primary it saw). */
const middlewares = new Map();
/** Runs the mount's middleware once: what it answered, or `passed` when it let the request through. */
function run(dir, method, headers = {}, url = "/eoi-events/new") {
  if (!middlewares.has(dir)) middlewares.set(dir, replayWritesToPrimary(dir));
  const answer = { status: 0, headers: {}, body: "", passed: false };
  const res = {
    set statusCode(v) {
      answer.status = v;
    },
    setHeader(n, v) {
      answer.headers[n.toLowerCase()] = v;
    },
    end(b) {
      answer.body = String(b ?? "");
    },
  };
  middlewares.get(dir)({ method, headers, url }, res, () => {
    answer.passed = true;
  });
  return answer;
}

describe("writes on a LiteFS replica", () => {
  it("pass on the primary and for reads", () => {
    const primary = mount({ ".lag": "+000000000\n" });
    expect(run(primary, "POST").passed).toBe(true);
    expect(run(mount({ ".primary": "n1\n" }), "GET").passed).toBe(true);
    expect(run(undefined, "POST").passed).toBe(true);
  });

  it("are replayed on the primary .primary names", () => {
    const a = run(mount({ ".primary": "n1\n", ".lag": "+000000700\n" }), "POST");
    expect(a.passed).toBe(false);
    expect(a.status).toBe(409);
    expect(a.headers["fly-replay"]).toBe("instance=n1");
  });

  it("never reach Remix when the primary is unreachable: replayed on the last primary seen, else 503", () => {
    const dir = mount({ ".primary": "n1\n", ".lag": "+000000700\n" });
    expect(run(dir, "POST").status).toBe(409);
    fs.rmSync(path.join(dir, ".primary"));
    fs.writeFileSync(path.join(dir, ".lag"), "+000012000\n");
    const replayed = run(dir, "POST");
    expect(replayed.passed).toBe(false);
    expect(replayed.status).toBe(409);
    expect(replayed.headers["fly-replay"]).toBe("instance=n1");

    // Started while .primary named n1: replayed there, without a write seen before.
    const started = mount({ ".primary": "n1\n", ".lag": "+000000700\n" });
    middlewares.set(started, replayWritesToPrimary(started));
    fs.rmSync(path.join(started, ".primary"));
    expect(run(started, "POST").headers["fly-replay"]).toBe("instance=n1");

    const never = mount({ ".lag": "+000012000\n" });
    const page = run(never, "POST");
    expect(page.passed).toBe(false);
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toMatch(/^\d+$/);
    expect(page.body).toContain("The server is reconnecting. Try again in a moment.");
    const kiosk = run(never, "POST", { accept: "application/json" }, "/scanning/entrance/save");
    expect(kiosk.status).toBe(503);
    expect(JSON.parse(kiosk.body)).toMatchObject({ ok: false, reconnecting: true });
  });

  it("pass where .lag is empty, as app/lib/litefs.server.ts reads it (one reading: readLitefsState)", () => {
    const dir = mount({ ".lag": "" });
    expect(readLitefsState(dir)).toEqual({ primary: true, host: null });
    expect(run(dir, "POST").passed).toBe(true);
    const lost = mount({ ".primary": "\n", ".lag": "+000004000\n" });
    expect(readLitefsState(lost)).toEqual({ primary: false, host: null });
    expect(run(lost, "POST").status).toBe(503);
  });
});
