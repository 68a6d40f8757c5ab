import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageGate } from "./page-gate.mjs";

// The gate in front of an app whose answers the test finishes by hand.
describe("pageGate", () => {
  const gate = pageGate({ match: (path) => path === "/race-control", concurrency: 2, queue: 1 });
  const short = pageGate({ match: (path) => path === "/slow", concurrency: 1, queue: 1, holdMs: 300 });
  const perClient = pageGate({
    match: (path) => path.endsWith(".csv"),
    concurrency: 1,
    queue: 10,
    keyOf: (req) => String(req.headers["x-client"]),
    perKey: 2,
  });
  const held: (() => void)[] = [];
  const seen: string[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = req.url ?? "";
      seen.push(url);
      if (/^\/(race-control|slow|[a-z]+\.csv)\/?(\?|$)/i.test(url)) {
        held.push(() => res.end("ok"));
      } else res.end("other");
    };
    // The gates as express runs them: (req, res, next), plain node objects underneath.
    type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    const [outer, inner, csv] = [gate, short, perClient] as unknown as Handler[];
    server = http.createServer((req, res) =>
      outer(req, res, () => inner(req, res, () => csv(req, res, () => app(req, res)))),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // One connection per request (no pooling), as separate browsers would make.
  const fetch = (url: string, init?: { signal?: AbortSignal; headers?: Record<string, string> }) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: () => Promise<string> }>(
      (resolve, reject) => {
        const req = http.get(url, { agent: false, signal: init?.signal, headers: init?.headers }, (res) => {
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

  it("holds at most perKey places per client, running or waiting, and answers Remix's data request in its own shape", async () => {
    held.length = 0;
    seen.length = 0;
    const a = { headers: { "x-client": "a" } };
    const b = { headers: { "x-client": "b" } };
    const running = fetch(`${base}/users.csv`, a);
    await until(() => held.length === 1 && perClient.active === 1);
    const gone = new AbortController();
    const waitingA = fetch(`${base}/orders.csv`, { ...a, signal: gone.signal }).catch(() => "aborted");
    await until(() => perClient.waiting === 1);

    // A third from the same client is refused at once, though the queue has room ...
    const refused = await fetch(`${base}/events.csv`, a);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Pelayan sedang sibuk. Sila tunggu beberapa saat dan cuba lagi.");
    const data = await fetch(`${base}/events.csv?_data=routes%2Fevents%5B.%5Dcsv`, a);
    expect(data.status).toBe(429);
    expect(data.headers["x-remix-catch"]).toBe("yes");
    expect(data.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await data.text()).toBe("The server is busy right now. Please wait a few seconds and try again.");

    // ... while another client still gets a place in the queue.
    const waitingB = fetch(`${base}/payments.csv`, b);
    await until(() => perClient.waiting === 2);

    // The waiting one that left gives its client's place back.
    gone.abort();
    expect(await waitingA).toBe("aborted");
    await until(() => perClient.waiting === 1);
    const again = fetch(`${base}/events.csv?again=1`, a);
    await until(() => perClient.waiting === 2);

    for (let i = 0; i < 3; i++) {
      await until(() => held.length > 0);
      held.shift()?.();
    }
    expect((await running).status).toBe(200);
    expect((await waitingB).status).toBe(200);
    expect((await again).status).toBe(200);
    await until(() => perClient.active === 0 && perClient.holders === 0);
    expect(seen.some((u) => u.startsWith("/orders.csv"))).toBe(false);
  });
});
