// The cluster's edge (cluster/edge.mjs) on its own, without LiteFS (so it runs wherever the cluster
// test is skipped): two real HTTP servers on 127.0.0.1 answer as the nodes' LiteFS proxies do
// (n2 answers any write with 200 and `fly-replay: instance=n1`, as LiteFS's proxy on a replica).
// The whole cluster is tests/cluster/cluster.test.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEdge } from "../../cluster/edge.mjs";

type Seen = { node: string; method: string; url: string; body: string; headers: http.IncomingHttpHeaders };
const seen: Seen[] = [];

function node(name: string): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    if (req.url === "/healthcheck") return res.end('{"status":"ok"}');
    seen.push({ node: name, method: req.method ?? "", url: req.url ?? "", body, headers: req.headers });
    if (req.url === "/reconnecting")
      return res.end(`<p>page from ${name}, cookie ${req.headers.cookie ?? "none"}</p>`);
    if (req.url === "/reconnecting.json") {
      res.setHeader("Content-Type", "application/json");
      return res.end(JSON.stringify({ ok: false, reconnecting: true, message: `json from ${name}` }));
    }
    if (req.url === "/events") {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write("id: 1\ndata: first\n\n");
      const timer = setTimeout(() => res.write("id: 2\ndata: second\n\n"), 300);
      req.on("close", () => clearTimeout(timer));
      return;
    }
    if (req.method !== "GET" && name === "n2") {
      res.setHeader("Fly-Replay", "instance=n1");
      return res.end();
    }
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ node: name, body, client: req.headers["fly-client-ip"] }));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const urlOf = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
let n1: http.Server;
let n2: http.Server;
let edge: ReturnType<typeof createEdge>;
let base = "";

beforeAll(async () => {
  n1 = await node("n1");
  n2 = await node("n2");
  edge = createEdge({
    nodes: [
      { name: "n1", url: urlOf(n1) },
      { name: "n2", url: urlOf(n2) },
    ],
    primary: "n1",
    pollMs: 100,
  });
  const address = (await edge.listen(0)) as AddressInfo;
  base = `http://127.0.0.1:${address.port}`;
  await edge.poll();
});

afterAll(() => {
  edge.close();
  for (const s of [n1, n2]) {
    s.closeAllConnections();
    s.close();
  }
});

const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "name=Crew+One&csrf=abc",
    signal: AbortSignal.timeout(5_000),
  });

describe("the cluster's edge", () => {
  it("spreads GETs over the healthy nodes", async () => {
    const nodes = new Set<string>();
    for (let i = 0; i < 4; i++) nodes.add(((await (await fetch(`${base}/page`)).json()) as Seen).node);
    expect([...nodes].sort()).toEqual(["n1", "n2"]);
  });

  it("replays a write the replica answers with fly-replay on the node named, same body and headers", async () => {
    seen.length = 0;
    const res = await post("/eoi-events/new", { "fly-force-instance-id": "n2", cookie: "__session=s1" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ node: "n1", body: "name=Crew+One&csrf=abc" });
    expect(seen.map((s) => s.node)).toEqual(["n2", "n1"]);
    expect(seen[1].headers.cookie).toBe("__session=s1");
    expect(seen[1].headers["fly-force-instance-id"]).toBeUndefined();
  });

  it("passes the client's address as Fly-Client-IP: its X-Forwarded-For, else the peer; never a forged copy", async () => {
    const ask = async (headers: Record<string, string>) =>
      ((await (await fetch(`${base}/page`, { headers })).json()) as { client: string }).client;
    expect(await ask({ "x-forwarded-for": "198.51.100.7, 10.0.0.1" })).toBe("198.51.100.7");
    expect(await ask({})).toBe("127.0.0.1");
    expect(await ask({ "fly-client-ip": "203.0.113.9" })).toBe("127.0.0.1");
  });

  it("streams an answer through as it comes (Server-Sent Events)", async () => {
    const t0 = Date.now();
    const res = await fetch(`${base}/events`);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("data: first");
    expect(Date.now() - t0).toBeLessThan(250);
    let rest = "";
    while (!rest.includes("second")) rest += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
  });

  it("with the primary down: GETs go to the replica, writes get 503 and the reconnecting page at once", async () => {
    n1.closeAllConnections();
    await new Promise((r) => n1.close(r));
    // Before the poll has noticed: a refused GET is sent to the other node.
    for (let i = 0; i < 3; i++)
      expect(((await (await fetch(`${base}/page`)).json()) as Seen).node).toBe("n2");
    for (const headers of [{}, { "fly-force-instance-id": "n2" }] as Record<string, string>[]) {
      const t0 = Date.now();
      const res = await post("/eoi-events/new", { cookie: "lang=ms", ...headers });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await res.text()).toBe("<p>page from n2, cookie lang=ms</p>");
      expect(Date.now() - t0).toBeLessThan(2_000); // never a hang (2 s on a loaded CI machine)
    }
    for (const [path, headers] of [
      ["/scanning/entrance/save", {}],
      ["/anything", { accept: "application/json" }],
    ] as const) {
      const res = await post(path, headers);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, reconnecting: true, message: "json from n2" });
    }
  });

  it("answers 503 when no node is up", async () => {
    n2.closeAllConnections();
    await new Promise((r) => n2.close(r));
    const res = await fetch(`${base}/page`);
    expect(res.status).toBe(503);
    const write = await post("/eoi-events/new");
    expect(write.status).toBe(503);
    expect(await write.text()).toContain("The server is reconnecting. Try again in a moment.");
  });
});

describe("the edge when a node fails mid-request", () => {
  /** A primary that takes a write (counts it) and then resets the connection without answering, and
   * that resets a GET /stale arriving on a socket it has already served (a kept-alive socket it
   * dropped), as a node closing an idle keep-alive connection does. */
  let taken = 0;
  const primary = http.createServer(async (req, res) => {
    for await (const _ of req);
    if (req.url === "/healthcheck") return res.end("ok");
    const served = (req.socket as { served?: number }).served ?? 0;
    (req.socket as { served?: number }).served = served + 1;
    if (req.method === "POST") {
      taken++;
      return req.socket.destroy(); // the body arrived and was acted on; no answer
    }
    if (req.url === "/stale" && served > 0) return req.socket.destroy();
    res.end(`fresh ${served}`);
  });
  let own: ReturnType<typeof createEdge>;
  let at = "";

  beforeAll(async () => {
    await new Promise<void>((r) => primary.listen(0, "127.0.0.1", () => r()));
    own = createEdge({ nodes: [{ name: "p", url: urlOf(primary) }], primary: "p", pollMs: 60_000 });
    at = `http://127.0.0.1:${((await own.listen(0)) as AddressInfo).port}`;
    await own.poll();
  });
  afterAll(() => {
    own.close();
    primary.closeAllConnections();
    primary.close();
  });

  it("answers a write reset after it was sent with 502, not 503 'try again', sends it once, keeps the node up", async () => {
    taken = 0;
    const res = await fetch(`${at}/tickets/purchase/checkout`, { method: "POST", body: "pax=2" });
    expect(res.status).toBe(502);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await res.text()).not.toContain("Try again in a moment");
    expect(taken).toBe(1);
    expect(own.nodes[0].healthy).toBe(true);
    const kiosk = await fetch(`${at}/scanning/entrance/save`, { method: "POST", body: "h=%231" });
    expect(kiosk.status).toBe(502);
    expect(await kiosk.json()).toMatchObject({ ok: false, unanswered: true });
    expect(taken).toBe(2);
  });

  it("retries a GET reset on a kept-alive socket once on a fresh one, and keeps the node up", async () => {
    expect(await (await fetch(`${at}/warm`)).text()).toBe("fresh 0"); // a socket into the pool
    const res = await fetch(`${at}/stale`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("fresh 0");
    expect(own.nodes[0].healthy).toBe(true);
  });
});

describe("the edge's health checks", () => {
  it("keep a slow node up until three checks in a row time out; a refused one is down at once", async () => {
    let hang = false;
    const slowNode = http.createServer((_req, res) => {
      if (!hang) res.end("ok"); // else no answer: a node too busy to answer within 1.5 s
    });
    await new Promise<void>((r) => slowNode.listen(0, "127.0.0.1", () => r()));
    const e = createEdge({ nodes: [{ name: "s", url: urlOf(slowNode) }], primary: "s", pollMs: 600_000 });
    try {
      await e.poll();
      expect(e.nodes[0].healthy).toBe(true);
      hang = true;
      await e.poll();
      await e.poll();
      expect(e.nodes[0].healthy, "down after two slow checks").toBe(true);
      await e.poll();
      expect(e.nodes[0].healthy).toBe(false);
      hang = false;
      await e.poll();
      expect(e.nodes[0].healthy).toBe(true);
      slowNode.closeAllConnections();
      await new Promise((r) => slowNode.close(r));
      await e.poll();
      expect(e.nodes[0].healthy, "refused: down at once").toBe(false);
    } finally {
      e.close();
      slowNode.closeAllConnections();
      slowNode.close();
    }
  }, 20_000);
});
