// A real LiteFS cluster (issue 27 section 1, docs/decisions/0035-cluster.md): `npm run cluster`
// (scripts/cluster.mjs) started once for this file, a primary n1 and a replica n2 under the real
// LiteFS (../shared/tools/litefs/litefs or LITEFS_BIN) with FUSE, behind the cluster's edge
// (cluster/edge.mjs). Everything goes through HTTP as a browser's requests do; `fly-force-instance-id`
// (as on Fly) makes the edge send a request to the node named.
//   - the migrations run on the primary only, and the replica's `.primary` names n1;
//   - a form posted through the edge to the replica is replayed on the primary, and the same user's
//     next page, on the replica, shows what they wrote (LiteFS's __txid cookie);
//   - a crawl of every page of every role on the replica: no 5xx, no "read only replica" logged;
//   - each client keeps its own address through the edge (the live streams' cap per address);
//   - an Official result saved on the primary reaches a /board stream open on the replica within
//     2 s; a photo uploaded on the primary is served by the replica;
//   - n1 SIGKILLed (LiteFS and app): the replica serves public pages, the board and its stream, the
//     scoreboard and logged-in reads; a write is answered at once with 503 and the reconnecting page
//     (English, Malay) or JSON (the kiosk's save), never a hang or a 500; after SIGUSR2 restarts n1,
//     every write acknowledged before the kill is there and the replica follows n1 again.
// Skipped, loudly, where LiteFS or /dev/fuse is missing. Run after the build:
//   npx vitest run --config tests/cluster/vitest.config.ts
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attr, cookieHeader, crawl, type Jar, login, store, USERS, type Who } from "../replica/crawl";
import { freePort, unmount } from "../../cluster/lib.mjs";

const ROOT = path.resolve(__dirname, "../..");
const DIR = path.join(ROOT, "tests/.tmp/cluster");
/** "At once, never a hang": well under a second on a quiet machine; 2 s on CI's loaded 2 cores. */
const NEVER_A_HANG_MS = 2_000;
const LITEFS = process.env.LITEFS_BIN
  ? path.resolve(process.env.LITEFS_BIN)
  : path.resolve(ROOT, "../shared/tools/litefs/litefs");
const onPath = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
// As root, `npm run cluster` installs Debian's fuse3 itself when fusermount is missing.
const missing = !fs.existsSync(LITEFS)
  ? `LiteFS is missing (${LITEFS}): set LITEFS_BIN, or get it from the flyio/litefs image or https://github.com/superfly/litefs/releases (v0.5.14)`
  : !fs.existsSync("/dev/fuse")
    ? "/dev/fuse is missing: this machine cannot mount FUSE (LiteFS needs it; Debian's fuse3 gives fusermount)"
    : process.getuid?.() !== 0 && !onPath("fusermount3") && !onPath("fusermount")
      ? "fusermount is missing: install Debian's fuse3 (apt-get install -y fuse3), or run as root"
      : null;
if (missing) console.warn(`\n*** SKIPPING the LiteFS cluster tests: ${missing} ***\n`);

type ClusterNode = {
  name: string;
  role: string;
  url: string;
  litefsPid: number | null;
  appPid: number | null;
};
let cluster: ChildProcess | undefined;
let edge = "";
const stdout: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nodesNow = (): ClusterNode[] =>
  JSON.parse(fs.readFileSync(path.join(DIR, "cluster.json"), "utf8")).nodes;
const logOf = (name: string) => fs.readFileSync(path.join(DIR, name, "litefs.log"), "utf8");

async function waitForLine(re: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = stdout
      .join("")
      .split("\n")
      .find((l) => re.test(l));
    if (line) return line;
    if (cluster?.exitCode !== null) throw new Error(`the cluster exited: ${stdout.join("")}`);
    if (Date.now() > deadline) throw new Error(`no ${re} after ${timeoutMs} ms: ${stdout.join("")}`);
    await sleep(100);
  }
}

/** One request through the edge, as the jar's user; `node` forces it there (fly-force-instance-id). */
async function send(
  p: string,
  o: { jar?: Jar; node?: string; method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Response> {
  const res = await fetch(`${edge}${p}`, {
    method: o.method ?? "GET",
    redirect: "manual",
    headers: {
      ...(o.jar?.size ? { cookie: cookieHeader(o.jar) } : {}),
      ...(o.node ? { "fly-force-instance-id": o.node } : {}),
      ...o.headers,
    },
    body: o.body,
    signal: AbortSignal.timeout(20_000),
  });
  if (o.jar) store(o.jar, res);
  return res;
}

/** A page's CSRF token (every mutating form carries it). */
function csrfOf(html: string): string {
  const tag = (html.match(/<input\b[^>]*>/gi) ?? []).find((t) => attr(t, "name") === "csrf");
  const value = tag ? attr(tag, "value") : null;
  if (!value) throw new Error("no CSRF token on the page");
  return value;
}

/** The named fields of the form holding `marker` (inputs' values, each select's selected option). */
function formFields(html: string, marker: RegExp): [string, string][] {
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/gi)].find((m) => marker.test(m[1]));
  if (!form) throw new Error(`no form with ${marker}`);
  const fields: [string, string][] = [];
  for (const m of form[1].matchAll(/<input\b[^>]*>|<select\b[^>]*>[\s\S]*?<\/select>/gi)) {
    const tag = m[0];
    const name = attr(tag, "name");
    if (!name) continue;
    if (/^<select/i.test(tag)) {
      const selected = (tag.match(/<option\b[^>]*>/gi) ?? []).find((o) => /\sselected\b/i.test(o));
      fields.push([name, selected ? (attr(selected, "value") ?? "") : ""]);
    } else fields.push([name, attr(tag, "value") ?? ""]);
  }
  return fields;
}

/** A live stream (Server-Sent Events) read as it arrives: its `id:`s, each with when it came. */
function openStream(url: string, headers: Record<string, string> = {}) {
  const ids: { id: string; at: number }[] = [];
  const control = new AbortController();
  const opened = fetch(url, { headers, signal: control.signal }).then(async (res) => {
    if (!res.ok || !res.body) throw new Error(`stream ${url}: ${res.status}`);
    const reader = res.body.getReader();
    const text = new TextDecoder();
    let buffer = "";
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += text.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const id = /^id: (.*)$/m.exec(buffer.slice(0, end))?.[1];
          if (id) ids.push({ id, at: Date.now() });
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    })().catch(() => {});
    return res.status;
  });
  return {
    ids,
    opened,
    close: () => control.abort(),
    async next(after: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (ids.length <= after && Date.now() < deadline) await sleep(20);
      return ids[after];
    },
  };
}

/** The rows the replica's copy holds (read-only, through n2's FUSE mount). */
function onReplica<T>(sql: string, ...params: unknown[]): T | undefined {
  const sqlite = new Database(path.join(DIR, "n2/mnt/regatta.db"), { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare(sql).get(...params) as T | undefined;
  } finally {
    sqlite.close();
  }
}

const started = Date.now();
beforeAll(async () => {
  if (missing) return;
  if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
    const built = spawnSync("npx", ["remix", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("remix build failed");
  }
  // A failed earlier run may have left its FUSE mounts: unmounted first, never removed through.
  for (const node of ["n1", "n2"]) unmount(path.join(DIR, node, "mnt"));
  fs.rmSync(DIR, { recursive: true, force: true });
  const port = await freePort();
  edge = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CLUSTER_DIR: DIR,
    CLUSTER_PORT: String(port),
    LITEFS_BIN: LITEFS,
    SMTP_URL: "",
    PAYMENT_PROVIDER: "simulator",
    SESSION_SECRET: "cluster-test-secret-0123456789abcdef",
  };
  for (const name of ["DATABASE_PATH", "LITEFS_DIR", "TEST_CONTEXT_HEADERS", "TEST_FAIL_HEADER", "APP_URL"])
    delete env[name];
  cluster = spawn(process.execPath, ["scripts/cluster.mjs"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  cluster.stdout?.on("data", (c: Buffer) => stdout.push(c.toString()));
  cluster.stderr?.on("data", (c: Buffer) => stdout.push(c.toString()));
  await waitForLine(/^cluster ready at /, 150_000);
  console.log(`cluster: ready in ${Date.now() - started} ms`);
});

afterAll(async () => {
  if (!cluster || cluster.exitCode !== null) return;
  const exited = new Promise((r) => cluster?.once("exit", r));
  cluster.kill("SIGTERM");
  await Promise.race([exited, sleep(30_000)]);
  if (cluster.exitCode === null) cluster.kill("SIGKILL");
  const mounts = fs.readFileSync("/proc/self/mounts", "utf8");
  expect(mounts.includes(DIR), "a FUSE mount left behind").toBe(false);
  expect(cluster.exitCode, "npm run cluster's exit code on SIGTERM").toBe(0);
  console.log(`cluster: the whole file took ${Date.now() - started} ms`);
});

describe.skipIf(!!missing)("a real LiteFS cluster (npm run cluster)", () => {
  const jars = new Map<Who, Jar>();
  const eoiName = `CLUSTER EOI ${Date.now()}`;
  let photoName = "";
  let photoBytes = Buffer.alloc(0);
  let round = 0;
  let revision = 0;

  it("runs the migrations on the primary only; the replica's .primary names n1", async () => {
    const nodes = nodesNow();
    expect(nodes.map((n) => [n.name, n.role])).toEqual([
      ["n1", "primary"],
      ["n2", "replica"],
    ]);
    for (const n of nodes) {
      expect(n.litefsPid, n.name).toBeGreaterThan(0);
      expect(n.appPid, n.name).toBeGreaterThan(0);
    }
    expect(logOf("n1")).toMatch(/Migrations applied to .*n1\/mnt\/regatta\.db/);
    expect(logOf("n2")).toContain(
      "node is not a candidate, skipping command execution: npx [tsx db/migrate.ts]",
    );
    expect(logOf("n2")).not.toMatch(/Migrations applied/);
    expect(fs.readFileSync(path.join(DIR, "n2/mnt/.primary"), "utf8").trim()).toBe("n1");
    expect(fs.existsSync(path.join(DIR, "n1/mnt/.primary"))).toBe(false);
    for (const [node, primary] of [
      ["n1", true],
      ["n2", false],
    ] as const) {
      const res = await send("/healthcheck", { node });
      expect(await res.json()).toEqual({ status: "ok", primary });
    }
  });

  it("replays a form posted to the replica on the primary; the user's next page on the replica shows it", async () => {
    for (const role of Object.keys(USERS) as (keyof typeof USERS)[])
      jars.set(role, await login(edge, USERS[role]));
    const admin = jars.get("ADMIN") as Jar;
    const page = await send("/eoi-events/new", { jar: admin, node: "n2" });
    expect(page.status).toBe(200);
    const csrf = csrfOf(await page.text());
    const before = logOf("n1").split("\n").length;
    const posted = await send("/eoi-events/new", {
      jar: admin,
      node: "n2",
      method: "POST",
      body: new URLSearchParams({ csrf, name: eoiName }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/\/eoi-events$/);
    expect(admin.get("__txid"), "LiteFS's transaction cookie").toMatch(/^[0-9a-f]{16}$/);
    // Written by n1's app (its request log), never by n2's (n2's LiteFS proxy answered fly-replay).
    // (The log line is written once the answer has gone: wait for it a moment.)
    const written = () =>
      /"method":"POST","route":"\/eoi-events\/new"/.test(
        logOf("n1")
          .split("\n")
          .slice(before - 1)
          .join("\n"),
      );
    const deadline = Date.now() + 3_000;
    while (!written() && Date.now() < deadline) await sleep(50);
    expect(written(), "n1's request log").toBe(true);
    expect(logOf("n2")).not.toMatch(/"method":"POST"/);
    const next = await send("/eoi-events", { jar: admin, node: "n2" });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain(eoiName);
  });

  it("serves every page of every role on the replica without a 5xx or a write", async () => {
    const replica = nodesNow()[1].url;
    const t0 = Date.now();
    const who: [Who, Jar][] = [
      ["anonymous", new Map()],
      ...[...jars].map(([w, j]) => [w, new Map(j)] as [Who, Jar]),
    ];
    const results = await Promise.all(who.map(([w, jar]) => crawl(replica, jar, w, [])));
    const failures = results.flatMap((r) =>
      r.visits.filter((v) => v.status >= 500).map((v) => `${r.who} GET ${v.url} -> ${v.status}`),
    );
    const counts = Object.fromEntries(results.map((r) => [r.who, r.visits.length]));
    console.log(`cluster: replica crawl ${JSON.stringify(counts)} in ${Date.now() - t0} ms`);
    expect(failures).toEqual([]);
    for (const r of results) expect(r.visits.length, r.who).toBeGreaterThan(r.who === "anonymous" ? 10 : 20);
    const log = logOf("n2");
    expect(log).not.toMatch(/read only replica|readonly database/i);
    expect(log.split("\n").filter((l) => /"status":5\d\d/.test(l))).toEqual([]);
  });

  it("brings an Official result saved on the primary to a /board stream open on the replica within 2 s", async () => {
    const official = onReplica<{ id: number; revision: number }>(
      "SELECT id, revision FROM rounds WHERE result_state = 'OFFICIAL' ORDER BY id LIMIT 1",
    );
    expect(official, "the demo seed's Official heat").toBeDefined();
    round = official?.id as number;
    const stream = openStream(`${edge}/board/events`, { "fly-force-instance-id": "n2" });
    expect(await stream.opened).toBe(200);
    const first = await stream.next(0, 5_000);
    expect(first, "the board on connecting").toBeDefined();
    const admin = jars.get("ADMIN") as Jar;
    const page = await send(`/rounds/${round}/results`, { jar: admin, node: "n1" });
    expect(page.status).toBe(200);
    const fields = formFields(await page.text(), /name="intent" value="save"/);
    const body = new URLSearchParams();
    let changed = false;
    for (const [name, value] of fields) {
      if (!changed && name === "penalty") body.append(name, "10");
      else if (!changed && name === "penaltyReason") {
        body.append(name, "Cluster test: lane change");
        changed = true;
      } else body.append(name, value);
    }
    const saved = await send(`/rounds/${round}/results`, {
      jar: admin,
      node: "n1",
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const at = Date.now();
    expect(saved.status).toBe(302);
    const update = await stream.next(1, 5_000);
    stream.close();
    expect(update, "a new board on the replica's stream").toBeDefined();
    expect(update?.id).not.toBe(first?.id);
    const ms = (update?.at ?? at) - at;
    console.log(`cluster: Official result on the replica's /board stream after ${ms} ms`);
    expect(ms).toBeLessThan(2_000);
    revision = (onReplica<{ revision: number }>("SELECT revision FROM rounds WHERE id = ?", round)
      ?.revision ?? 0) as number;
    expect(revision).toBe((official?.revision ?? 0) + 1);
  });

  it("serves on the replica a photo uploaded on the primary", async () => {
    const manager = jars.get("MANAGER") as Jar;
    const home = await send("/", { jar: manager, node: "n1" });
    const csrf = csrfOf(await home.text());
    const jpeg = await sharp({ create: { width: 1000, height: 1200, channels: 3, background: "#369" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("csrf", csrf);
    form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "me.jpg");
    const posted = await send("/photo", { jar: manager, node: "n1", method: "POST", body: form });
    expect(posted.status).toBe(302);
    photoName = (onReplica<{ image: string }>("SELECT image FROM users WHERE email = ?", USERS.MANAGER)
      ?.image ?? "") as string;
    expect(photoName).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const fromPrimary = await send(`/uploads/${photoName}`, { node: "n1" });
    expect(fromPrimary.status).toBe(200);
    photoBytes = Buffer.from(await fromPrimary.arrayBuffer());
    const fromReplica = await send(`/uploads/${photoName}`, { node: "n2" });
    expect(fromReplica.status).toBe(200);
    expect(fromReplica.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await fromReplica.arrayBuffer()).equals(photoBytes)).toBe(true);
    // Each node's uploads/ is its own cache, filled from its own copy of the database.
    expect(fs.existsSync(path.join(DIR, "n2/uploads", photoName))).toBe(true);
  });

  it("keeps each client's address through the edge (X-Forwarded-For, as Fly-Client-IP)", async () => {
    // The live streams' cap per address (10) counts per client: 10 from one address, the 11th
    // refused, while another address is served. Without the edge's Fly-Client-IP every client
    // would be 127.0.0.1.
    const from = (address: string) =>
      openStream(`${edge}/board/events`, { "x-forwarded-for": address, "fly-force-instance-id": "n2" });
    const mine = Array.from({ length: 10 }, () => from("198.51.100.7"));
    try {
      for (const s of mine) expect(await s.opened).toBe(200);
      const refused = await fetch(`${edge}/board/events`, {
        headers: { "x-forwarded-for": "198.51.100.7", "fly-force-instance-id": "n2" },
      });
      await refused.body?.cancel();
      expect(refused.status).toBe(429);
      const other = from("198.51.100.8");
      expect(await other.opened).toBe(200);
      other.close();
    } finally {
      for (const s of mine) s.close();
    }
  });

  it("keeps serving reads with the primary SIGKILLed; writes get 503 and the reconnecting page at once", async () => {
    const n1 = nodesNow()[0];
    for (const pid of [n1.appPid, n1.litefsPid]) process.kill(pid as number, "SIGKILL");
    const admin = jars.get("ADMIN") as Jar;
    // Reads at once, before the edge's health poll has noticed: a refused GET goes to the replica.
    for (const p of ["/board", "/scoreboard", "/results", "/auth/login", "/board", "/scoreboard"]) {
      const res = await send(p);
      await res.arrayBuffer();
      expect(res.status, `GET ${p}`).toBe(200);
    }
    for (const p of ["/users", "/eoi-events", `/rounds/${round}/results`, "/"]) {
      const res = await send(p, { jar: admin });
      const html = await res.text();
      expect(res.status, `ADMIN GET ${p}`).toBe(200);
      if (p === "/eoi-events") expect(html).toContain(eoiName);
    }
    const stream = openStream(`${edge}/board/events`);
    expect(await stream.opened).toBe(200);
    expect(await stream.next(0, 3_000), "the board's stream on the replica").toBeDefined();
    stream.close();

    // Writes: a form (English, Malay), the kiosk's save (JSON), and one sent to the replica.
    const page = await send("/eoi-events/new", { jar: admin });
    const csrf = csrfOf(await page.text());
    const write = async (p: string, headers: Record<string, string> = {}, node?: string) => {
      const t0 = Date.now();
      const res = await send(p, {
        jar: new Map(admin),
        node,
        method: "POST",
        body: new URLSearchParams({ csrf, name: "NEVER WRITTEN" }),
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      });
      const text = await res.text();
      return { status: res.status, ms: Date.now() - t0, text, retry: res.headers.get("retry-after"), res };
    };
    const en = await write("/eoi-events/new");
    expect(en.status).toBe(503);
    expect(en.ms).toBeLessThan(NEVER_A_HANG_MS);
    expect(en.retry).toMatch(/^\d+$/);
    expect(en.text).toContain("The server is reconnecting. Try again in a moment.");
    expect(en.text).toMatch(/class="toast toast-warning"/);
    const ms = await write("/eoi-events/new", { cookie: `${cookieHeader(admin)}; lang=ms` });
    expect(ms.status).toBe(503);
    expect(ms.ms).toBeLessThan(NEVER_A_HANG_MS);
    expect(ms.text).toContain("Pelayan sedang menyambung semula. Cuba lagi sebentar lagi.");
    const kiosk = await write("/scanning/entrance/save");
    expect(kiosk.status).toBe(503);
    expect(kiosk.ms).toBeLessThan(NEVER_A_HANG_MS);
    expect(JSON.parse(kiosk.text)).toMatchObject({
      ok: false,
      reconnecting: true,
      message: expect.any(String),
    });
    const onReplica2 = await write("/eoi-events/new", {}, "n2");
    expect(onReplica2.status).toBe(503);
    expect(onReplica2.ms).toBeLessThan(NEVER_A_HANG_MS);
    // Without the edge: the replica's app answers a write at once (409, replayed on the last primary
    // it saw), its LiteFS proxy within LiteFS's own wait; never a hang or a 500. Its health check
    // says it is not the primary (no `.primary` now, but a growing `.lag`).
    const appPort = /target: "127\.0\.0\.1:(\d+)"/.exec(
      fs.readFileSync(path.join(DIR, "n2/litefs.yml"), "utf8"),
    )?.[1];
    for (const [base, limit] of [
      [`http://127.0.0.1:${appPort}`, NEVER_A_HANG_MS],
      [nodesNow()[1].url, 5_000],
    ] as const) {
      const t0 = Date.now();
      const direct = await fetch(`${base}/eoi-events/new`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cookieHeader(admin), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf, name: "NEVER WRITTEN" }),
        signal: AbortSignal.timeout(10_000),
      });
      await direct.arrayBuffer();
      expect(Date.now() - t0, base).toBeLessThan(limit);
      expect(direct.headers.get("fly-replay"), base).toBe("instance=n1");
      expect(direct.status, base).toBeLessThan(500);
    }
    const health = await fetch(`http://127.0.0.1:${appPort}/healthcheck`);
    expect(await health.json()).toEqual({ status: "ok", primary: false });
    const log = logOf("n2");
    expect(log).not.toMatch(/read only replica|readonly database/i);
    expect(log.split("\n").filter((l) => /"status":5\d\d/.test(l))).toEqual([]);
  });

  it("restarts the primary on SIGUSR2: every write acknowledged before the kill is there", async () => {
    const before = nodesNow()[0].litefsPid;
    cluster?.kill("SIGUSR2");
    await waitForLine(/^node n1 restarted$/, 90_000);
    const n1 = nodesNow()[0];
    expect(n1.litefsPid).not.toBe(before);
    expect(n1.appPid).toBeGreaterThan(0);
    const admin = jars.get("ADMIN") as Jar;
    for (const node of ["n1", "n2"]) {
      const list = await send("/eoi-events", { jar: admin, node });
      const html = await list.text();
      expect(html, node).toContain(eoiName);
      expect(html, node).not.toContain("NEVER WRITTEN");
      const photo = await send(`/uploads/${photoName}`, { node });
      expect(Buffer.from(await photo.arrayBuffer()).equals(photoBytes), node).toBe(true);
    }
    expect(onReplica<{ revision: number }>("SELECT revision FROM rounds WHERE id = ?", round)?.revision).toBe(
      revision,
    );
    // Writes work again, and the replica follows the restarted primary (its __txid wait).
    const page = await send("/eoi-events/new", { jar: admin, node: "n2" });
    const again = `${eoiName} AGAIN`;
    const posted = await send("/eoi-events/new", {
      jar: admin,
      node: "n2",
      method: "POST",
      body: new URLSearchParams({ csrf: csrfOf(await page.text()), name: again }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(302);
    const next = await send("/eoi-events", { jar: admin, node: "n2" });
    expect(await next.text()).toContain(again);
  });
});
