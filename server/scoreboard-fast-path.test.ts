import { describe, expect, it } from "vitest";
import { scoreboardFastPath } from "./scoreboard-fast-path.mjs";

function setup(clientAddressOf?: (req: { headers: Record<string, string> }) => string) {
  const calls: string[] = [];
  const seen: Record<string, string>[] = [];
  const errors: unknown[] = [];
  const fast = scoreboardFastPath({
    page: () => calls.push("page"),
    events: (req) => {
      if (req.url?.includes("boom")) throw new Error("boom");
      calls.push("events");
    },
    headers: [["Content-Security-Policy", "script-src 'self'"]],
    carriesToken: (url) => /token=/.test(url),
    onError: (error) => errors.push(error),
    // biome-ignore lint/suspicious/noExplicitAny: a minimal stand-in
    clientAddressOf: clientAddressOf as any,
  });
  const run = (method: string, url: string, headers: Record<string, string> = {}) => {
    const set: Record<string, string> = {};
    const res = { setHeader: (n: string, v: string) => (set[n] = v) };
    const req = { method, url, headers: { ...headers }, socket: { remoteAddress: "10.9.9.9" } };
    // biome-ignore lint/suspicious/noExplicitAny: minimal stand-ins for Node's request and response
    const taken = fast(req as any, res as any);
    seen.push(req.headers);
    return { taken, set };
  };
  return { calls, errors, run, seen };
}

describe("scoreboardFastPath", () => {
  it("answers GET and HEAD of the page and the stream, any query, with the given headers", () => {
    const { calls, run } = setup();
    expect(run("GET", "/scoreboard")).toEqual({
      taken: true,
      set: { "Content-Security-Policy": "script-src 'self'" },
    });
    expect(run("HEAD", "/scoreboard?x=1").taken).toBe(true);
    expect(run("GET", "/scoreboard/events?v=abc").taken).toBe(true);
    expect(calls).toEqual(["page", "page", "events"]);
  });

  it("leaves everything else to express", () => {
    const { calls, run } = setup();
    for (const [method, url] of [
      ["POST", "/scoreboard"],
      ["GET", "/scoreboard-manage"],
      ["GET", "/scoreboard/"],
      ["GET", "/scoreboard/events/x"],
      ["GET", "/scoreboardx"],
      ["GET", "http://evil/scoreboard"],
      ["GET", "/Scoreboard"],
      ["GET", "/scoreboard?token=abc"], // the token-page headers are express's
    ]) {
      expect(run(method, url), `${method} ${url}`).toEqual({ taken: false, set: {} });
    }
    expect(calls).toEqual([]);
  });

  it("gives the handler the client's address from the trusted source, never the client's own copy", () => {
    const { run, seen } = setup((req) => req.headers["x-test-client-ip"] ?? "peer");
    run("GET", "/scoreboard/events", {
      "x-test-client-ip": "2001:db8::1",
      "x-regatta-client-address": "1.1.1.1",
    });
    expect(seen[0]["x-regatta-client-address"]).toBe("2001:db8::1");
    run("GET", "/scoreboard/events", { "x-regatta-client-address": "1.1.1.1" });
    expect(seen[1]["x-regatta-client-address"]).toBe("peer");
    const plain = setup();
    plain.run("GET", "/scoreboard/events", { "x-regatta-client-address": "1.1.1.1" });
    expect(plain.seen[0]["x-regatta-client-address"]).toBe("10.9.9.9"); // the socket's peer
  });

  it("hands a handler's error to onError", () => {
    const { errors, run } = setup();
    expect(run("GET", "/scoreboard/events?boom").taken).toBe(true);
    expect(errors).toHaveLength(1);
  });
});

describe("scoreboardFastPath with the big screen (issue 20)", () => {
  it("answers /board and /board/events with their own handlers, and nothing else under /board", () => {
    const calls: string[] = [];
    const fast = scoreboardFastPath({
      page: () => calls.push("page"),
      events: () => calls.push("events"),
      board: { page: () => calls.push("board"), events: () => calls.push("board events") },
      headers: [],
      carriesToken: (url) => /token=/.test(url),
      onError: () => {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: minimal stand-ins for Node's request and response
    type Any = any;
    const run = (method: string, url: string) =>
      fast(
        { method, url, headers: {}, socket: { remoteAddress: "10.0.0.1" } } as Any,
        { setHeader() {} } as Any,
      );
    expect(run("GET", "/board")).toBe(true);
    expect(run("GET", "/board/events?v=x")).toBe(true);
    expect(run("GET", "/scoreboard?refresh=30")).toBe(true);
    for (const url of ["/board/", "/boards", "/board/x", "/board?token=a"])
      expect(run("GET", url), url).toBe(false);
    expect(run("POST", "/board")).toBe(false);
    expect(calls).toEqual(["board", "board events", "page"]);
  });
});

describe("scoreboardFastPath with other routes' fast paths (issue 29)", () => {
  it("answers exact paths and prefixes ending in /*, GET and HEAD only", () => {
    const calls: string[] = [];
    const fast = scoreboardFastPath({
      page: () => calls.push("page"),
      events: () => calls.push("events"),
      more: { "/standings": () => calls.push("standings"), "/api/v1/*": () => calls.push("api") },
      headers: [],
      carriesToken: (url) => /token=/.test(url),
      onError: () => {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: minimal stand-ins for Node's request and response
    type Any = any;
    const run = (method: string, url: string) =>
      fast(
        { method, url, headers: {}, socket: { remoteAddress: "10.0.0.1" } } as Any,
        { setHeader() {} } as Any,
      );
    expect(run("GET", "/standings?x=1")).toBe(true);
    expect(run("HEAD", "/api/v1/editions")).toBe(true);
    for (const url of ["/standings.csv", "/standings/", "/api/v1/", "/api/v1", "/api", "/board"])
      expect(run("GET", url), url).toBe(false);
    expect(run("POST", "/api/v1/editions")).toBe(false);
    expect(calls).toEqual(["standings", "api"]);
  });
});
