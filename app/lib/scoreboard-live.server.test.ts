// The live scoreboard's cache and streams over a real HTTP server, with a board read from a fake
// source: read again only when the data key moves, rendered and pushed only when the board itself
// changed; ETag/304 and gzip; the stream's headers, retry, catch-up and heartbeats; the caps, one
// count for every live page of the process (the process's own /scoreboard and /board over the unit
// database); a client that stops reading is dropped.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { MS } from "~/messages.ms";
import type { BoardRound } from "~/models/scoreboard.server";
import {
  acceptsGzip,
  createLiveBoard,
  createStreamSlots,
  createTicker,
  etagMatches,
  type LiveBoard,
  MAX_STREAMS,
  MAX_STREAMS_PER_ADDRESS,
  processSlots,
  sseMessage,
} from "./scoreboard-live.server";
import {
  liveBigBoard,
  liveBoard,
  renderScoreboard,
  scoreboardVariant,
} from "~/routes/scoreboard/live.server";

const round = (id: number, score: string | null): BoardRound => ({
  id,
  name: `ROUND ${id}`,
  eventName: "EVENT",
  resultState: "NONE",
  revision: 0,
  protestUntil: null,
  races: [{ lane: "1", team: "TEAM <A> & CO", score, place: null, status: null }],
});

type Fake = { rounds: BoardRound[]; key: number; reads: number };

function fakeBoard(
  options: { maxStreams?: number; maxStreamsPerAddress?: number; pollMs?: number; heartbeatMs?: number } = {},
) {
  const fake: Fake = { rounds: [round(1, null)], key: 1, reads: 0 };
  const live = createLiveBoard({
    read: () => {
      fake.reads++;
      return { rounds: structuredClone(fake.rounds), notice: null };
    },
    render: renderScoreboard,
    variantOf: scoreboardVariant,
    dataKey: () => String(fake.key),
    pollMs: options.pollMs ?? 20,
    heartbeatMs: options.heartbeatMs ?? 60_000,
    maxStreams: options.maxStreams,
    maxStreamsPerAddress: options.maxStreamsPerAddress,
  });
  return { fake, live };
}

const servers: http.Server[] = [];
const boards: LiveBoard[] = [];
afterEach(async () => {
  for (const b of boards.splice(0)) b.closeStreams();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(live: LiveBoard): Promise<string> {
  boards.push(live);
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/scoreboard/events")) live.serveEvents(req, res);
    else live.servePage(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

/** An open stream: what arrived so far, and a wait for more. */
function stream(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    text: () => string;
    until: (re: RegExp, ms?: number) => Promise<string>;
    ended: Promise<void>;
    close: () => void;
  }>((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
      });
      const until = async (re: RegExp, ms = 2000) => {
        const end = Date.now() + ms;
        while (!re.test(text)) {
          if (Date.now() > end) throw new Error(`timed out waiting for ${re} in ${JSON.stringify(text)}`);
          await new Promise((r) => setTimeout(r, 5));
        }
        return text;
      };
      const ended = new Promise<void>((r) => res.on("end", () => r()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => text,
        until,
        ended,
        close: () => req.destroy(),
      });
    });
    req.on("error", reject);
  });
}

describe("helpers", () => {
  it("matches weak and strong forms of an ETag, lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it("reads Accept-Encoding", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("puts each line of the data on its own data: line", () => {
    expect(sseMessage("v1", "board", "a\nb")).toBe("id: v1\nevent: board\ndata: a\ndata: b\n\n");
  });
});

describe("the page", () => {
  it("is read once per data change, rendered once per board change, with ETag and 304", async () => {
    const { fake, live } = fakeBoard();
    const base = await serve(live);
    const first = await get(`${base}/scoreboard`);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers.vary).toBe("Accept-Encoding, Cookie, Accept-Language");
    const html = first.body.toString();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain("TEAM &lt;A&gt; &amp; CO"); // escaped
    // No meta refresh by default (axe meta-refresh): a link to the page that reloads (issue 20).
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).toContain('<a href="/scoreboard?refresh=30">Refresh automatically</a>');
    expect(html).toMatch(/Last updated \d\d:\d\d/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/); // no inline script: no nonce needed
    const etag = first.headers.etag as string;

    // ?refresh=30: the same version rendered with the reload, its own ETag; a way back.
    const refreshing = await get(`${base}/scoreboard?refresh=30`);
    const refreshHtml = refreshing.body.toString();
    expect(refreshHtml).toContain('<meta http-equiv="refresh" content="30"/>');
    expect(refreshHtml).toContain('Refreshing every 30 seconds. <a href="/scoreboard">Stop refreshing</a>');
    expect(refreshing.headers.etag).not.toBe(etag);
    expect(
      (await get(`${base}/scoreboard?refresh=30`, { "If-None-Match": refreshing.headers.etag as string }))
        .status,
    ).toBe(304);
    expect((await get(`${base}/scoreboard?refresh=7`)).headers.etag).toBe(etag);
    expect(fake.reads).toBe(1);

    expect((await get(`${base}/scoreboard`, { "If-None-Match": etag })).status).toBe(304);
    await get(`${base}/scoreboard`);
    expect(fake.reads).toBe(1);

    // The data moved but the board did not: read again, same page.
    fake.key++;
    const same = await get(`${base}/scoreboard`, { "If-None-Match": etag });
    expect(same.status).toBe(304);
    expect(fake.reads).toBe(2);

    // The board changed.
    fake.rounds = [round(1, "1:01.00")];
    fake.key++;
    const changed = await get(`${base}/scoreboard`, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString()).toContain("1:01.00");
  });

  it("speaks the visitor's language (lang cookie, else Accept-Language), one read for both", async () => {
    const { fake, live } = fakeBoard();
    const base = await serve(live);
    const en = (await get(`${base}/scoreboard`)).body.toString();
    const ms = (await get(`${base}/scoreboard`, { "Accept-Language": "ms-MY,ms;q=0.9" })).body.toString();
    const cookie = (await get(`${base}/scoreboard`, { Cookie: "x=1; lang=ms", "Accept-Language": "en" }))
      .body;
    expect(en).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(en).toContain(">Team</th>");
    expect(ms).toMatch(/^<!DOCTYPE html><html lang="ms">/);
    expect(ms).toContain(">Pasukan</th>");
    expect(ms).toContain('data-live="Langsung"');
    expect(cookie.toString()).toBe(ms);
    expect(fake.reads).toBe(1);
  });

  it("is sent gzipped when the browser accepts it", async () => {
    const { live } = fakeBoard();
    const base = await serve(live);
    const plain = await get(`${base}/scoreboard`);
    const zipped = await get(`${base}/scoreboard`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
  });

  it("shows the empty state when no round is shown", async () => {
    const { fake, live } = fakeBoard();
    fake.rounds = [];
    const base = await serve(live);
    expect((await get(`${base}/scoreboard`)).body.toString()).toContain("No rounds on the scoreboard yet.");
  });
});

describe("a replica's position", () => {
  it("is looked at most once per poll interval, and a move re-reads the board", async () => {
    let position = "0001/aa";
    let looks = 0;
    let reads = 0;
    const live = createLiveBoard({
      read: () => {
        reads++;
        return { rounds: [round(1, position)], notice: null };
      },
      render: renderScoreboard,
      dataKey: () => "same", // as if SQLite had not noticed LiteFS's write
      replicaKey: () => {
        looks++;
        return position;
      },
      pollMs: 50,
    });
    boards.push(live);
    const first = live.current();
    live.current();
    expect([looks, reads]).toEqual([1, 1]);
    position = "0002/bb";
    expect(live.current()).toBe(first); // within the interval: not looked at yet
    await new Promise((r) => setTimeout(r, 60));
    expect(live.current().version).not.toBe(first.version);
    expect([looks, reads]).toEqual([2, 2]);
  });
});

describe("the stream", () => {
  it("sends retry and the board, then each new board (polled), never compressed", async () => {
    const { fake, live } = fakeBoard();
    const base = await serve(live);
    const s = await stream(`${base}/scoreboard/events`, { "Accept-Encoding": "gzip" });
    expect(s.status).toBe(200);
    expect(s.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(s.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(s.headers["content-encoding"]).toBeUndefined();
    const first = await s.until(/event: board/);
    expect(first).toMatch(/^retry: \d{4}\n\n/);
    expect(live.openStreams()).toBe(1);

    fake.rounds = [round(1, "DNS")];
    fake.key++;
    await s.until(/DNS/); // the poll (20 ms here) noticed
    expect(s.text().match(/event: board/g)).toHaveLength(2);

    s.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(live.openStreams()).toBe(0);
  });

  it("sends each stream the board in its own request's language", async () => {
    const { fake, live } = fakeBoard();
    const base = await serve(live);
    const en = await stream(`${base}/scoreboard/events`);
    const ms = await stream(`${base}/scoreboard/events`, { Cookie: "lang=ms" });
    await en.until(/event: board/);
    await ms.until(/event: board/);
    fake.rounds = [];
    fake.key++;
    await en.until(/No rounds on the scoreboard yet/);
    await ms.until(new RegExp(MS.MSG.scoreboardEmpty.slice(0, 20)));
    expect(ms.text()).not.toContain("No rounds on the scoreboard yet");
    expect(ms.text()).toContain(">Pasukan</th>");
    en.close();
    ms.close();
  });

  it("pushes a change this process announces without waiting for the poll", async () => {
    const { fake, live } = fakeBoard({ pollMs: 60_000 });
    const base = await serve(live);
    const s = await stream(`${base}/scoreboard/events`);
    await s.until(/event: board/);
    fake.rounds = [round(1, "DSQ")]; // the data key did not move either: changed() alone
    live.changed();
    live.changed(); // a burst is one look
    await s.until(/DSQ/, 1000);
    expect(fake.reads).toBe(2);
  });

  it("does not resend the board a reconnecting browser has (Last-Event-ID or ?v=)", async () => {
    const { live } = fakeBoard();
    const base = await serve(live);
    const { version } = live.current();
    const known = await stream(`${base}/scoreboard/events`, { "Last-Event-ID": version });
    await known.until(/up to date/);
    expect(known.text()).not.toContain("event: board");
    const fromPage = await stream(`${base}/scoreboard/events?v=${version}`);
    await fromPage.until(/up to date/);
    const stale = await stream(`${base}/scoreboard/events?v=${version}`, { "Last-Event-ID": "older" });
    await stale.until(new RegExp(`id: ${version}\\nevent: board`));
  });

  it("sends heartbeats while open", async () => {
    const { live } = fakeBoard({ heartbeatMs: 30 });
    const base = await serve(live);
    const s = await stream(`${base}/scoreboard/events`);
    await s.until(/event: board[\s\S]*\n: \n\n/, 1000);
  });

  it("refuses streams beyond the cap with 503 and Retry-After", async () => {
    const { live } = fakeBoard({ maxStreams: 2 });
    const base = await serve(live);
    await stream(`${base}/scoreboard/events`);
    await stream(`${base}/scoreboard/events`);
    const third = await get(`${base}/scoreboard/events`);
    expect(third.status).toBe(503);
    expect(third.headers["retry-after"]).toBe("30");
    expect(live.openStreams()).toBe(2);
  });

  it("allows 10 streams per client address (IPv6: per /64): the 11th is 429, another address is served, a closed stream frees its slot", async () => {
    const { live } = fakeBoard();
    const base = await serve(live);
    const at = (address: string) => ({ "x-regatta-client-address": address });
    const open = [];
    // Ten streams from one /64, each from another address in it.
    for (let i = 1; i <= 10; i++) {
      const s = await stream(`${base}/scoreboard/events`, at(`2001:db8:5:6::${i.toString(16)}`));
      expect(s.status).toBe(200);
      open.push(s);
    }
    const eleventh = await get(`${base}/scoreboard/events`, at("2001:db8:5:6:ffff::1"));
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers["retry-after"]).toBe("30");
    // Another /64 and an IPv4 client are served.
    const other = await stream(`${base}/scoreboard/events`, at("2001:db8:5:7::1"));
    expect(other.status).toBe(200);
    const v4 = await stream(`${base}/scoreboard/events`, at("198.51.100.30"));
    expect(v4.status).toBe(200);
    expect(live.openStreamsOf("2001:db8:5:6::1")).toBe(10);
    // One stream of the full /64 closes: its slot is free again.
    open[0].close();
    await expect.poll(() => live.openStreamsOf("2001:db8:5:6::1")).toBe(9);
    const again = await stream(`${base}/scoreboard/events`, at("2001:db8:5:6::99"));
    expect(again.status).toBe(200);
    expect(live.openStreams()).toBe(12);
  });

  it("counts IPv4 streams per address, an IPv4-mapped peer as its IPv4 address", async () => {
    const { live } = fakeBoard({ maxStreamsPerAddress: 2 });
    const base = await serve(live);
    await stream(`${base}/scoreboard/events`, { "x-regatta-client-address": "203.0.113.5" });
    await stream(`${base}/scoreboard/events`, { "x-regatta-client-address": "::ffff:203.0.113.5" });
    expect(
      (await get(`${base}/scoreboard/events`, { "x-regatta-client-address": "203.0.113.5" })).status,
    ).toBe(429);
    expect(
      (await stream(`${base}/scoreboard/events`, { "x-regatta-client-address": "203.0.113.6" })).status,
    ).toBe(200);
  });

  it("ends every stream on closeStreams", async () => {
    const { live } = fakeBoard();
    const base = await serve(live);
    const s = await stream(`${base}/scoreboard/events`);
    await s.until(/event: board/);
    live.closeStreams();
    expect(live.openStreams()).toBe(0);
    await s.ended; // the server ended it: the browser reconnects
  });

  it("drops a client that stops reading once too much waits for it", () => {
    const { fake, live } = fakeBoard();
    boards.push(live);
    let destroyed = false;
    const written: string[] = [];
    const res = {
      writableLength: 0,
      writeHead: () => res,
      write: (chunk: string) => {
        written.push(chunk);
        res.writableLength += chunk.length;
        return true;
      },
      on: () => res,
      end: () => {},
      destroy: () => {
        destroyed = true;
      },
    };
    const req = {
      method: "GET",
      url: "/scoreboard/events",
      headers: {},
      socket: { setNoDelay() {}, setKeepAlive() {} },
    };
    // biome-ignore lint/suspicious/noExplicitAny: a minimal stand-in for Node's request and response
    live.serveEvents(req as any, res as any);
    res.writableLength = 300 * 1024; // nothing drained
    fake.rounds = [round(1, "2:00.00")];
    fake.key++;
    live.current();
    expect(destroyed).toBe(true);
    expect(written.join("")).not.toContain("2:00.00");
  });
});

describe("two live pages on one ticker (/scoreboard and /board, issue 20)", () => {
  it("run one poll timer while either has a stream, and each finds its own changes", async () => {
    const ticker = createTicker(20, 60_000);
    let key = 1;
    const data = { a: "A1", b: "B1" };
    const page = (which: "a" | "b") =>
      createLiveBoard({
        read: () => data[which],
        render: (value, version) => ({
          board: `<p>${value}</p>`,
          page: `<main data-v="${version}"><p>${value}</p></main>`,
        }),
        dataKey: () => String(key),
        ticker,
      });
    const a = page("a");
    const b = page("b");
    const [baseA, baseB] = [await serve(a), await serve(b)];
    expect(ticker.running()).toBe(false);
    const sa = await stream(`${baseA}/scoreboard/events`);
    const sb = await stream(`${baseB}/scoreboard/events`);
    expect(ticker.running()).toBe(true);
    data.a = "A2";
    data.b = "B2";
    key++; // another connection's write: found by the one shared poll
    await sa.until(/A2/);
    await sb.until(/B2/);
    sa.close();
    await expect.poll(() => a.openStreams()).toBe(0);
    expect(ticker.running()).toBe(true); // b still has a stream
    sb.close();
    await expect.poll(() => b.openStreams()).toBe(0);
    expect(ticker.running()).toBe(false);
  });
});

describe("one count of streams for every live page of the process (issue 27, security review)", () => {
  const at = (address: string) => ({ "x-regatta-client-address": address });

  /** The process's own two pages behind one server, routed as server/scoreboard-fast-path.mjs does. */
  async function serveProcessPages(): Promise<string> {
    boards.push(liveBoard(), liveBigBoard());
    const server = http.createServer((req, res) => {
      if (req.url?.startsWith("/board/events")) liveBigBoard().serveEvents(req, res);
      else liveBoard().serveEvents(req, res);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("10 streams from one address on /board, then its 11th on /scoreboard is refused (429); another address is served", async () => {
    const base = await serveProcessPages();
    const open = [];
    for (let i = 0; i < 10; i++) {
      const s = await stream(`${base}/board/events`, at("192.0.2.77"));
      expect(s.status).toBe(200);
      open.push(s);
    }
    // (A stream, not a get: per-page caps answered 200 and held it open.)
    const eleventh = await stream(`${base}/scoreboard/events`, at("192.0.2.77"));
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers["retry-after"]).toBe("30");
    expect(liveBoard().openStreamsOf("192.0.2.77")).toBe(10);
    expect((await stream(`${base}/scoreboard/events`, at("192.0.2.78"))).status).toBe(200);
    // One /board stream closes: the address may open one on /scoreboard, and no more.
    open[0].close();
    await expect.poll(() => liveBigBoard().openStreams()).toBe(9);
    expect((await stream(`${base}/scoreboard/events`, at("192.0.2.77"))).status).toBe(200);
    expect((await stream(`${base}/board/events`, at("192.0.2.77"))).status).toBe(429);
    expect(processSlots().openOf("192.0.2.77")).toBe(10);
  });

  it("counts both pages' streams in one process total, and gives each slot back when its stream ends", async () => {
    const base = await serveProcessPages();
    const before = processSlots().open();
    await stream(`${base}/board/events`, at("192.0.2.80"));
    await stream(`${base}/scoreboard/events`, at("192.0.2.81"));
    expect(processSlots().open()).toBe(before + 2);
    liveBoard().closeStreams();
    liveBigBoard().closeStreams();
    expect(processSlots().open()).toBe(0);
    expect(processSlots().openOf("192.0.2.80")).toBe(0);
  });

  it("refuses a stream on either page once the pages sharing the slots hold the total (503)", async () => {
    const ticker = createTicker(20, 60_000);
    const slots = createStreamSlots(3, 10);
    const page = (text: string) =>
      createLiveBoard({
        read: () => text,
        render: (value) => ({ board: `<p>${value}</p>`, page: `<main>${value}</main>` }),
        dataKey: () => "1",
        ticker,
        slots,
      });
    const a = page("A");
    const b = page("B");
    const [baseA, baseB] = [await serve(a), await serve(b)];
    const first = await stream(`${baseA}/scoreboard/events`, at("198.51.100.1"));
    await stream(`${baseA}/scoreboard/events`, at("198.51.100.2"));
    await stream(`${baseB}/scoreboard/events`, at("198.51.100.3"));
    const refusedB = await get(`${baseB}/scoreboard/events`, at("198.51.100.4"));
    expect(refusedB.status).toBe(503);
    expect(refusedB.headers["retry-after"]).toBe("30");
    expect((await get(`${baseA}/scoreboard/events`, at("198.51.100.4"))).status).toBe(503);
    expect(slots.open()).toBe(3);
    first.close();
    await expect.poll(() => a.openStreams()).toBe(1);
    expect((await stream(`${baseB}/scoreboard/events`, at("198.51.100.4"))).status).toBe(200);
    expect(b.openStreams()).toBe(2);
  });

  it("the process total leaves room under fly.toml's hard limit for the staff's and kiosks' requests", () => {
    const toml = fs.readFileSync("fly.toml", "utf8");
    const hard = Number(/^\s*hard_limit\s*=\s*(\d+)/m.exec(toml)?.[1]);
    expect(hard).toBeGreaterThan(0);
    expect(MAX_STREAMS).toBeLessThanOrEqual(hard - 500);
    expect(MAX_STREAMS_PER_ADDRESS).toBe(10);
  });
});
