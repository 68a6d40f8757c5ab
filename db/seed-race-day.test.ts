// The race-day seed: the full-size plan (pure, no database) and a 1/20-scale seed into this
// worker's own SQLite file (the demo data first), both checked against the dataset's invariants:
// every crew passes rules/crew.ts, no event sells more than maxTeam (teams + Processing orders +
// held offers), a sold-out event has a waitlist, and another has its last slot held by an offer.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { login } from "~/services/auth.server";
import { callRaces } from "~/services/race-call.server";
import { db } from "~/lib/db.server";
import { getSettings } from "~/models/settings.server";
import { type CrewEvent, type CrewMember, checkCrew, ineligibility, paddlerEligible } from "~/rules/crew";
import { DEMO_FULL_EVENT, DEMO_PASSWORD } from "./seed";
import { DEMO_EOI_EVENTS, DEMO_INTEREST, DEMO_SESSIONS } from "./seed-data";
import { DEMO_ROUNDS } from "./seed-rounds";
import {
  type PlanContext,
  type RaceDayPlan,
  type RaceDayResult,
  type RaceDaySizes,
  FULL_EVENT,
  MEMBERSHIP_FEE,
  OFFER_EVENT,
  planRaceDay,
  RACE_DAY_SIZES,
  RaceDayRefused,
  REGATTA_YEAR,
  raceDayEventDefs,
  seedRaceDay,
} from "./seed-race-day";
import { datasetDigest } from "../scripts/dataset-digest";

const NOW = Date.UTC(2026, 5, 20, 2, 0, 0);
const HOUR = 3_600_000;
const DAY = 86_400_000;
const MYT = 8 * HOUR;

/** The demo's interest: one EOI user per club that answered, by its manager's email. */
const DEMO_EOI_EMAILS: Record<string, string> = {
  "Penang Dragon Warriors": "manager@example.com",
  "Singapore Paddle Club": "manager.singapore@example.com",
  "Jakarta Naga Rowers": "manager.jakarta@example.com",
  "Kuching Hornbill Dragons": "manager.kuching@example.com",
};

/** The events of db/seed-data.ts, ids 1..27, as the demo seed inserts them. */
const demoEvents = raceDayEventDefs()
  .slice(0, 27)
  .map((e, i) => ({ ...e, id: i + 1 }));
const demoEventId = (name: string) => demoEvents.find((e) => e.name === name)!.id;

/** What a fresh demo database looks like to the planner: its 27 events, 5 clubs, 141 users, and
 * the entries it sold (db/seed.ts): teams in four events, and the full Tug of War Mixed (3 teams,
 * 1 held by a Processing order) with a club waiting. */
function context(sizes: RaceDaySizes): PlanContext {
  let tokens = 0;
  let photos = 0;
  return {
    sizes,
    now: NOW,
    admin: { id: 1, name: "REGATTA ADMIN" },
    firstId: {
      association: 6,
      user: 142,
      event: 28,
      team: 10,
      round: 1 + DEMO_ROUNDS.length,
      order: 21,
      eoiUser: 1 + DEMO_INTEREST.length,
      eoiEvent: 1 + DEMO_EOI_EVENTS.length,
      session: 1 + DEMO_SESSIONS.length,
    },
    existingEvents: demoEvents,
    existingEntries: demoEvents.map((e) => ({
      eventId: e.id,
      paidTeams:
        { "250M PREMIER MIXED": 3, "250M PREMIER WOMEN": 1, "250M MALAYSIA OPEN": 1, "400M PREMIER OPEN": 1 }[
          e.name
        ] ?? (e.name === DEMO_FULL_EVENT.name ? 3 : 0),
      processing: e.name === DEMO_FULL_EVENT.name ? 1 : 0,
      held: 0,
      waiting: e.name === DEMO_FULL_EVENT.name ? 1 : 0,
    })),
    takenClubNames: ["Penang Dragon Warriors", "Singapore Paddle Club"],
    existingEoiEvents: DEMO_EOI_EVENTS.map((name, i) => ({ id: i + 1, name })),
    takenEoiEmails: DEMO_INTEREST.map((i) => DEMO_EOI_EMAILS[i.club]),
    // The demo's rounds (db/seed-rounds.ts): the plan numbers its own after them.
    takenRoundNames: DEMO_ROUNDS.map((r) => ({
      eventId: demoEventId(r.event),
      name: `${r.event} ${r.label}`,
    })),
    sharedPhotos: ["a", "b", "c"].map((c) => `${c.repeat(32)}.jpg`),
    token: () => `token-${++tokens}`,
    photoName: () => `${String(++photos).padStart(32, "0")}.jpg`,
  };
}

/** The invariants every plan must keep, whatever its size. */
function checkPlan(plan: RaceDayPlan, sizes: RaceDaySizes) {
  expect(plan.clubs).toHaveLength(sizes.clubs);
  expect(plan.users).toHaveLength(sizes.members);
  expect(plan.events).toHaveLength(sizes.events);
  expect(plan.teams).toHaveLength(sizes.teams);
  expect(plan.races).toHaveLength(sizes.races);
  expect(plan.orders).toHaveLength(sizes.orders);
  expect(plan.eoiUsers).toHaveLength(sizes.eoiUsers);
  expect(plan.eoiEvents).toHaveLength(sizes.eoiEvents - DEMO_EOI_EVENTS.length);
  expect(plan.sessions).toHaveLength(sizes.sessions);

  const lower = (s: string) => s.toLowerCase();
  expect(new Set(plan.clubs.map((c) => lower(c.name))).size).toBe(sizes.clubs);
  expect(new Set(plan.users.map((u) => lower(u.email))).size).toBe(sizes.members);
  expect(new Set(plan.events.map((e) => e.name)).size).toBe(sizes.events);
  for (const e of plan.events) {
    expect(e.name).toBe(e.name.toUpperCase());
    expect(e.price).toBeGreaterThanOrEqual(30_000);
    expect(e.price).toBeLessThanOrEqual(120_000);
    expect(e.maxTeam).toBeGreaterThanOrEqual(20);
    expect(e.maxTeam).toBeLessThanOrEqual(50);
  }

  // Each club's first member is its manager; the competitors cover every state.
  const users = new Map(plan.users.map((u) => [u.id, u]));
  for (const club of plan.clubs) {
    const first = plan.users.find((u) => u.associationId === club.id)!;
    expect(first).toMatchObject({ role: "MANAGER", verified: true, approved: true });
  }
  const competitors = plan.users.filter((u) => u.role === "COMPETITOR");
  for (const state of ["notVerified", "verifiedNotApproved", "approvedNotPaid", "paid"]) {
    expect(competitors.some((u) => u.lifecycle === state)).toBe(true);
  }
  for (const photo of ["none", "pending", "approved", "rejected"]) {
    expect(competitors.some((u) => u.photo === photo)).toBe(true);
  }
  for (const u of plan.users) {
    expect(u.name).toBe(u.name.toUpperCase());
    expect(u.phone).toMatch(/^\d+$/);
    expect(u.phoneEmergency).toMatch(/^\d*$/);
    expect(u.yob).toBeGreaterThanOrEqual(1960);
    expect(u.yob).toBeLessThanOrEqual(2010);
    expect(u.verified || !u.approved).toBe(true);
    expect(u.approved || !u.membershipPaid).toBe(true);
    expect(u.image === null).toBe(u.photo === "none" || u.photo === "rejected");
  }

  // Teams: under the event's cap, crews from the team's club, paid, photo approved, eligible.
  const events = new Map(plan.events.map((e) => [e.id, e]));
  const perEvent = new Map<number, number>();
  const seen = new Set<string>();
  for (const t of plan.teams) {
    const ev = events.get(t.eventId)!;
    perEvent.set(t.eventId, (perEvent.get(t.eventId) ?? 0) + 1);
    expect(t.crew.length).toBeGreaterThanOrEqual(10);
    expect(t.crew.length).toBeLessThanOrEqual(22);
    let males = 0;
    let females = 0;
    for (const id of t.crew) {
      const u = users.get(id)!;
      expect(u.associationId).toBe(t.associationId);
      expect(u.membershipPaid && u.validImage === 1 && u.image !== null).toBe(true);
      const age = REGATTA_YEAR - u.yob;
      expect(age >= ev.minAge && age <= ev.maxAge).toBe(true);
      if (ev.limitMalaysia) expect(u.malaysian).toBe(true);
      if (u.gender === "MALE") males++;
      else females++;
      const key = `${t.eventId}:${id}`;
      expect(seen.has(key)).toBe(false); // not in two teams of one event
      seen.add(key);
    }
    expect(t.crew.length).toBeGreaterThanOrEqual(ev.minRace);
    expect(t.crew.length).toBeLessThanOrEqual(ev.maxRace + ev.reserveCount);
    expect(males).toBeLessThanOrEqual(ev.maxMale === 0 ? 0 : ev.maxMale + ev.reserveCount);
    expect(females).toBeGreaterThanOrEqual(ev.minFemale);
  }
  for (const [eventId, n] of perEvent) expect(n).toBeLessThanOrEqual(events.get(eventId)!.maxTeam);

  // Every crew passes the app's own rules: each member eligible, the five checks met.
  for (const t of plan.teams) {
    const ev = events.get(t.eventId)!;
    const crew = t.crew.map((id) => users.get(id)!);
    for (const u of crew)
      expect(ineligibility(asMember(u), ev, REGATTA_YEAR), `${t.name}: ${u.name}`).toBeNull();
    expect(
      checkCrew(
        crew.map((u) => selected(u, ev)),
        ev,
      ),
      t.name,
    ).toBeNull();
  }
  // Team names: the club's name upper-cased and a letter, unique within the event.
  const clubName = new Map(plan.clubs.map((c) => [c.id, c.name.toUpperCase()]));
  const names = new Set<string>();
  for (const t of plan.teams) {
    expect(t.name).toMatch(new RegExp(`^${escapeRegExp(clubName.get(t.associationId)!)} [A-C]$`));
    expect(names.has(`${t.eventId}:${t.name}`)).toBe(false);
    names.add(`${t.eventId}:${t.name}`);
  }

  // The cap: the demo's entries plus ours (teams, Processing orders, held offers) <= maxTeam.
  const used = new Map<number, number>();
  const add = (eventId: number, n: number) => used.set(eventId, (used.get(eventId) ?? 0) + n);
  const ctx = context(sizes);
  for (const x of ctx.existingEntries) add(x.eventId, x.paidTeams + x.processing + x.held);
  for (const t of plan.teams) add(t.eventId, 1);
  for (const o of plan.orders)
    if (o.status === "PROCESSING") for (const l of o.lines) if (l.kind === "EVENT") add(l.eventId!, l.count);
  for (const w of plan.waitlist) if (w.status === "OFFERED" && w.holdUntil! > NOW) add(w.eventId, w.held);
  for (const e of plan.events) expect(used.get(e.id) ?? 0, e.name).toBeLessThanOrEqual(e.maxTeam);

  // Sold out: its teams fill maxTeam (nothing Processing), and five other clubs wait in line.
  const full = plan.events.find((e) => e.name === FULL_EVENT)!;
  expect(perEvent.get(full.id)).toBe(full.maxTeam);
  expect(used.get(full.id)).toBe(full.maxTeam);
  const waiting = plan.waitlist.filter((w) => w.eventId === full.id && w.status === "WAITING");
  expect(waiting).toHaveLength(5);
  const inFull = new Set(plan.teams.filter((t) => t.eventId === full.id).map((t) => t.associationId));
  for (const w of waiting) {
    expect(inFull.has(w.associationId)).toBe(false);
    expect(w.userId).toBe(plan.users.find((u) => u.associationId === w.associationId)!.id); // its manager
    expect(w.createdAt).toBeLessThan(NOW);
    expect(w.createdAt).toBeGreaterThan(NOW - 8 * DAY);
  }
  expect(new Set(waiting.map((w) => w.createdAt)).size).toBe(5);
  // One slot left elsewhere, held for a waiting club until tomorrow.
  const offers = plan.waitlist.filter((w) => w.status === "OFFERED");
  expect(offers).toHaveLength(1);
  const offered = events.get(offers[0].eventId)!;
  expect(offered.name).toBe(OFFER_EVENT);
  expect(offers[0]).toMatchObject({ held: 1, holdUntil: NOW + DAY });
  expect(used.get(offered.id)).toBe(offered.maxTeam);
  expect(perEvent.get(offered.id)).toBe(offered.maxTeam - 1);
  // The demo's full event, with its waitlist, stays full.
  const demoFull = events.get(demoEventId(DEMO_FULL_EVENT.name))!;
  expect(used.get(demoFull.id)).toBe(demoFull.maxTeam);
  // One live entry per club and event at most.
  const live = plan.waitlist.filter((w) => w.status === "WAITING" || w.status === "OFFERED");
  expect(new Set(live.map((w) => `${w.eventId}:${w.associationId}`)).size).toBe(live.length);

  // Races: lanes "1".."8", one lane and one team per round, teams of the round's event.
  const rounds = new Map(plan.rounds.map((r) => [r.id, r]));
  const teams = new Map(plan.teams.map((t) => [t.id, t]));
  const lanes = new Set<string>();
  const inRound = new Set<string>();
  for (const r of plan.races) {
    expect(r.lane).toMatch(/^[1-8]$/);
    expect(lanes.has(`${r.roundId}:${r.lane}`)).toBe(false);
    expect(inRound.has(`${r.roundId}:${r.teamId}`)).toBe(false);
    lanes.add(`${r.roundId}:${r.lane}`);
    inRound.add(`${r.roundId}:${r.teamId}`);
    expect(teams.get(r.teamId)!.eventId).toBe(rounds.get(r.roundId)!.eventId);
    if (r.score !== null) expect(r.score).toMatch(/^\d:\d\d\.\d\d$|^\d-\d$/);
  }
  expect(plan.races.some((r) => r.score !== null)).toBe(true);
  for (const s of plan.scanLogs) expect(teams.get(s.teamId)!.crew).toContain(s.userId);

  // The timetable (issue 20): every round numbered from 101 in order, 6 minutes apart over two
  // days, the races run started (in order), the rest not.
  const timed = [...plan.rounds].sort((a, b) => a.raceNumber! - b.raceNumber!);
  expect(timed.map((r) => r.raceNumber)).toEqual(timed.map((_, i) => 101 + i));
  const days = new Set(timed.map((r) => new Date(r.scheduledAt! + 8 * 3_600_000).toISOString().slice(0, 10)));
  expect(days.size).toBe(2);
  const started = timed.filter((r) => r.startedAt !== null);
  expect(started.length).toBeGreaterThan(0);
  expect(started).toEqual(timed.slice(0, started.length));
  for (const r of started) expect(r.startedAt!).toBeLessThanOrEqual(NOW);

  // Orders: each has a line; statuses mostly paid; processing only in the last 24 hours.
  const byStatus = new Map<string, number>();
  for (const o of plan.orders) {
    expect(o.lines.length).toBeGreaterThan(0);
    byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    expect(o.createdAt).toBeLessThanOrEqual(NOW);
    expect(o.createdAt).toBeGreaterThan(NOW - 60 * 86_400_000);
    if (o.status === "PROCESSING") expect(o.createdAt).toBeGreaterThan(NOW - 86_400_000);
    for (const l of o.lines) {
      if (l.kind === "MEMBERSHIP") expect(l.userId).not.toBeNull();
      if (l.kind === "EVENT") expect(l.eventId).not.toBeNull();
    }
  }
  for (const status of ["PROCESSING", "PAID", "FAILED", "CANCELLED"])
    expect(byStatus.get(status)).toBeGreaterThan(0);
  expect(byStatus.get("PAID")!).toBeGreaterThan(sizes.orders / 2);
  expect(plan.paymentLogs.length).toBeGreaterThan(sizes.orders / 2);
  expect(plan.orderNotes.length).toBeGreaterThan(0);

  // Training: approved boats never exceed a session's boats; every status; rejections say why.
  for (const s of plan.sessions) {
    const approved = plan.reservations
      .filter((r) => r.sessionId === s.id && r.status === "APPROVED")
      .reduce((n, r) => n + r.boat, 0);
    expect(approved).toBeLessThanOrEqual(s.maxBoat);
    expect(s.maxBoat).toBeGreaterThanOrEqual(1);
    expect(s.maxBoat).toBeLessThanOrEqual(8);
    // Two hours from a whole hour of Malaysia time, put up before it started and before now.
    expect(s.endTime - s.startTime).toBe(2 * HOUR);
    expect((s.startTime + MYT) % HOUR).toBe(0);
    expect(s.createdAt).toBeLessThan(Math.min(s.startTime, NOW));
  }
  // The season: sessions past and upcoming; pending requests only on upcoming ones; every request
  // made after its session was put up and before it started (and before now), ids in that order.
  const sessionsById = new Map(plan.sessions.map((s) => [s.id, s]));
  expect(plan.sessions.some((s) => s.startTime < NOW)).toBe(true);
  expect(plan.sessions.some((s) => s.startTime > NOW)).toBe(true);
  for (const status of ["PENDING", "APPROVED", "REJECTED", "CANCELLED"]) {
    expect(plan.reservations.some((r) => r.status === status)).toBe(true);
    expect(
      plan.reservations.some((r) => r.status === status && sessionsById.get(r.sessionId)!.startTime > NOW),
    ).toBe(true);
  }
  const clubIds = new Set(plan.clubs.map((c) => c.id));
  let previous = 0;
  for (const r of plan.reservations) {
    const s = sessionsById.get(r.sessionId)!;
    expect(r.rejectReason !== null).toBe(r.status === "REJECTED");
    if (r.status === "PENDING") expect(s.startTime).toBeGreaterThan(NOW);
    expect(r.createdAt).toBeGreaterThanOrEqual(s.createdAt);
    expect(r.createdAt).toBeLessThan(Math.min(s.startTime, NOW));
    expect(r.updatedAt).toBeGreaterThanOrEqual(r.createdAt);
    expect(r.updatedAt).toBeLessThanOrEqual(NOW);
    expect(r.boat).toBeGreaterThanOrEqual(1);
    expect(r.boat).toBeLessThanOrEqual(s.maxBoat);
    expect(clubIds.has(r.associationId)).toBe(true);
    expect(r.createdAt).toBeGreaterThanOrEqual(previous);
    previous = r.createdAt;
  }

  // EOI: sizes.eoiEvents in all with the demo's, names unique; one EOI user per email (lower case,
  // none the demo's), one per team; a race-day club's interest is its manager's; each ticks 1 to 5
  // live events, once each, after the event was made.
  const eoiNames = [...DEMO_EOI_EVENTS, ...plan.eoiEvents.map((e) => e.name)].map((n) => n.toLowerCase());
  expect(new Set(eoiNames).size).toBe(sizes.eoiEvents);
  const emails = plan.eoiUsers.map((u) => u.email);
  expect(new Set(emails).size).toBe(emails.length);
  for (const email of emails) {
    expect(email).toBe(email.toLowerCase());
    expect(Object.values(DEMO_EOI_EMAILS)).not.toContain(email);
  }
  expect(new Set(plan.eoiUsers.map((u) => u.team.toLowerCase())).size).toBe(plan.eoiUsers.length);
  const clubsByName = new Map(plan.clubs.map((c) => [c.name, c]));
  for (const u of plan.eoiUsers) {
    const club = clubsByName.get(u.team);
    if (club) {
      const manager = plan.users.find((m) => m.associationId === club.id && m.role === "MANAGER")!;
      expect(u).toMatchObject({ email: manager.email, name: manager.name, country: club.country });
    }
    expect(u.createdAt).toBeLessThanOrEqual(NOW);
    expect(u.updatedAt).toBeGreaterThanOrEqual(u.createdAt);
    expect(u.updatedAt).toBeLessThanOrEqual(NOW);
  }
  const eoiIds = new Set([...DEMO_EOI_EVENTS.map((_, i) => i + 1), ...plan.eoiEvents.map((e) => e.id)]);
  const ticks = new Map<number, number>();
  const pairs = new Set<string>();
  for (const e of plan.eois) {
    expect(eoiIds.has(e.eoiEventId)).toBe(true);
    pairs.add(`${e.eoiUserId}:${e.eoiEventId}`);
    ticks.set(e.eoiUserId, (ticks.get(e.eoiUserId) ?? 0) + 1);
  }
  expect(pairs.size).toBe(plan.eois.length);
  for (const u of plan.eoiUsers) {
    expect(ticks.get(u.id)).toBeGreaterThanOrEqual(1);
    expect(ticks.get(u.id)).toBeLessThanOrEqual(5);
  }
  for (const e of plan.eoiEvents)
    expect(e.createdAt).toBeLessThan(Math.min(...plan.eoiUsers.map((u) => u.createdAt)));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A planned member as rules/crew.ts sees them (membership of another team is checked apart). */
const asMember = (u: RaceDayPlan["users"][number]): CrewMember => ({ ...u, inOtherTeam: false });
const selected = (u: Pick<CrewMember, "gender" | "identification">, ev: CrewEvent) => ({
  gender: u.gender,
  paddlerEligible: paddlerEligible(u, ev),
});

describe("race-day plan, full size", () => {
  it("has the requested counts, keeps every invariant, and is the same every time", () => {
    const plan = planRaceDay(context(RACE_DAY_SIZES));
    checkPlan(plan, RACE_DAY_SIZES);
    expect(planRaceDay(context(RACE_DAY_SIZES))).toEqual(plan);
  });

  it("has interest from hundreds of teams in many countries, across 250M, 400M and Tug of War", () => {
    const plan = planRaceDay(context(RACE_DAY_SIZES));
    expect(plan.eoiUsers.length).toBeGreaterThanOrEqual(200);
    expect(new Set(plan.eoiUsers.map((u) => u.country)).size).toBeGreaterThanOrEqual(8);
    // Most registered clubs answered through their manager; the rest are clubs not registered.
    const clubNames = new Set(plan.clubs.map((c) => c.name));
    const registered = plan.eoiUsers.filter((u) => clubNames.has(u.team)).length;
    expect(registered).toBeGreaterThan(plan.clubs.length / 2);
    expect(registered).toBeLessThan(plan.eoiUsers.length);
    const names = [...DEMO_EOI_EVENTS, ...plan.eoiEvents.map((e) => e.name)];
    for (const prefix of ["250M", "400M", "TUG OF WAR"])
      expect(names.filter((n) => n.startsWith(prefix)).length).toBeGreaterThanOrEqual(2);
    // Only Malaysian teams tick a Malaysia event (citizens only).
    const country = new Map(plan.eoiUsers.map((u) => [u.id, u.country]));
    for (const e of plan.eois)
      if (names[e.eoiEventId - 1].includes("MALAYSIA")) expect(country.get(e.eoiUserId)).toBe("MY");
    // Every event has interest.
    for (const id of names.keys()) expect(plan.eois.some((e) => e.eoiEventId === id + 1)).toBe(true);
  });

  it("has a season of training: about half past, half upcoming, a few hundred requests in every state", () => {
    const plan = planRaceDay(context(RACE_DAY_SIZES));
    const past = plan.sessions.filter((s) => s.startTime < NOW).length;
    expect(past).toBe(Math.floor(RACE_DAY_SIZES.sessions / 2));
    expect(plan.reservations.length).toBeGreaterThanOrEqual(200);
    const by = (status: string) => plan.reservations.filter((r) => r.status === status).length;
    expect(by("APPROVED")).toBeGreaterThan(100);
    for (const status of ["PENDING", "REJECTED", "CANCELLED"]) expect(by(status)).toBeGreaterThan(15);
    // Some sessions are fully booked, and so refuse further approvals.
    const full = plan.sessions.filter(
      (s) =>
        plan.reservations
          .filter((r) => r.sessionId === s.id && r.status === "APPROVED")
          .reduce((n, r) => n + r.boat, 0) === s.maxBoat,
    );
    expect(full.length).toBeGreaterThan(0);
  });
});

const SMALL: RaceDaySizes = {
  clubs: 8,
  members: 250,
  events: 30, // the demo's 27 and three more
  teams: 40,
  races: 10,
  orders: 500,
  eoiUsers: 15,
  eoiEvents: 7, // the demo's 5 and two more
  sessions: 6,
};

describe("race-day seed, 1/20 scale, into this worker's database", () => {
  let result: RaceDayResult;
  const all = <T>(sql: string) => db().$client.prepare(sql).all() as T[];
  const n = (sql: string) => (db().$client.prepare(sql).get() as { n: number }).n;

  let seededFrom = 0;

  // A few seconds on an idle machine; the default 10 s hook limit is too tight on a loaded one.
  beforeAll(async () => {
    seededFrom = Date.now();
    result = await seedRaceDay(SMALL);
  }, 60_000);

  // First, before any test below writes: the seed writes through the models (issue 30) the very
  // rows the raw-SQL writer wrote, by scripts/dataset-digest.ts (counts and a hash per table).
  it("writes the recorded dataset (db/seed-digest.race-day-small.txt)", () => {
    const recorded = fs
      .readFileSync(new URL("./seed-digest.race-day-small.txt", import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    expect(datasetDigest(db().$client)).toEqual(recorded);
  });

  it("adds the requested counts to the demo data", () => {
    expect(n(`SELECT count(*) AS n FROM users WHERE email LIKE '%@raceday.test'`)).toBe(SMALL.members);
    expect(result.counts.associations).toBe(5 + SMALL.clubs);
    expect(result.counts.events).toBe(SMALL.events);
    // The demo seed's own teams and orders come first.
    expect(
      n(`SELECT count(*) AS n FROM teams t JOIN associations a ON a.id = t.association_id
      WHERE a.id > 5`),
    ).toBe(SMALL.teams);
    // The demo's own races come first.
    const demoRaces = DEMO_ROUNDS.reduce((n, r) => n + r.races.length, 0);
    expect(result.counts.races).toBe(SMALL.races + demoRaces);
    expect(
      n(`SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.owner_id
      WHERE u.email LIKE '%@raceday.test'`),
    ).toBe(SMALL.orders);
    // The demo's interest and sessions come first.
    expect(result.counts.eoi_users).toBe(SMALL.eoiUsers + DEMO_INTEREST.length);
    expect(result.counts.eoi_events).toBe(SMALL.eoiEvents);
    expect(result.counts.training_sessions).toBe(SMALL.sessions + DEMO_SESSIONS.length);
    for (const table of [
      "team_members",
      "rounds",
      "scan_logs",
      "scoreboard_rounds",
      "order_lines",
      "eois",
    ] as const) {
      expect(result.counts[table]).toBeGreaterThan(0);
    }
    expect(n("SELECT count(*) AS n FROM associations GROUP BY lower(name) ORDER BY n DESC LIMIT 1")).toBe(1);
  });

  it("has members in every lifecycle and stored photo state, and every photo is served", () => {
    const states = all<{ verified: number; approved: number; paid: number }>(
      `SELECT DISTINCT verified, approved, membership_paid AS paid FROM users
       WHERE role = 'COMPETITOR' AND email LIKE '%@raceday.test'`,
    );
    expect(states).toEqual(
      expect.arrayContaining([
        { verified: 0, approved: 0, paid: 0 },
        { verified: 1, approved: 0, paid: 0 },
        { verified: 1, approved: 1, paid: 0 },
        { verified: 1, approved: 1, paid: 1 },
      ]),
    );
    const photos = all<{ hasImage: number; validImage: number }>(
      `SELECT DISTINCT image IS NOT NULL AS hasImage, valid_image AS validImage FROM users
       WHERE role = 'COMPETITOR' AND email LIKE '%@raceday.test'`,
    );
    // None and rejected are both stored as no image with validImage 2.
    expect(photos).toEqual(
      expect.arrayContaining([
        { hasImage: 0, validImage: 2 },
        { hasImage: 1, validImage: 0 },
        { hasImage: 1, validImage: 1 },
      ]),
    );
    expect(
      n(
        "SELECT count(*) AS n FROM users u WHERE image IS NOT NULL AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.name = u.image)",
      ),
    ).toBe(0);
    expect(n("SELECT count(*) AS n FROM users WHERE image IS NOT NULL AND image NOT GLOB '*.jpg'")).toBe(0);
    // A pending photo is its member's own row (replacing or rejecting it deletes the row).
    expect(
      n(`SELECT count(*) AS n FROM users u JOIN photos p ON p.name = u.image
         WHERE u.valid_image = 0 AND (p.user_id IS NOT u.id)`),
    ).toBe(0);
    expect(
      n("SELECT count(*) AS n FROM users WHERE role = 'MANAGER' AND (NOT verified OR NOT approved)"),
    ).toBe(0);
  });

  it("keeps teams under maxTeam, crews from their club, paid, photo approved, one team per event", () => {
    expect(
      n(`SELECT count(*) AS n FROM (SELECT e.id FROM events e JOIN teams t ON t.event_id = e.id
         GROUP BY e.id HAVING count(*) > e.max_team)`),
    ).toBe(0);
    expect(
      n(`SELECT count(*) AS n FROM (SELECT tm.user_id FROM team_members tm JOIN teams t ON t.id = tm.team_id
         GROUP BY tm.user_id, t.event_id HAVING count(*) > 1)`),
    ).toBe(0);
    expect(
      n(`SELECT count(*) AS n FROM team_members tm JOIN teams t ON t.id = tm.team_id JOIN users u ON u.id = tm.user_id
         WHERE u.association_id IS NOT t.association_id OR NOT u.membership_paid OR u.valid_image != 1 OR u.image IS NULL`),
    ).toBe(0);
    expect(
      n(`SELECT count(*) AS n FROM (SELECT t.id FROM teams t JOIN team_members tm ON tm.team_id = t.id
         WHERE t.association_id > 5 GROUP BY t.id HAVING count(*) NOT BETWEEN 10 AND 22)`),
    ).toBe(0);
  });

  it("has every crew, the demo's included, pass the crew rules at the regatta year in Settings", () => {
    const year = getSettings(1).regattaYear;
    const events = new Map(
      all<Omit<CrewEvent, "limitMalaysia"> & { id: number; limitMalaysia: number }>(
        `SELECT id, min_race AS minRace, max_race AS maxRace, reserve_count AS reserveCount, max_male AS maxMale,
          min_female AS minFemale, min_age AS minAge, max_age AS maxAge, limit_malaysia AS limitMalaysia FROM events`,
      ).map((e) => [e.id, { ...e, limitMalaysia: e.limitMalaysia === 1 }]),
    );
    const rows = all<
      Omit<CrewMember, "membershipPaid" | "inOtherTeam"> & {
        teamId: number;
        eventId: number;
        membershipPaid: number;
      }
    >(
      `SELECT t.id AS teamId, t.event_id AS eventId, u.id, u.name, u.role, u.gender, u.yob, u.identification,
        u.membership_paid AS membershipPaid, u.valid_image AS validImage
       FROM teams t JOIN team_members tm ON tm.team_id = t.id JOIN users u ON u.id = tm.user_id`,
    );
    const crews = new Map<number, typeof rows>();
    for (const r of rows) crews.set(r.teamId, [...(crews.get(r.teamId) ?? []), r]);
    expect(crews.size).toBeGreaterThanOrEqual(SMALL.teams);
    for (const [teamId, crew] of crews) {
      const ev = events.get(crew[0].eventId)!;
      for (const u of crew)
        expect(
          ineligibility({ ...u, membershipPaid: u.membershipPaid === 1, inOtherTeam: false }, ev, year),
        ).toBeNull();
      expect(
        checkCrew(
          crew.map((u) => selected(u, ev)),
          ev,
        ),
        `team ${teamId}`,
      ).toBeNull();
    }
    // Only the demo's PENANG DRAGON WARRIORS B has no crew yet (for the demo manager to pick).
    expect(
      all<{ name: string }>(
        "SELECT name FROM teams t WHERE NOT EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = t.id)",
      ),
    ).toEqual([{ name: "PENANG DRAGON WARRIORS B" }]);
    // Names: the club's name upper-cased and a letter (the unique index keeps them apart).
    expect(
      n(`SELECT count(*) AS n FROM teams t JOIN associations a ON a.id = t.association_id
         WHERE t.name NOT GLOB upper(a.name) || ' [A-Z]'`),
    ).toBe(0);
  });

  it("never sells more than maxTeam, has a sold-out event with a waitlist and an offer on a last slot", () => {
    const now = Date.now();
    const caps = all<{ name: string; maxTeam: number; teams: number; processing: number; held: number }>(`
      SELECT e.name, e.max_team AS maxTeam,
        (SELECT count(*) FROM teams t WHERE t.event_id = e.id) AS teams,
        (SELECT coalesce(sum(l.count), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.event_id = e.id AND l.kind = 'EVENT' AND o.status = 'PROCESSING') AS processing,
        (SELECT coalesce(sum(w.held), 0) FROM waitlist w
          WHERE w.event_id = e.id AND w.status = 'OFFERED' AND w.hold_until > ${now}) AS held
      FROM events e`);
    for (const e of caps) expect(e.teams + e.processing + e.held, e.name).toBeLessThanOrEqual(e.maxTeam);
    const byName = new Map(caps.map((e) => [e.name, e]));
    const full = byName.get(FULL_EVENT)!;
    expect(full.teams).toBe(full.maxTeam);
    const offered = byName.get(OFFER_EVENT)!;
    expect(offered).toMatchObject({ teams: offered.maxTeam - 1, processing: 0, held: 1 });
    const demoFull = byName.get(DEMO_FULL_EVENT.name)!;
    expect(demoFull.teams + demoFull.processing).toBe(demoFull.maxTeam);

    const line = all<{ event: string; club: string; status: string; manager: number; createdAt: number }>(`
      SELECT e.name AS event, a.name AS club, w.status, u.role = 'MANAGER' AND u.association_id = a.id AS manager,
        w.created_at AS createdAt
      FROM waitlist w JOIN events e ON e.id = w.event_id JOIN associations a ON a.id = w.association_id
      JOIN users u ON u.id = w.user_id
      WHERE w.status IN ('WAITING', 'OFFERED') ORDER BY e.name, w.created_at`);
    const waiting = line.filter((w) => w.event === FULL_EVENT);
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting.every((w) => w.status === "WAITING" && w.manager === 1)).toBe(true);
    expect(line.filter((w) => w.event === OFFER_EVENT).map((w) => w.status)).toEqual(["OFFERED"]);
    expect(line.filter((w) => w.event === DEMO_FULL_EVENT.name).map((w) => [w.club, w.status])).toEqual([
      ["Singapore Paddle Club", "WAITING"],
    ]);
    // Nobody waits in line where a club could buy now (else the next serve would make offers).
    expect(
      n(`SELECT count(*) AS n FROM waitlist w JOIN events e ON e.id = w.event_id WHERE w.status = 'WAITING'
         AND e.max_team > (SELECT count(*) FROM teams t WHERE t.event_id = e.id)
           + (SELECT coalesce(sum(l.count), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
              WHERE l.event_id = e.id AND l.kind = 'EVENT' AND o.status = 'PROCESSING')
           + (SELECT coalesce(sum(h.held), 0) FROM waitlist h WHERE h.event_id = e.id AND h.status = 'OFFERED'
              AND h.hold_until > ${now})`),
    ).toBe(0);
    // A club that waits for an event has no team in it.
    expect(
      n(`SELECT count(*) AS n FROM waitlist w WHERE w.status = 'WAITING' AND EXISTS
         (SELECT 1 FROM teams t WHERE t.event_id = w.event_id AND t.association_id = w.association_id)`),
    ).toBe(0);
    // Every EVENT line at its event's price.
    expect(
      n(
        "SELECT count(*) AS n FROM order_lines l JOIN events e ON e.id = l.event_id WHERE l.price != e.price",
      ),
    ).toBe(0);
  });

  it("keeps the demo's entries: the demo manager's two teams, the competitor's crew, tickets", () => {
    const teams = all<{ name: string; event: string; crew: number; competitor: number }>(`
      SELECT t.name, e.name AS event, count(tm.user_id) AS crew,
        coalesce(sum(u.email = 'competitor@example.com'), 0) AS competitor
      FROM teams t JOIN events e ON e.id = t.event_id JOIN associations a ON a.id = t.association_id
      LEFT JOIN team_members tm ON tm.team_id = t.id LEFT JOIN users u ON u.id = tm.user_id
      WHERE a.name = 'Penang Dragon Warriors' GROUP BY t.id ORDER BY t.name`);
    expect(teams).toEqual([
      { name: "PENANG DRAGON WARRIORS A", event: "250M PREMIER MIXED", crew: 12, competitor: 1 },
      { name: "PENANG DRAGON WARRIORS B", event: "250M PREMIER MIXED", crew: 0, competitor: 0 },
    ]);
    const statuses = all<{ status: string }>(
      `SELECT DISTINCT o.status FROM orders o JOIN users u ON u.id = o.owner_id
       WHERE u.email = 'manager@example.com' ORDER BY 1`,
    ).map((r) => r.status);
    expect(statuses).toEqual(["CANCELLED", "FAILED", "PAID", "PROCESSING"]);
    expect(
      n(`SELECT sum(l.count) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN users u ON u.id = o.owner_id
         WHERE u.email LIKE 'manager%@example.com' AND o.status = 'PAID' AND l.kind = 'TICKET'`),
    ).toBe(6 + 5 + 3 + 4 + 2);
  });

  it("has called every race whose call was due: the race-call job has nothing to catch up on", () => {
    expect(n("SELECT count(*) AS n FROM rounds WHERE called_at IS NOT NULL")).toBeGreaterThan(0);
    // As of a moment before the seed's own clock: nothing that was due then is left to call.
    expect(callRaces(seededFrom)).toEqual([]);
  });

  it("draws unique lanes and teams per round, and scans only crew members", () => {
    expect(
      n("SELECT count(*) AS n FROM (SELECT 1 FROM races GROUP BY round_id, lane HAVING count(*) > 1)"),
    ).toBe(0);
    expect(
      n("SELECT count(*) AS n FROM (SELECT 1 FROM races GROUP BY round_id, team_id HAVING count(*) > 1)"),
    ).toBe(0);
    expect(n("SELECT count(*) AS n FROM races WHERE lane NOT IN ('1','2','3','4','5','6','7','8')")).toBe(0);
    expect(
      n(`SELECT count(*) AS n FROM scan_logs s WHERE NOT EXISTS
         (SELECT 1 FROM team_members tm WHERE tm.team_id = s.team_id AND tm.user_id = s.user_id)`),
    ).toBe(0);
  });

  it("keeps the demo's race day: a scored heat on the scoreboard with its crews scanned, a drawn final", () => {
    const rounds = all<{ name: string; races: number; scored: number; scans: number; shown: number }>(
      `SELECT r.name, (SELECT count(*) FROM races x WHERE x.round_id = r.id) AS races,
        (SELECT count(*) FROM races x WHERE x.round_id = r.id AND x.score IS NOT NULL) AS scored,
        (SELECT count(*) FROM scan_logs s WHERE s.round_id = r.id) AS scans,
        EXISTS (SELECT 1 FROM scoreboard_rounds b WHERE b.round_id = r.id) AS shown
       FROM rounds r WHERE r.id <= ${DEMO_ROUNDS.length} ORDER BY r.id`,
    );
    expect(rounds).toEqual([
      { name: "250M PREMIER MIXED HEAT 1", races: 3, scored: 3, scans: 24, shown: 1 },
      { name: "250M PREMIER MIXED FINAL", races: 2, scored: 0, scans: 0, shown: 0 },
      { name: "TUG OF WAR MIXED ROUND 1", races: 3, scored: 0, scans: 0, shown: 0 },
    ]);
    // The race day's own rounds of that event are numbered after the demo's.
    const names = all<{ name: string }>(
      `SELECT r.name FROM rounds r JOIN events e ON e.id = r.event_id
       WHERE e.name = '250M PREMIER MIXED' AND r.id > ${DEMO_ROUNDS.length}`,
    ).map((r) => r.name);
    expect(names).not.toContain("250M PREMIER MIXED HEAT 1");
    expect(names).not.toContain("250M PREMIER MIXED FINAL");
  });

  it("has a line in every order, paid entries for every team and a paid fee for every paid member", () => {
    expect(
      n(
        "SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)",
      ),
    ).toBe(0);
    expect(n("SELECT count(DISTINCT status) AS n FROM orders")).toBe(4);
    // Paid EVENT lines per (club, event) = that club's teams in that event.
    expect(
      n(`SELECT count(*) AS n FROM (SELECT t.association_id, t.event_id, count(*) AS teams FROM teams t
         GROUP BY 1, 2) x WHERE x.teams IS NOT (SELECT sum(l.count) FROM order_lines l JOIN orders o ON o.id = l.order_id
         JOIN users m ON m.id = o.owner_id WHERE o.status = 'PAID' AND l.kind = 'EVENT' AND l.event_id = x.event_id
         AND m.association_id = x.association_id)`),
    ).toBe(0);
    expect(
      n(`SELECT count(*) AS n FROM users u WHERE u.email LIKE '%@raceday.test' AND u.membership_paid AND 1 IS NOT
         (SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.user_id = u.id AND l.kind = 'MEMBERSHIP' AND o.status = 'PAID')`),
    ).toBe(0);
    expect(
      n(`SELECT count(*) AS n FROM order_lines WHERE kind = 'MEMBERSHIP' AND price != ${MEMBERSHIP_FEE}`),
    ).toBe(0);
  });

  it("keeps the demo's pre-season: its EOI events and interest, the demo manager's bookings", () => {
    const live = all<{ name: string }>("SELECT name FROM eoi_events WHERE deleted = 0 ORDER BY id").map(
      (e) => e.name,
    );
    expect(live.slice(0, DEMO_EOI_EVENTS.length)).toEqual([...DEMO_EOI_EVENTS]);
    expect(new Set(live.map((n) => n.toLowerCase())).size).toBe(live.length);
    const penang = all<{ email: string; team: string; country: string; events: number }>(
      `SELECT u.email, u.team, u.country, (SELECT count(*) FROM eois e WHERE e.eoi_user_id = u.id) AS events
       FROM eoi_users u WHERE u.email = 'manager@example.com'`,
    );
    expect(penang).toEqual([
      { email: "manager@example.com", team: "Penang Dragon Warriors", country: "MY", events: 2 },
    ]);
    expect(n("SELECT count(DISTINCT country) AS n FROM eoi_users")).toBeGreaterThanOrEqual(3);
    expect(n("SELECT count(*) AS n FROM eoi_users WHERE email != lower(email)")).toBe(0);
    expect(
      n(`SELECT count(DISTINCT r.status) AS n FROM training_reservations r
         JOIN associations a ON a.id = r.association_id WHERE a.name = 'Penang Dragon Warriors'`),
    ).toBe(4);
  });

  it("never approves more boats than a session has, and rejections carry a reason", () => {
    expect(
      n(`SELECT count(*) AS n FROM training_sessions s WHERE s.max_boat < (SELECT coalesce(sum(boat), 0)
         FROM training_reservations r WHERE r.session_id = s.id AND r.status = 'APPROVED')`),
    ).toBe(0);
    expect(n("SELECT count(DISTINCT status) AS n FROM training_reservations")).toBe(4);
    expect(
      n(
        "SELECT count(*) AS n FROM training_reservations WHERE (status = 'REJECTED') != (reject_reason IS NOT NULL)",
      ),
    ).toBe(0);
  });

  it("keeps the demo logins and lets race-day managers log in with the same password", async () => {
    const form = (email: string) => {
      const f = new FormData();
      f.set("email", email);
      f.set("password", DEMO_PASSWORD);
      return f;
    };
    for (const email of [
      "admin@example.com",
      "committee@example.com",
      "manager@example.com",
      "competitor@example.com",
      "manager1@raceday.test",
    ]) {
      const r = await login(new Request("http://test/"), form(email));
      expect("user" in r && r.user.email).toBe(email);
    }
  });

  it("refuses a database that has users", async () => {
    await expect(seedRaceDay(SMALL)).rejects.toBeInstanceOf(RaceDayRefused);
  });
});
