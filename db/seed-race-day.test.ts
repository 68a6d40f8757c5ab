// The race-day seed: the full-size plan (pure, no database) and a 1/20-scale seed into this
// worker's own SQLite file, both checked against the dataset's invariants.
import { beforeAll, describe, expect, it } from "vitest";
import { login } from "~/lib/auth.server";
import { db } from "~/lib/db.server";
import { DEMO_PASSWORD } from "./seed";
import {
  type PlanContext,
  type RaceDayPlan,
  type RaceDayResult,
  type RaceDaySizes,
  MEMBERSHIP_FEE,
  planRaceDay,
  RACE_DAY_SIZES,
  RaceDayRefused,
  REGATTA_YEAR,
  raceDayEventDefs,
  seedRaceDay,
} from "./seed-race-day";

const NOW = Date.UTC(2026, 5, 20, 2, 0, 0);

/** What a fresh demo database looks like to the planner: its 27 events, 5 clubs, 48 users. */
function context(sizes: RaceDaySizes): PlanContext {
  let tokens = 0;
  let photos = 0;
  return {
    sizes,
    now: NOW,
    admin: { id: 1, name: "REGATTA ADMIN" },
    firstId: {
      association: 6,
      user: 49,
      event: 28,
      team: 1,
      round: 1,
      order: 1,
      eoiUser: 1,
      eoiEvent: 1,
      session: 1,
    },
    existingEvents: raceDayEventDefs()
      .slice(0, 27)
      .map((e, i) => ({ ...e, id: i + 1 })),
    takenClubNames: ["Penang Dragon Warriors", "Singapore Paddle Club"],
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
  expect(plan.eoiEvents).toHaveLength(sizes.eoiEvents);
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
    expect(s.maxBoat).toBeLessThanOrEqual(6);
  }
  for (const status of ["PENDING", "APPROVED", "REJECTED", "CANCELLED"]) {
    expect(plan.reservations.some((r) => r.status === status)).toBe(true);
  }
  for (const r of plan.reservations) expect(r.rejectReason !== null).toBe(r.status === "REJECTED");
}

describe("race-day plan, full size", () => {
  it("has the requested counts, keeps every invariant, and is the same every time", () => {
    const plan = planRaceDay(context(RACE_DAY_SIZES));
    checkPlan(plan, RACE_DAY_SIZES);
    expect(planRaceDay(context(RACE_DAY_SIZES))).toEqual(plan);
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
  eoiEvents: 3,
  sessions: 5,
};

describe("race-day seed, 1/20 scale, into this worker's database", () => {
  let result: RaceDayResult;
  const all = <T>(sql: string) => db().$client.prepare(sql).all() as T[];
  const n = (sql: string) => (db().$client.prepare(sql).get() as { n: number }).n;

  beforeAll(async () => {
    result = await seedRaceDay(SMALL);
  });

  it("adds the requested counts to the demo data", () => {
    expect(n(`SELECT count(*) AS n FROM users WHERE email LIKE '%@raceday.test'`)).toBe(SMALL.members);
    expect(result.counts.associations).toBe(5 + SMALL.clubs);
    expect(result.counts.events).toBe(SMALL.events);
    expect(result.counts.teams).toBe(SMALL.teams);
    expect(result.counts.races).toBe(SMALL.races);
    // The demo seed's own orders (the demo manager's four) come first.
    expect(result.counts.orders).toBe(SMALL.orders + 4);
    expect(result.counts.eoi_users).toBe(SMALL.eoiUsers);
    expect(result.counts.eoi_events).toBe(SMALL.eoiEvents);
    expect(result.counts.training_sessions).toBe(SMALL.sessions);
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
         GROUP BY t.id HAVING count(*) NOT BETWEEN 10 AND 22)`),
    ).toBe(0);
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
