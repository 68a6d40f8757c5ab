// The test hooks (TEST_CONTEXT_HEADERS, TEST_FAIL_HEADER) are refused where the server looks like
// production (issue 27, security review): the pure rule over its edges, withTestContext, and a real
// `node server.mjs` child process that must exit non-zero with the reason on stderr.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testHooksRefusal, withTestContext } from "./test-context.mjs";

const HTTP = "http://127.0.0.1:3100";
const HTTPS = "https://regatta-app.fly.dev";

describe("testHooksRefusal", () => {
  it("lets a test server (http APP_URL, not on Fly) have either hook or both", () => {
    expect(testHooksRefusal({ APP_URL: HTTP, TEST_CONTEXT_HEADERS: "1" })).toBeNull();
    expect(testHooksRefusal({ APP_URL: HTTP, TEST_FAIL_HEADER: "X-Test-Fail" })).toBeNull();
    expect(
      testHooksRefusal({ APP_URL: HTTP, TEST_CONTEXT_HEADERS: "1", TEST_FAIL_HEADER: "X-Test-Fail" }),
    ).toBeNull();
    expect(testHooksRefusal({ TEST_CONTEXT_HEADERS: "1" })).toBeNull(); // no APP_URL at all
    expect(testHooksRefusal({ APP_URL: HTTP, FLY_APP_NAME: "", TEST_CONTEXT_HEADERS: "1" })).toBeNull();
  });

  it("lets production start without the hooks (unset or empty)", () => {
    expect(testHooksRefusal({ APP_URL: HTTPS, FLY_APP_NAME: "regatta-app" })).toBeNull();
    expect(
      testHooksRefusal({
        APP_URL: HTTPS,
        FLY_APP_NAME: "regatta-app",
        TEST_CONTEXT_HEADERS: "",
        TEST_FAIL_HEADER: "",
      }),
    ).toBeNull();
  });

  it("refuses each hook alone with an https APP_URL (any case, leading spaces)", () => {
    for (const APP_URL of [HTTPS, "HTTPS://regatta.example.test", "  https://x.test"]) {
      const context = testHooksRefusal({ APP_URL, TEST_CONTEXT_HEADERS: "1" });
      expect(context, APP_URL).toMatch(/TEST_CONTEXT_HEADERS is set, but APP_URL is https/);
      expect(context).not.toContain("TEST_FAIL_HEADER");
      const fail = testHooksRefusal({ APP_URL, TEST_FAIL_HEADER: "X-Test-Fail" });
      expect(fail, APP_URL).toMatch(/TEST_FAIL_HEADER is set, but APP_URL is https/);
      expect(fail).not.toContain("TEST_CONTEXT_HEADERS");
    }
    // An http URL that merely mentions https is not https.
    expect(testHooksRefusal({ APP_URL: "http://https.example.test", TEST_FAIL_HEADER: "X" })).toBeNull();
  });

  it("refuses each hook alone when FLY_APP_NAME is set, whatever APP_URL says", () => {
    expect(testHooksRefusal({ APP_URL: HTTP, FLY_APP_NAME: "x", TEST_CONTEXT_HEADERS: "1" })).toMatch(
      /TEST_CONTEXT_HEADERS is set, but FLY_APP_NAME is set \(x\)/,
    );
    expect(testHooksRefusal({ FLY_APP_NAME: "x", TEST_FAIL_HEADER: "X-Test-Fail" })).toMatch(
      /TEST_FAIL_HEADER is set, but FLY_APP_NAME is set/,
    );
  });

  it("refuses any non-empty value of a hook, even one that would not turn it on", () => {
    expect(testHooksRefusal({ FLY_APP_NAME: "x", TEST_CONTEXT_HEADERS: "0" })).not.toBeNull();
  });

  it("names both hooks and both reasons when all are there", () => {
    expect(
      testHooksRefusal({
        APP_URL: HTTPS,
        FLY_APP_NAME: "regatta-app",
        TEST_CONTEXT_HEADERS: "1",
        TEST_FAIL_HEADER: "X-Test-Fail",
      }),
    ).toMatch(
      /^refusing to start: TEST_CONTEXT_HEADERS and TEST_FAIL_HEADER are set, but APP_URL is https \(https:\/\/regatta-app\.fly\.dev\) and FLY_APP_NAME is set \(regatta-app\): .*Unset TEST_CONTEXT_HEADERS and TEST_FAIL_HEADER/,
    );
  });
});

describe("withTestContext", () => {
  it("refuses to turn the test context on in a production-looking process", () => {
    const build = { entry: { module: { honourTestContext: (b: unknown) => b } } };
    const before = process.env.FLY_APP_NAME;
    process.env.FLY_APP_NAME = "x";
    try {
      expect(() => withTestContext(build, "1")).toThrow(/refusing to start: TEST_CONTEXT_HEADERS/);
      expect(withTestContext(build, undefined)).toBe(build); // off: nothing to refuse
    } finally {
      if (before === undefined) delete process.env.FLY_APP_NAME;
      else process.env.FLY_APP_NAME = before;
    }
  });
});

/** Runs `node server.mjs` with `env` over a clean test environment; resolves with its exit code and
 * stderr, or with code null if it was still running after `ms` (then it is stopped). */
/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function runServer(env: Record<string, string>, args: string[] = [], ms = 15_000) {
  const port = String(await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-hooks-"));
  const base: Record<string, string | undefined> = { ...process.env };
  for (const name of ["FLY_APP_NAME", "TEST_CONTEXT_HEADERS", "TEST_FAIL_HEADER"]) delete base[name];
  const child = spawn(process.execPath, ["server.mjs", ...args], {
    env: {
      ...base,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: port,
      APP_URL: HTTP,
      DATABASE_PATH: path.join(dir, "app.db"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      OUTBOX_DIR: path.join(dir, "outbox"),
      PAYMENT_PROVIDER: "simulator",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (c: string) => {
    stderr += c;
  });
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL"); // it started serving: the check let it through
      resolve({ code: null, stderr });
    }, ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({ code, stderr });
    });
  });
}

describe("node server.mjs (a real child process)", () => {
  it("exits non-zero with the reason on stderr when TEST_CONTEXT_HEADERS=1 and FLY_APP_NAME is set", async () => {
    const run = await runServer({ TEST_CONTEXT_HEADERS: "1", FLY_APP_NAME: "x" });
    expect(run.code, run.stderr).not.toBeNull(); // it did not start serving
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      /\[server\] refusing to start: TEST_CONTEXT_HEADERS is set, but FLY_APP_NAME is set \(x\)/,
    );
  });

  it("exits non-zero with the reason when TEST_FAIL_HEADER is set and APP_URL is https", async () => {
    const run = await runServer({ TEST_FAIL_HEADER: "X-Test-Fail", APP_URL: HTTPS });
    expect(run.code, run.stderr).not.toBeNull();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/refusing to start: TEST_FAIL_HEADER is set, but APP_URL is https/);
  });

  it("gets past the check with the hooks on an http test server (it then fails on the missing build, not on the hooks)", async () => {
    const run = await runServer({ TEST_CONTEXT_HEADERS: "1", TEST_FAIL_HEADER: "X-Test-Fail" }, [
      "/nonexistent/regatta-build/index.js",
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).not.toContain("refusing to start");
    expect(run.stderr).toMatch(/nonexistent\/regatta-build/);
  });
});
