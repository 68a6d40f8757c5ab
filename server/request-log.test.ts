import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRemixRequest } from "./remix-adapter.mjs";
import { newRequestId, openRequests, requestLine, requestLogger, routeMatcher } from "./request-log.mjs";

// The shape of build.routes for a few of the app's routes.
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/_app": { id: "routes/_app", parentId: "root" },
  "routes/_app._home": { id: "routes/_app._home", parentId: "routes/_app" },
  "routes/_app._home._index": { id: "routes/_app._home._index", parentId: "routes/_app._home", index: true },
  "routes/_app.members": { id: "routes/_app.members", parentId: "routes/_app", path: "members" },
  "routes/_app.members.checkout": {
    id: "routes/_app.members.checkout",
    parentId: "routes/_app.members",
    path: "checkout",
  },
  "routes/_app.members.$id.photo": {
    id: "routes/_app.members.$id.photo",
    parentId: "routes/_app.members",
    path: ":id/photo",
  },
  "routes/auth": { id: "routes/auth", parentId: "root", path: "auth" },
  "routes/auth.verify.$token": {
    id: "routes/auth.verify.$token",
    parentId: "routes/auth",
    path: "verify/:token",
  },
  "routes/auth.reset": { id: "routes/auth.reset", parentId: "routes/auth", path: "reset" },
  "routes/orders.$token.invoice[.]pdf": {
    id: "routes/orders.$token.invoice[.]pdf",
    parentId: "root",
    path: "orders/:token/invoice.pdf",
  },
  "routes/healthcheck": { id: "routes/healthcheck", parentId: "root", path: "healthcheck" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};

describe("routeMatcher", () => {
  const match = routeMatcher(ROUTES);

  it("names the route that matched, static before dynamic, the splat last", () => {
    expect(match("/")).toEqual({ route: "/", path: "/" });
    expect(match("/members")).toEqual({ route: "/members", path: "/members" });
    expect(match("/members/checkout")).toEqual({ route: "/members/checkout", path: "/members/checkout" });
    expect(match("/members/12/photo")).toEqual({ route: "/members/:id/photo", path: "/members/12/photo" });
    expect(match("/Healthcheck/")).toEqual({ route: "/healthcheck", path: "/Healthcheck/" });
    expect(match("/no/such/page")).toEqual({ route: "/*", path: "/no/such/page" });
  });

  it("hides route parameters that are tokens", () => {
    expect(match("/orders/s3cr3t-abc/invoice.pdf")).toEqual({
      route: "/orders/:token/invoice.pdf",
      path: "/orders/[redacted]/invoice.pdf",
    });
    expect(match("/auth/verify/s3cr3t")).toEqual({
      route: "/auth/verify/:token",
      path: "/auth/verify/[redacted]",
    });
    // Dots in a pattern are literal.
    expect(match("/orders/abc/invoiceXpdf").route).toBe("/*");
  });
});

describe("requestLine", () => {
  const match = routeMatcher(ROUTES);
  const base = { id: "abc123defg", method: "GET", status: 200, ms: 3.456, match };

  it("is one JSON object: id, method, route, path, status, ms, user", () => {
    const line = requestLine({ ...base, url: "/members/12/photo", userId: 7 });
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      level: "info",
      msg: "request",
      id: "abc123defg",
      method: "GET",
      route: "/members/:id/photo",
      path: "/members/12/photo",
      status: 200,
      ms: 3.5,
      user: 7,
    });
    expect(JSON.parse(requestLine({ ...base, url: "/" }))).not.toHaveProperty("user");
  });

  it("never carries a query string or a token", () => {
    for (const url of [
      "/auth/reset?token=s3cr3t",
      "/auth/verify/s3cr3t?token=s3cr3t&_data=routes%2Fauth.verify.%24token",
      "/orders/s3cr3t/invoice.pdf?download=1",
      "/members?q=s3cr3t#s3cr3t",
      "/no/s3cr3t-page?tokEN=s3cr3t",
    ]) {
      const line = requestLine({ ...base, url });
      expect(line, url).not.toContain("?");
      expect(line, url).not.toContain("q=");
      if (!url.startsWith("/no/")) expect(line, url).not.toContain("s3cr3t");
    }
  });
});

describe("requestLogger", () => {
  const lines: string[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const logger = requestLogger({ match: routeMatcher(ROUTES), write: (l) => lines.push(l) });
    // The logger as express runs it: res.locals, then the app.
    const app = (
      req: http.IncomingMessage,
      res: http.ServerResponse & { locals?: Record<string, string> },
    ) => {
      res.locals = {};
      // biome-ignore lint/suspicious/noExplicitAny: express's types are not installed
      logger(req as any, res as any, () => {
        // What the app does (app/lib/request-log.server.ts): mark the request's entry with the user.
        const remix = toRemixRequest(
          req,
          undefined,
          new AbortController().signal,
          null,
          res.locals?.requestId,
        );
        const id = remix?.headers.get("x-regatta-request-id");
        const entry = id ? openRequests().get(id) : undefined;
        if (entry && req.url?.startsWith("/members")) entry.userId = 42;
        res.statusCode = req.url?.startsWith("/no") ? 404 : 200;
        res.end(id ?? "none");
      });
    };
    server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends X-Request-Id, hands the same id to the app (not the client's), and logs one line with it", async () => {
    const res = await fetch(`${base}/members/5/photo?token=s3cr3t&q=x`, {
      headers: { "X-Regatta-Request-Id": "forged" },
    });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[a-z0-9]{10}$/);
    expect(await res.text()).toBe(id); // the app saw the server's id, not "forged"
    await expect.poll(() => lines.length).toBe(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ id, method: "GET", route: "/members/:id/photo", path: "/members/5/photo" });
    expect(line).toMatchObject({ status: 200, user: 42 });
    expect(typeof line.ms).toBe("number");
    expect(lines[0]).not.toContain("s3cr3t");
    expect(openRequests().has(id as string)).toBe(false); // the entry ends with the line

    const other = await fetch(`${base}/no/such?x=1`);
    await expect.poll(() => lines.length).toBe(2);
    expect(other.headers.get("x-request-id")).not.toBe(id);
    expect(JSON.parse(lines[1])).toMatchObject({ status: 404, route: "/*", path: "/no/such" });
    expect(JSON.parse(lines[1])).not.toHaveProperty("user");
  });

  it("ids are short and differ", () => {
    const ids = new Set(Array.from({ length: 1000 }, newRequestId));
    expect(ids.size).toBe(1000);
  });
});
