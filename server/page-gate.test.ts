import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageGate } from "./page-gate.mjs";

// The gate in front of an app whose answers the test finishes by hand.
describe("pageGate", () => {
  const gate = pageGate({ match: (path) => path === "/race-control", concurrency: 2, queue: 1 });
  const short = pageGate({ match: (path) => path === "/slow", concurrency: 1, queue: 1, holdMs: 300 });
  const held: (() => void)[] = [];
  const seen: string[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = req.url ?? "";
      seen.push(url);
      if (/^\/(race-control|slow)\/?(\?|$)/i.test(url)) {
        held.push(() => res.end("ok"));
      } else res.end("other");
    };
    // The gates as express runs them: (req, res, next), plain node objects underneath.
    type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    const [outer, inner] = [gate, short] as unknown as Handler[];
    server = http.createServer((req, res) => outer(req, res, () => inner(req, res, () => app(req, res))));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // One connection per request (no pooling), as separate browsers would make.
  const fetch = (url: string, init?: { signal?: AbortSignal }) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: () => Promise<string> }>(
      (resolve, reject) => {
        const req = http.get(url, { agent: false, signal: init?.signal }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: async () => body }),
          );
          res.on("error", reject);
        });
        req.on("error", reject);
      },
    );

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(check()).toBe(true);
  };

  it("runs two at a time, queues the next in order, refuses beyond the queue, and lets other pages by", async () => {
    seen.length = 0;
    const first = fetch(`${base}/race-control?day=2`);
    const second = fetch(`${base}/Race-Control/?_data=routes%2F_app.race-control`);
    await until(() => held.length === 2);
    const third = fetch(`${base}/race-control`);
    await until(() => gate.waiting === 1);
    expect(gate.active).toBe(2);

    const refused = await fetch(`${base}/race-control`);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(await refused.text()).toContain(
      "The server is busy right now. Please wait a few seconds and try again.",
    );

    // Another page is not held up by the queue.
    expect(await (await fetch(`${base}/race-controls`)).text()).toBe("other");
    expect(await (await fetch(`${base}/users`)).text()).toBe("other");

    expect(seen.filter((u) => /^\/race-control\/?(\?|$)/i.test(u))).toHaveLength(2);
    held.shift()?.();
    expect((await first).status).toBe(200);
    await until(() => held.length === 2 && gate.waiting === 0);
    held.shift()?.();
    held.shift()?.();
    expect(await (await second).text()).toBe("ok");
    expect(await (await third).text()).toBe("ok");
    await until(() => gate.active === 0);
  });

  it("drops a waiting request whose client went away, and frees the place of one that closed mid-answer", async () => {
    held.length = 0;
    seen.length = 0;
    const a = new AbortController();
    const b = new AbortController();
    const one = fetch(`${base}/race-control`, { signal: a.signal }).catch(() => "aborted");
    const two = fetch(`${base}/race-control`);
    await until(() => held.length === 2);
    const gone = new AbortController();
    const queued = fetch(`${base}/race-control?gone=1`, { signal: gone.signal }).catch(() => "aborted");
    await until(() => gate.waiting === 1);
    gone.abort();
    expect(await queued).toBe("aborted");
    await until(() => gate.waiting === 0);

    // The first client goes away while its page is being made: its place is free again.
    a.abort();
    expect(await one).toBe("aborted");
    await until(() => gate.active === 1);
    const three = fetch(`${base}/race-control?three=1`, { signal: b.signal });
    await until(() => held.length === 3);
    expect(seen.some((u) => u.includes("gone=1"))).toBe(false);
    for (const finish of held.splice(0)) finish();
    expect((await two).status).toBe(200);
    expect((await three).status).toBe(200);
    await until(() => gate.active === 0);
  });

  it("gives a place back after holdMs when the answer is still being read, and once only", async () => {
    held.length = 0;
    seen.length = 0;
    const slow = fetch(`${base}/slow?first=1`);
    await until(() => held.length === 1 && short.active === 1);
    const next = fetch(`${base}/slow?next=1`);
    await until(() => short.waiting === 1);
    // Past holdMs the first one's place goes to the next; its answer is not sent yet.
    await until(() => held.length === 2 && short.active === 1 && short.waiting === 0);
    for (const finish of held.splice(0)) finish();
    expect((await slow).status).toBe(200);
    expect((await next).status).toBe(200);
    await until(() => short.active === 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(short.active).toBe(0); // the first one's close did not give its place back a second time
  });
});
