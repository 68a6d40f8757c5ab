// What server.mjs guarantees for every response, checked over raw HTTP (node:http, no browser
// except for the last test): security headers with a per-request CSP nonce, body-size limits
// enforced while the body streams in, token pages neither cached nor referred, a request log
// without tokens. Runs once, as Playwright project `http` (see playwright.config.ts).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { DEMO, login } from "./helpers";

const HOST = "127.0.0.1";
const E2E_DIR = path.resolve("tests/.tmp/e2e");
const MiB = 1024 * 1024;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/** One request; `body` is sent with a Content-Length unless `headers` say otherwise. */
function request(
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Reply> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port: E2E_PORT, method, path: target, headers, agent: false });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          ms: Date.now() - started,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

type Upload = { status: number; body: string; ms: number; sentWhenAnswered: number; sentTotal: number };

/**
 * Streams `total` bytes as a chunked body (no Content-Length), as fast as the connection takes
 * them, and stops writing as soon as the answer arrives. A connection reset after the answer is
 * expected (the server closes it rather than read the rest).
 */
function streamUpload(
  target: string,
  total: number,
  {
    headers = {},
    head,
    declaredLength,
  }: { headers?: Record<string, string>; head?: Buffer; declaredLength?: number } = {},
): Promise<Upload> {
  const started = Date.now();
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let sentWhenAnswered = -1;
    const req = http.request({
      host: HOST,
      port: E2E_PORT,
      method: "POST",
      path: target,
      agent: false,
      headers:
        declaredLength === undefined
          ? { ...headers, "Transfer-Encoding": "chunked" }
          : { ...headers, "Content-Length": String(declaredLength) },
    });
    req.on("response", (res) => {
      answered = true;
      sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      const done = () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          ms: Date.now() - started,
          sentWhenAnswered,
          sentTotal: sent,
        });
      res.on("end", done);
      res.on("error", done);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (declaredLength !== undefined && total === 0) {
      req.flushHeaders(); // announce a big body, then wait without sending it
      return;
    }
    if (head) {
      req.write(head);
      sent += head.length;
    }
    const pump = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** Bytes the app server process has read so far (all read() calls: sockets and files). */
function appReadBytes(): number | null {
  try {
    const pid = fs.readFileSync(path.join(E2E_DIR, "app.pid"), "utf8").trim();
    const io = fs.readFileSync(`/proc/${pid}/io`, "utf8");
    return Number(io.match(/^rchar: (\d+)$/m)?.[1]);
  } catch {
    return null; // not Linux, or not allowed: the timing assertions still hold
  }
}

const NONCE_CSP =
  /^default-src 'self'; script-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' https:\/\/app\.senangpay\.my$/;

function expectSecurityHeaders(reply: Reply, what: string) {
  const h = reply.headers;
  expect(h["content-security-policy"], what).toMatch(NONCE_CSP);
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["x-frame-options"], what).toBe("DENY");
  expect(h["permissions-policy"], what).toBe("camera=(self), geolocation=(), microphone=()");
  expect(h["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(h["referrer-policy"], what).toMatch(/^(strict-origin-when-cross-origin|same-origin)$/);
  // APP_URL of the e2e server is http://, so no HSTS (it would pin plain-HTTP hosts to https).
  expect(h["strict-transport-security"], what).toBeUndefined();
}

test.describe("security headers", () => {
  test("every kind of response carries them", async () => {
    const page = await request("GET", "/auth/login");
    expect(page.status).toBe(200);
    const asset = page.body.match(/(?:href|src)="(\/build\/[^"]+)"/)?.[1];
    expect(asset, "a /build/ asset in the login page").toBeTruthy();

    const cases: [string, Promise<Reply>, number][] = [
      ["page", Promise.resolve(page), 200],
      ["redirect (/ logged out)", request("GET", "/"), 302],
      ["data request", request("GET", "/auth/login?_data=root"), 200],
      ["resource route /healthcheck", request("GET", "/healthcheck"), 200],
      ["static file /favicon.svg", request("GET", "/favicon.svg"), 200],
      [`build asset ${asset}`, request("GET", asset!), 200],
      ["404 /uploads/nope.jpg", request("GET", "/uploads/nope.jpg"), 404],
      ["404 page", request("GET", "/not-found"), 404],
      [
        "403 CSRF failure",
        request("POST", "/auth/login", {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "email=a%40example.com&password=x",
        }),
        403,
      ],
      ["413", request("POST", "/auth/login", { body: Buffer.alloc(300 * 1024) }), 413],
      ["400 bad URL", request("GET", "/%E0%A4%A"), 400],
    ];
    for (const [what, pending, status] of cases) {
      const reply = await pending;
      expect(reply.status, what).toBe(status);
      expectSecurityHeaders(reply, what);
    }
  });

  test("the CSP nonce is new for every response and on every script of the page", async () => {
    for (const target of ["/auth/login", "/auth/register/manager"]) {
      const [a, b] = await Promise.all([request("GET", target), request("GET", target)]);
      const nonce = String(a.headers["content-security-policy"]).match(NONCE_CSP)?.[1];
      expect(nonce, target).toBeTruthy();
      expect(String(b.headers["content-security-policy"]).match(NONCE_CSP)?.[1]).not.toBe(nonce);
      const scripts = a.body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, `${target} has Remix's scripts`).toBeGreaterThanOrEqual(2);
      for (const tag of scripts) expect(tag, target).toContain(`nonce="${nonce}"`);
    }
  });

  test("a request the server cannot read as a URL of this site is a 400 with a message", async () => {
    const bad = await request("GET", "/%E0%A4%A");
    expect(bad.status).toBe(400);
    expect(bad.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(bad.body).toContain("The address or the headers of this request are not valid.");
    const absolute = await request("GET", "http://evil.example/");
    expect(absolute.status).toBe(400);
    expectSecurityHeaders(absolute, "absolute-form URL");
  });
});

test("a request Node's own parser refuses still gets the headers", async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(E2E_PORT, HOST, () =>
      socket.write("GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n"),
    );
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("close", () => resolve(data));
    socket.on("error", reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'self'; script-src 'self' 'nonce-/);
  expect(answer).toContain("\r\nX-Frame-Options: DENY\r\n");
});

test.describe("body-size limits", () => {
  test("a chunked 40 MB body to /auth/login is refused with 413 as soon as it passes 256 KiB", async () => {
    const readBefore = appReadBytes();
    const upload = await streamUpload("/auth/login", 40 * MiB, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(upload.status).toBe(413);
    expect(upload.body).toContain("Photos must be at most 15 MB. Go back and choose a smaller photo.");
    expect(upload.body).toContain('<a href="/auth/login">Go back</a>');
    expect(upload.sentWhenAnswered, "answered before the body was all sent").toBeLessThan(40 * MiB);
    expect(upload.ms).toBeLessThan(2_000);
    const readAfter = appReadBytes();
    if (readBefore !== null && readAfter !== null) {
      expect(readAfter - readBefore, "bytes the server read").toBeLessThan(20 * MiB);
    }
  });

  test("a declared Content-Length of 40 MB is refused without sending the body", async () => {
    const upload = await streamUpload("/auth/login", 0, { declaredLength: 40 * MiB });
    expect(upload.status).toBe(413);
    expect(upload.sentWhenAnswered).toBe(0);
    expect(upload.ms).toBeLessThan(2_000);
  });

  test("a 20 MB photo upload to /auth/register/manager is refused with 413", async () => {
    const boundary = `----regatta${randomBytes(8).toString("hex")}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig Photo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
    );
    const upload = await streamUpload("/auth/register/manager", 20 * MiB, {
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      head,
    });
    expect(upload.status).toBe(413);
    expect(upload.body).toContain('<a href="/auth/register/manager">Go back</a>');
  });

  test("the photo endpoints take more than 256 KiB; other posts do not", async () => {
    const boundary = `----regatta${randomBytes(8).toString("hex")}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      Buffer.alloc(MiB, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
    // No CSRF token: the app itself refuses it, after our layer let the whole body through.
    const register = await request("POST", "/auth/register/manager", { headers, body });
    expect(register.status).toBe(403);
    const profile = await request("POST", "/photo", { headers, body });
    expect(profile.status).not.toBe(413);
    const login = await request("POST", "/auth/login", { headers, body });
    expect(login.status).toBe(413);
  });
});

test.describe("URLs that carry a token", () => {
  test("are not cached, not sent to other sites, and never reach the log", async () => {
    const secret = `tok${randomBytes(12).toString("hex")}`;
    const pages = [
      `/auth/reset?token=${secret}`,
      `/auth/verify/${secret}`,
      `/auth/register/competitor?token=${secret}`,
    ];
    const ids: string[] = [];
    for (const target of pages) {
      const reply = await request("GET", target);
      ids.push(String(reply.headers["x-request-id"]));
      expect(reply.headers["cache-control"], target).toBe("no-store");
      expect(reply.headers["referrer-policy"], target).toBe("same-origin");
      expectSecurityHeaders(reply, target);
    }
    const plain = await request("GET", "/auth/reset");
    expect(plain.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(plain.headers["cache-control"]).not.toBe("no-store");

    const logFile = path.join(E2E_DIR, "app.log");
    // One JSON line per request (server/request-log.mjs): the route and path, never the query.
    const lines = () =>
      fs
        .readFileSync(logFile, "utf8")
        .split("\n")
        .filter((l) => l.startsWith("{") && ids.some((id) => l.includes(`"id":"${id}"`)))
        .map((l) => JSON.parse(l));
    await expect.poll(() => lines().length, { timeout: 5_000 }).toBe(3);
    expect(lines().map((l) => [l.method, l.route, l.path])).toEqual([
      ["GET", "/auth/reset", "/auth/reset"],
      ["GET", "/auth/verify/:token", "/auth/verify/[redacted]"],
      ["GET", "/auth/register/:role", "/auth/register/competitor"],
    ]);
    expect(fs.readFileSync(logFile, "utf8")).not.toContain(secret);
  });
});

test.describe("in the browser", () => {
  test("pages run under the CSP without violations and hydrate", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(String(error)));

    for (const target of ["/auth/login", "/auth/register/manager"]) {
      const response = await page.goto(target);
      expect(response?.headers()["content-security-policy"]).toMatch(NONCE_CSP);
      await expect.poll(() => page.evaluate(() => "__remixContext" in window)).toBe(true);
    }

    // Logging in submits with fetch (a Remix data request), then client-side navigation.
    await login(page, DEMO.ADMIN);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.getByRole("link", { name: "All Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(violations).toEqual([]);
  });
});
