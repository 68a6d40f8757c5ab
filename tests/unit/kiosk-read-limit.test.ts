// The kiosk's reading screens are rate-limited as its check endpoint is (issue 27, security review;
// services/kiosk-read-limit.server.ts), through the routes' own loaders on a real SQLite file: an
// enrolled kiosk reading rosters (/scanning/entrance?roundId=&teamId=) and profiles
// (/scanning/profile?code=) gets KIOSK_RATE's 120 at once from one address, then 429 with
// Retry-After and the throttled sentence (in the kiosk's language); the bucket refills at 2 a
// second; another address is served; the same device cookie from fresh addresses is still one
// device's budget; the scans' own bucket (the check endpoint) is not spent by reading.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db, schema } from "~/lib/db.server";
import { enrolDevice } from "~/services/kiosk-device.server";
import { KIOSK_RATE, resetRates } from "~/lib/rate-limit.server";
import { signedCode } from "~/lib/scan-code.server";
import { crewTagVersion } from "~/models/settings.server";
import { loader as checkLoader } from "~/routes/scanning.entrance.check";
import { loader as rosterLoader } from "~/routes/scanning.entrance/route";
import { loader as profileLoader } from "~/routes/scanning.profile";
import { uniq } from "../factories";

function setup() {
  const d = db();
  const club = d
    .insert(schema.associations)
    .values({ name: `KR CLUB ${uniq()}`, country: "MY", token: `kr-${uniq()}` })
    .returning()
    .get();
  const event = d
    .insert(schema.events)
    .values({ name: `KR EVENT ${uniq()}`, maxRace: 12, maxMale: 12, minFemale: 0 })
    .returning()
    .get();
  const member = d
    .insert(schema.users)
    .values({
      email: `kr-${uniq()}@example.test`,
      hash: "x",
      name: `KR MEMBER ${uniq()}`,
      role: "COMPETITOR",
      gender: "FEMALE",
      associationId: club.id,
      yob: 1995,
    })
    .returning()
    .get();
  const team = d
    .insert(schema.teams)
    .values({ name: `KR TEAM ${uniq()}`, associationId: club.id, eventId: event.id })
    .returning()
    .get();
  d.insert(schema.teamMembers).values({ teamId: team.id, userId: member.id }).run();
  const round = d
    .insert(schema.rounds)
    .values({ name: `Kr Heat ${uniq()}`, eventId: event.id })
    .returning()
    .get();
  d.insert(schema.races).values({ roundId: round.id, teamId: team.id, lane: "1" }).run();
  const staff = d
    .insert(schema.users)
    .values({
      email: `kr-staff-${uniq()}@example.test`,
      hash: "x",
      name: `KR STAFF ${uniq()}`,
      role: "ADMIN",
    })
    .returning()
    .get();
  const device = (name: string) => enrolDevice(staff, name).setCookie.split(";")[0];
  return { member, team, round, device };
}

type S = ReturnType<typeof setup>;
const request = (path: string, cookie: string, address: string, lang = "en") =>
  new Request(`http://127.0.0.1:3999${path}`, {
    headers: { Cookie: `${cookie}; lang=${lang}`, "x-regatta-client-address": address },
  });
const roster = (s: S, cookie: string, address: string, lang?: string) =>
  rosterLoader({
    request: request(`/scanning/entrance?roundId=${s.round.id}&teamId=${s.team.id}`, cookie, address, lang),
    params: {},
    context: {},
  });
const profile = (s: S, cookie: string, address: string) =>
  profileLoader({
    request: request(
      `/scanning/profile?code=${encodeURIComponent(signedCode(s.member.id, crewTagVersion(1)))}`,
      cookie,
      address,
    ),
    params: {},
    context: {},
  });
const check = (s: S, cookie: string, address: string) =>
  checkLoader({
    request: request(
      `/scanning/entrance/check?roundId=${s.round.id}&teamId=${s.team.id}&code=${encodeURIComponent(signedCode(s.member.id, crewTagVersion(1)))}`,
      cookie,
      address,
    ),
    params: {},
    context: {},
  });

/** The answer, returned or thrown (a refusal is thrown). */
async function outcome(p: Promise<Response>): Promise<Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeEach(() => {
  resetRates();
  // Date only: the buckets refill by Date.now(), which stands still unless a test moves it.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 11, 5, 1, 0) });
});
afterEach(() => vi.useRealTimers());

describe("the kiosk's roster and profile pages (issue 27)", () => {
  it("an enrolled kiosk reading rosters and profiles from one address gets 120, then 429 with Retry-After and the check's sentence", async () => {
    const s = setup();
    const kiosk = s.device(`KR GATE ${uniq()}`);
    for (let i = 0; i < KIOSK_RATE.burst / 2; i++) {
      const r = await outcome(roster(s, kiosk, "192.0.2.50"));
      expect(r.status).toBe(200);
      expect(JSON.stringify(await r.json())).toContain(s.member.name);
      const p = await outcome(profile(s, kiosk, "192.0.2.50"));
      expect(p.status).toBe(200);
      const read = await p.json();
      expect(read.error).toBeNull();
      expect(read.profile).not.toBeNull();
    }
    const refused = await outcome(roster(s, kiosk, "192.0.2.50"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many attempts/);
    expect((await outcome(profile(s, kiosk, "192.0.2.50"))).status).toBe(429);
    // In the kiosk's language.
    expect(await (await outcome(roster(s, kiosk, "192.0.2.50", "ms"))).text()).not.toMatch(/^Too many/);
    // The bucket refills at 2 a second: half a second later, one more read.
    vi.setSystemTime(Date.now() + 500);
    expect((await outcome(profile(s, kiosk, "192.0.2.50"))).status).toBe(200);
    expect((await outcome(profile(s, kiosk, "192.0.2.50"))).status).toBe(429);
    // Scanning (the check endpoint's bucket) goes on: reading did not spend it.
    expect((await outcome(check(s, kiosk, "192.0.2.50"))).status).toBe(200);
    // Another kiosk at another address is served.
    expect((await outcome(roster(s, s.device(`KR GATE ${uniq()}`), "192.0.2.51"))).status).toBe(200);
  });

  it("the same device cookie from many addresses still has one device's budget", async () => {
    const s = setup();
    const copied = s.device(`KR COPIED ${uniq()}`);
    for (let i = 0; i < KIOSK_RATE.burst; i++) {
      // A fresh address each time: no address bucket runs dry.
      expect((await outcome(roster(s, copied, `198.51.100.${(i % 250) + 1}`))).status).toBe(200);
    }
    expect((await outcome(roster(s, copied, "203.0.113.9"))).status).toBe(429);
    expect((await outcome(profile(s, copied, "203.0.113.10"))).status).toBe(429);
    // Another device from that address is served.
    expect((await outcome(profile(s, s.device(`KR OTHER ${uniq()}`), "203.0.113.9"))).status).toBe(200);
  });
});
