import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  BODY_LIMITS,
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  RESULTS_IMPORT_BODY_LIMIT,
  readBody,
  UPLOAD_BODY_LIMIT,
} from "./body-limit.mjs";

describe("bodyLimitFor", () => {
  it("gives the photo uploads 16 MiB", () => {
    expect(UPLOAD_BODY_LIMIT).toBe(16 * 1024 * 1024);
    expect(bodyLimitFor("POST", "/auth/register/manager")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/auth/register/competitor?token=abc")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/auth/register/Manager/")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/photo")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/photo?_data=routes%2F_app._home.photo")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/")).toBe(DEFAULT_BODY_LIMIT);
  });

  it("gives everything else 256 KiB", () => {
    expect(DEFAULT_BODY_LIMIT).toBe(256 * 1024);
    expect(bodyLimitFor("POST", "/auth/login")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/auth/register")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/auth/register/manager/extra")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/users")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("PUT", "/")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("DELETE", "/auth/register/manager")).toBe(DEFAULT_BODY_LIMIT);
  });

  it("keeps its exceptions in one table", () => {
    expect(BODY_LIMITS.map((r) => r.method)).toEqual(["POST", "POST", "POST"]);
  });

  it("lets a results import carry a 1 MB file, and nothing else that much", () => {
    expect(bodyLimitFor("POST", "/rounds/12/results")).toBe(RESULTS_IMPORT_BODY_LIMIT);
    expect(RESULTS_IMPORT_BODY_LIMIT).toBeGreaterThan(1024 * 1024);
    expect(bodyLimitFor("POST", "/rounds/12/edit")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("POST", "/rounds/12/results/x")).toBe(DEFAULT_BODY_LIMIT);
  });
});

function request(chunks: Buffer[], headers: Record<string, string> = {}) {
  let sent = 0;
  const stream = new Readable({
    read() {
      const next = chunks.shift();
      if (next) sent += next.length;
      this.push(next ?? null);
    },
  });
  return Object.assign(stream, { headers, sent: () => sent });
}

describe("readBody", () => {
  it("returns the whole body when it fits", async () => {
    const req = request([Buffer.from("a=1&"), Buffer.from("b=2")]);
    const result = await readBody(req, 10);
    expect(result).toEqual({ ok: true, body: Buffer.from("a=1&b=2") });
  });

  it("refuses a declared Content-Length over the limit without reading anything", async () => {
    const req = request([Buffer.alloc(5)], { "content-length": "11" });
    expect(await readBody(req, 10)).toEqual({ ok: false, reason: "too-large" });
    expect(req.sent()).toBe(0);
  });

  it("stops reading a chunked body as soon as the count passes the limit", async () => {
    const chunks = Array.from({ length: 100 }, () => Buffer.alloc(1024));
    const req = request(chunks);
    expect(await readBody(req, 4096)).toEqual({ ok: false, reason: "too-large" });
    expect(req.sent()).toBeLessThan(32 * 1024); // the limit plus read-ahead, never the 100 KiB
    expect(req.isPaused()).toBe(true);
  });

  it("accepts a body of exactly the limit", async () => {
    const req = request([Buffer.alloc(6), Buffer.alloc(4)]);
    const result = await readBody(req, 10);
    expect(result.ok && result.body.length).toBe(10);
  });

  it("reports a client that went away", async () => {
    const req = Object.assign(new Readable({ read() {} }), { headers: {} }); // sends nothing, never ends
    const pending = readBody(req, 10);
    req.destroy();
    expect(await pending).toEqual({ ok: false, reason: "aborted" });
  });
});
