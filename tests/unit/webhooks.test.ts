// Signed webhooks (issue 29 part 4): the sender over a real HTTP server on 127.0.0.1 (the signature
// verifies with the secret; a 500, a redirect and a silent server are failures retried on the
// schedule and given up after six attempts; 20 failures in a row disable the endpoint and queue an
// email to every ADMIN; an address refused at delivery sends nothing), the events (written in the
// results' and the notice's transactions, only for enabled endpoints that want them, and rolled
// back with them), the watcher's digest, Resend, and registering (private addresses refused, after
// DNS too). On this worker's own database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { sendDueWebhooks, webhookSenderIdle } from "~/services/webhook-sender.server";
import { createRace } from "~/models/race.server";
import { createRound } from "~/models/round.server";
import { postNotice } from "~/models/notice.server";
import {
  claimDueDeliveries,
  deleteOldWebhookRows,
  emitEvent,
  insertEndpoint,
  listDeliveries,
  resendDelivery,
  setEndpointEnabled,
  WEBHOOK_KEEP_MS,
} from "~/models/webhooks.server";
import { verifySignature, WEBHOOK_DISABLE_AFTER } from "~/rules/webhooks";
import { declareOfficial, saveProvisional } from "~/services/results.server";
import { registerEndpoint, resetWatcherForTests, watchOpenData } from "~/services/webhooks.server";
import { makeClub, makeUser, type Made } from "./route-request";

const ED = 1;
const TESTS = { production: true, allowLoopback: true };
const PROD = { production: true, allowLoopback: false };

type Hit = { path: string; headers: http.IncomingHttpHeaders; body: string };
let server: http.Server;
let base = "";
const hits: Hit[] = [];
/** What the server answers per path: a status, "silent" (never answers) or "redirect". */
const answers = new Map<string, number | "silent" | "redirect">();

let admin: Made;
let actor: { id: number; name: string; email: string };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      hits.push({ path, headers: req.headers, body });
      const answer = answers.get(path) ?? 204;
      if (answer === "silent") return;
      if (answer === "redirect") {
        res.writeHead(302, { Location: "/elsewhere" }).end();
        return;
      }
      res.writeHead(answer).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = makeUser("ADMIN");
  actor = { id: admin.id, name: "Admin", email: admin.email };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// The results desk and notices kick the sender themselves (with this server's policy: loopback
// refused); each test waits for that pass before the next one starts.
afterEach(() => webhookSenderIdle());

beforeEach(() => {
  // Each test's endpoints only: the earlier ones go (their deliveries with them).
  db().delete(schema.webhookEndpoints).run();
  hits.length = 0;
  answers.clear();
});

function endpoint(path: string, events: string[] = ["result.official"]) {
  const secret = `whsec_${path.replace(/\W/g, "")}`;
  const id = insertEndpoint(actor, `${base}${path}`, events as never, secret);
  return { id, secret };
}

function event(kind = "result.official", doc: object = { round: { id: 1 } }, now = Date.now()) {
  return db().transaction((tx) => emitEvent(tx, kind as never, () => doc, now));
}

const deliveriesOf = (endpointId: number) =>
  db()
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.endpointId, endpointId))
    .all();
const endpointRow = (id: number) =>
  db().select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, id)).get();

describe("the sender", () => {
  it("POSTs the event's JSON with a signature that verifies with the endpoint's secret", async () => {
    const { id, secret } = endpoint("/ok");
    expect(
      event("result.official", { round: { id: 7, name: "FINAL A" }, event: "not this", id: "nor this" }),
    ).toBe(1);
    const pass = await sendDueWebhooks({ policy: TESTS });
    expect(pass).toMatchObject({ sent: 1, failed: 0 });
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(hit.headers["regatta-event"]).toBe("result.official");
    const signature = String(hit.headers["regatta-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, hit.body, secret, Date.now() / 1000)).toBe(true);
    expect(verifySignature(signature, hit.body, "whsec_wrong", Date.now() / 1000)).toBe(false);
    const body = JSON.parse(hit.body);
    // The envelope first, never overridden by the document.
    expect(Object.keys(body).slice(0, 3)).toEqual(["event", "id", "createdAt"]);
    expect(body).toMatchObject({ event: "result.official", round: { id: 7, name: "FINAL A" } });
    expect(body.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    const [d] = deliveriesOf(id);
    expect(d).toMatchObject({ attempts: 1, lastStatus: 204, nextAttemptAt: null, claimedUntil: null });
    expect(d.deliveredAt).not.toBeNull();
    // Delivered: never sent again.
    expect(await sendDueWebhooks({ policy: TESTS })).toMatchObject({ sent: 0, failed: 0 });
  });

  it("a 500 is retried after 1, 5, 30 min, 2 h and 6 h, then given up; a redirect is not followed", async () => {
    const { id } = endpoint("/fails");
    answers.set("/fails", 500);
    const t0 = Date.now();
    event("result.official", {}, t0);
    let now = t0;
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const pass = await sendDueWebhooks({ policy: TESTS, now: () => now });
      expect(pass.failed, `attempt ${i + 1}`).toBe(1);
      const [d] = deliveriesOf(id);
      expect(d).toMatchObject({ attempts: i + 1, lastStatus: 500, lastError: "HTTP 500" });
      if (d.nextAttemptAt) {
        waits.push(d.nextAttemptAt.getTime() - now);
        // Not before its time.
        expect((await sendDueWebhooks({ policy: TESTS, now: () => now + 1000 })).failed).toBe(0);
        now = d.nextAttemptAt.getTime();
      }
    }
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(deliveriesOf(id)[0].nextAttemptAt).toBeNull();
    expect(hits.filter((h) => h.path === "/fails")).toHaveLength(6);
    expect(endpointRow(id)?.failuresInRow).toBe(6);

    db().delete(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, id)).run();
    const other = endpoint("/moved");
    answers.set("/moved", "redirect");
    event();
    expect(await sendDueWebhooks({ policy: TESTS })).toMatchObject({ failed: 1 });
    expect(deliveriesOf(other.id)[0]).toMatchObject({ lastStatus: 302 });
    expect(hits.some((h) => h.path === "/elsewhere")).toBe(false);
  });

  it("no answer within the timeout is a failure with no status; the claim stops a second sender", async () => {
    const { id } = endpoint("/silent");
    answers.set("/silent", "silent");
    event();
    const started = Date.now();
    const pass = await sendDueWebhooks({ policy: TESTS, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pass.failed).toBe(1);
    expect(deliveriesOf(id)[0]).toMatchObject({ lastStatus: null, lastError: "no answer within 0 s" });

    // Claimed deliveries are not claimed again until the claim lapses.
    answers.set("/silent", 200);
    resendDelivery(actor, id, deliveriesOf(id)[0].id);
    expect(claimDueDeliveries(10)).toHaveLength(1);
    expect(claimDueDeliveries(10)).toHaveLength(0);
  });

  it("an address the policy refuses is not contacted", async () => {
    const { id } = endpoint("/loopback");
    event();
    expect(await sendDueWebhooks({ policy: PROD })).toMatchObject({ failed: 1 });
    expect(hits).toHaveLength(0);
    expect(deliveriesOf(id)[0]).toMatchObject({ lastStatus: null, lastError: "address refused (address)" });
  });

  it(`${WEBHOOK_DISABLE_AFTER} failures in a row disable the endpoint, once, and queue an email to every ADMIN`, async () => {
    const { id } = endpoint("/down");
    answers.set("/down", 503);
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER + 2; i++) event();
    const mailBefore = db().select().from(schema.mailQueue).all().length;
    const pass = await sendDueWebhooks({ policy: TESTS });
    // Sent in batches until the endpoint was disabled: the two left wait, held back.
    expect(pass.failed).toBeGreaterThanOrEqual(WEBHOOK_DISABLE_AFTER);
    const row = endpointRow(id);
    expect(row).toMatchObject({ enabled: false });
    expect(row?.disabledAt).not.toBeNull();
    const admins = db().select().from(schema.users).where(eq(schema.users.role, "ADMIN")).all();
    const mails = db().select().from(schema.mailQueue).all().slice(mailBefore);
    expect(mails.map((m) => m.to).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(mails[0].subject).toBe("A webhook endpoint was disabled");
    expect(mails[0].text).toContain(`${base}/down`);
    const audits = db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "webhook.auto_disabled"))
      .all()
      .filter((a) => a.targetId === String(id));
    expect(audits).toHaveLength(1);
    // Disabled: nothing more is sent; a new event's delivery is made, and waits (nothing lost).
    hits.length = 0;
    const held = deliveriesOf(id).filter((d) => d.deliveredAt === null && d.nextAttemptAt !== null).length;
    expect(event()).toBe(1);
    expect(await sendDueWebhooks({ policy: TESTS })).toMatchObject({ sent: 0, failed: 0 });
    expect(hits).toHaveLength(0);
    // Enabled by hand: the count starts again and what was held back goes at once, the new one too.
    answers.set("/down", 200);
    expect(setEndpointEnabled(actor, id, true)).toBe(true);
    const again = await sendDueWebhooks({ policy: TESTS });
    expect(again.sent).toBeGreaterThanOrEqual(held + 1);
    expect(endpointRow(id)).toMatchObject({ enabled: true, failuresInRow: 0 });
  });

  it("Resend sends a delivered or given-up delivery again with a fresh schedule (audited)", async () => {
    const { id } = endpoint("/resend");
    answers.set("/resend", 500);
    event();
    await sendDueWebhooks({ policy: TESTS });
    const [d] = deliveriesOf(id);
    answers.set("/resend", 200);
    expect(resendDelivery(actor, id + 1000, d.id)).toBe("gone");
    expect(resendDelivery(actor, id, d.id)).toBe("ok");
    expect(deliveriesOf(id)[0]).toMatchObject({ attempts: 0, deliveredAt: null });
    expect(await sendDueWebhooks({ policy: TESTS })).toMatchObject({ sent: 1 });
    expect(deliveriesOf(id)[0]).toMatchObject({ attempts: 1, lastStatus: 200 });
    const log = listDeliveries(id, { limit: 50, offset: 0 });
    expect(log.total).toBe(1);
    expect(log.rows[0]).toMatchObject({
      event: "result.official",
      attempts: 1,
      lastStatus: 200,
      sending: false,
    });
    expect(
      db().select().from(schema.auditLog).where(eq(schema.auditLog.action, "webhook.resent")).all().length,
    ).toBeGreaterThan(0);
  });
});

describe("events", () => {
  it("go only to endpoints that want them; a disabled one's wait, unclaimed, for Enable", () => {
    const wants = endpoint("/wants", ["result.official", "notice.posted"]);
    const other = endpoint("/other", ["standings.changed"]);
    const off = endpoint("/off", ["result.official"]);
    setEndpointEnabled(actor, off.id, false);
    expect(event("result.official")).toBe(2);
    expect(deliveriesOf(wants.id)).toHaveLength(1);
    expect(deliveriesOf(other.id)).toHaveLength(0);
    expect(deliveriesOf(off.id)).toHaveLength(1);
    expect(claimDueDeliveries(10).map((d) => d.endpointId)).toEqual([wants.id]);
  });

  it("the hourly cleanup removes done deliveries and unneeded events older than 30 days, never the newest of a kind", () => {
    const { id } = endpoint("/old", ["result.official", "notice.posted"]);
    const old = Date.now() - WEBHOOK_KEEP_MS - 60_000;
    event("result.official", { round: { id: 1 } }, old);
    event("result.official", { round: { id: 2 } }, old);
    event("notice.posted", { notice: { text: "x" } }, old);
    const [a, b, c] = deliveriesOf(id);
    // a: delivered; b: given up; c: still due (kept, and its event with it).
    db()
      .update(schema.webhookDeliveries)
      .set({ deliveredAt: new Date(old), nextAttemptAt: null })
      .where(eq(schema.webhookDeliveries.id, a.id))
      .run();
    db()
      .update(schema.webhookDeliveries)
      .set({ nextAttemptAt: null })
      .where(eq(schema.webhookDeliveries.id, b.id))
      .run();
    const eventsBefore = db().select().from(schema.webhookEvents).all().length;
    // Two deliveries go, and the first result.official event (the second is its kind's newest, and
    // the notice's still has a delivery due).
    expect(deleteOldWebhookRows(Date.now() - WEBHOOK_KEEP_MS)).toBe(3);
    expect(deliveriesOf(id).map((d) => d.id)).toEqual([c.id]);
    expect(db().select().from(schema.webhookEvents).all()).toHaveLength(eventsBefore - 1);
  });

  it("a notice and the results desk write theirs in their own transaction; a rollback writes none", () => {
    const { id } = endpoint("/desk", [
      "notice.posted",
      "result.provisional",
      "result.official",
      "result.revised",
    ]);
    postNotice(ED, actor, "Racing resumes at 14:00");
    const bodies = () =>
      db()
        .select({ event: schema.webhookEvents.event, body: schema.webhookEvents.body })
        .from(schema.webhookEvents)
        .innerJoin(schema.webhookDeliveries, eq(schema.webhookDeliveries.eventId, schema.webhookEvents.id))
        .where(eq(schema.webhookDeliveries.endpointId, id))
        .all();
    expect(bodies().map((b) => b.event)).toEqual(["notice.posted"]);
    const notice = JSON.parse(bodies()[0].body);
    expect(notice.notice).toMatchObject({ text: "Racing resumes at 14:00" });
    expect(JSON.stringify(notice)).not.toContain(admin.email);

    // A round of two lanes: provisional, official, then revised.
    const clubId = makeClub().id;
    const ev = db()
      .insert(schema.events)
      .values({ name: `WEBHOOK EVENT ${Date.now()}` })
      .returning()
      .get().id;
    const round = createRound(ED, actor, { event: ev, name: "FINAL", description: "" });
    if (!round.ok) throw new Error(round.code);
    const races = [1, 2].map((i) => {
      const team = db()
        .insert(schema.teams)
        .values({ associationId: clubId, eventId: ev, name: `WH TEAM ${i}` })
        .returning()
        .get().id;
      const race = createRace(ED, actor, { round: round.id, lane: String(i), team });
      if (!race.ok) throw new Error(race.code);
      return race.id;
    });
    const lane = (raceId: number, timeMs: number) => ({
      raceId,
      timeMs,
      status: null,
      statusReason: "",
      penaltyMs: 0,
      penaltyReason: "",
      wins: null,
      losses: null,
    });
    saveProvisional(ED, actor, round.id, [lane(races[0], 60_000), lane(races[1], 61_000)]);
    expect(declareOfficial(ED, actor, round.id)).toMatchObject({ ok: true });
    saveProvisional(ED, actor, round.id, [lane(races[0], 62_000)]);
    // A refused declaration (already Official) writes no event.
    expect(declareOfficial(ED, actor, round.id)).toMatchObject({ ok: false });
    expect(bodies().map((b) => b.event)).toEqual([
      "notice.posted",
      "result.provisional",
      "result.official",
      "result.revised",
    ]);

    // A transaction that rolls back takes its event with it.
    const before = bodies().length;
    expect(() =>
      db().transaction((tx) => {
        emitEvent(tx, "notice.posted", () => ({}), Date.now());
        throw new Error("rolled back");
      }),
    ).toThrow("rolled back");
    expect(bodies()).toHaveLength(before);
  });

  it("a fan-out to 20 endpoints is two INSERTs in Declare Official's transaction: it never waits for them", () => {
    const ids = Array.from({ length: 20 }, (_, i) => endpoint(`/fan-${i}`, ["result.official"]).id);
    for (const path of ids.map((_, i) => `/fan-${i}`)) answers.set(path, "silent");
    const clubId = makeClub().id;
    const ev = db()
      .insert(schema.events)
      .values({ name: `FANOUT EVENT ${Date.now()}` })
      .returning()
      .get().id;
    const round = createRound(ED, actor, { event: ev, name: "FINAL", description: "" });
    if (!round.ok) throw new Error(round.code);
    const team = db()
      .insert(schema.teams)
      .values({ associationId: clubId, eventId: ev, name: "FAN TEAM" })
      .returning()
      .get().id;
    const race = createRace(ED, actor, { round: round.id, lane: "1", team });
    if (!race.ok) throw new Error(race.code);
    const lane = {
      raceId: race.id,
      timeMs: 60_000,
      status: null,
      statusReason: "",
      penaltyMs: 0,
      penaltyReason: "",
      wins: null,
      losses: null,
    };
    saveProvisional(ED, actor, round.id, [lane]);
    const started = performance.now();
    expect(declareOfficial(ED, actor, round.id)).toMatchObject({ ok: true });
    const took = performance.now() - started;
    // Every endpoint has its delivery, due; none was sent inside the action (they never answer).
    for (const id of ids) expect(deliveriesOf(id).map((d) => d.deliveredAt)).toEqual([null]);
    expect(took).toBeLessThan(250);
  });

  it("the watcher writes timetable.changed and standings.changed once per change of the document", () => {
    const { id } = endpoint("/watch", ["timetable.changed", "standings.changed"]);
    resetWatcherForTests();
    const first = watchOpenData();
    expect(first.sort()).toEqual(["standings.changed", "timetable.changed"]);
    // Unchanged documents: nothing more, however often it looks.
    resetWatcherForTests();
    expect(watchOpenData()).toEqual([]);
    expect(watchOpenData()).toEqual([]);
    expect(deliveriesOf(id)).toHaveLength(2);
  });
});

describe("registering an endpoint", () => {
  it("refuses private, loopback and link-local addresses, also behind a name, and needs an event", async () => {
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.0.0.8/hook",
      "https://169.254.169.254/latest",
      "https://[::1]/hook",
      "https://localhost/hook",
    ])
      expect(await registerEndpoint(actor, url, ["result.official"], PROD), url).toEqual({
        ok: false,
        code: "address",
      });
    expect(await registerEndpoint(actor, "http://8.8.8.8/hook", ["result.official"], PROD)).toEqual({
      ok: false,
      code: "https",
    });
    expect(await registerEndpoint(actor, "https://nothing.invalid/hook", ["result.official"], PROD)).toEqual({
      ok: false,
      code: "dns",
    });
    expect(await registerEndpoint(actor, `${base}/x`, [], TESTS)).toEqual({ ok: false, code: "events" });
    expect(await registerEndpoint(actor, `${base}/x`, ["result.official", "nope"], TESTS)).toEqual({
      ok: false,
      code: "events",
    });
    expect(db().select().from(schema.webhookEndpoints).all()).toHaveLength(0);
    const made = await registerEndpoint(actor, `${base}/x#frag`, ["notice.posted", "result.official"], TESTS);
    expect(made).toMatchObject({ ok: true, url: `${base}/x` });
    if (!made.ok) return;
    expect(made.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const row = endpointRow(made.id);
    expect(row).toMatchObject({ url: `${base}/x`, secret: made.secret, enabled: true });
    expect(JSON.parse(row?.events ?? "")).toEqual(["result.official", "notice.posted"]);
    const audit = db()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "webhook.created"))
      .all()
      .find((a) => a.targetId === String(made.id));
    expect(audit?.details).not.toContain(made.secret);
  });
});
