// The club championship (issue 29 part 1) on a real SQLite file: the table from the edition's
// Official lanes (finals only by default, every round when off, League and Custom as saved), the
// provisional points apart, medals, "provisional" until every final is Official, deleted events
// left out; /standings and its CSV answer anyone (ETag, 304); the points scheme on Settings is
// ADMIN's: COMMITTEE and MANAGER are refused and change nothing; a refused custom list changes
// nothing either; a save is audited.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { listAudit } from "~/models/audit.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import { standingsOf } from "~/models/standings.server";
import { formValuesOf } from "~/rules/settings-schema";
import * as csvRoute from "~/routes/standings[.]csv";
import * as settingsRoute from "~/routes/_app.settings";
import * as standingsRoute from "~/routes/standings/route";
import { callerOf, getRequest, makeClub, makeUser, postRequest, run, writes } from "./route-request";

const ED = 1;
let clubs: { a: number; b: number; c: number };
let rounds: Record<string, number> = {};
let admin: ReturnType<typeof makeUser>;

const round = (eventId: number, name: string, resultState: "NONE" | "PROVISIONAL" | "OFFICIAL") =>
  db()
    .insert(schema.rounds)
    .values({ eventId, name, description: "", resultState, revision: resultState === "OFFICIAL" ? 1 : 0 })
    .returning()
    .get().id;

function lanes(
  roundId: number,
  crews: [teamId: number, place: number | null, status?: "DNS" | "DNF" | "DSQ"][],
) {
  crews.forEach(([teamId, place, status], i) => {
    db()
      .insert(schema.races)
      .values({ roundId, teamId, lane: String(i + 1), place, status: status ?? null })
      .run();
  });
}

beforeAll(() => {
  clubs = { a: makeClub("ST ALPHA").id, b: makeClub("ST BRAVO").id, c: makeClub("ST CHARLIE").id };
  admin = makeUser("ADMIN");
  const event = (name: string, deleted = false) =>
    db().insert(schema.events).values({ name, description: "", deleted }).returning().get().id;
  const ev = event("ST 200M OPEN");
  const gone = event("ST GONE", true);
  const team = (associationId: number, eventId: number, name: string) =>
    db().insert(schema.teams).values({ associationId, eventId, name }).returning().get().id;
  const A = team(clubs.a, ev, "ST ALPHA A");
  const A2 = team(clubs.a, ev, "ST ALPHA B");
  const B = team(clubs.b, ev, "ST BRAVO A");
  const C = team(clubs.c, ev, "ST CHARLIE A");
  const G = team(clubs.c, gone, "ST CHARLIE GONE");
  rounds = {
    heat: round(ev, "ST 200M OPEN HEAT 1", "OFFICIAL"),
    final: round(ev, "ST 200M OPEN FINAL", "OFFICIAL"),
    semi: round(ev, "ST 200M OPEN SEMI FINAL", "PROVISIONAL"),
    grand: round(ev, "ST 200M OPEN GRAND FINAL", "PROVISIONAL"),
    goneFinal: round(gone, "ST GONE FINAL", "OFFICIAL"),
  };
  lanes(rounds.heat, [
    [C, 1],
    [A, 2],
    [B, 3],
  ]);
  // The final: B wins, A and C tie 2nd (7+5 shared: 6 each), A's second crew DSQ.
  lanes(rounds.final, [
    [B, 1],
    [A, 2],
    [C, 2],
    [A2, null, "DSQ"],
  ]);
  lanes(rounds.semi, [
    [A, 1],
    [B, 2],
  ]);
  lanes(rounds.grand, [
    [C, 1],
    [A, 2],
  ]);
  lanes(rounds.goneFinal, [[G, 1]]);
});

const actor = () => ({ id: admin.id, name: "ST ADMIN", email: admin.email });
const row = (clubId: number) => standingsOf(ED).rows.find((r) => r.clubId === clubId);

describe("standingsOf", () => {
  it("finals only by default: official finals score, ties share, DSQ scores nothing, provisional apart", () => {
    const s = standingsOf(ED);
    expect(s.scheme).toEqual({ kind: "FINALS", custom: "", finalsOnly: true });
    expect(s.rows.map((r) => [r.club, r.rank, r.points, r.provisionalPoints])).toEqual([
      ["ST BRAVO", 1, 9, 0],
      ["ST ALPHA", 2, 6, 7],
      ["ST CHARLIE", 2, 6, 9],
    ]);
    expect(row(clubs.a)).toMatchObject({ first: 0, second: 1, third: 0, races: 2 });
    expect(row(clubs.b)).toMatchObject({ first: 1, second: 0, third: 0, races: 1 });
    // The deleted event's final counts for nobody.
    expect(row(clubs.c)).toMatchObject({ first: 0, second: 1, races: 1 });
    // The grand final is not Official yet.
    expect(s.provisional).toBe(true);
  });

  it("every round when Finals only is off; League and Custom as saved", () => {
    const base = getSettings(ED);
    try {
      updateSettings(actor(), { ...base, pointsFinalsOnly: false }, ED);
      // Heat: C 9, A 7, B 5; final as before; semi (provisional): A 9, B 7.
      expect(row(clubs.c)).toMatchObject({ points: 15, provisionalPoints: 9 });
      expect(row(clubs.a)).toMatchObject({ points: 13, provisionalPoints: 9 + 7, races: 3 });
      expect(row(clubs.b)).toMatchObject({ points: 14, provisionalPoints: 7 });
      // Medals stay the finals'.
      expect(row(clubs.c)).toMatchObject({ first: 0, second: 1 });
      updateSettings(actor(), { ...base, pointsScheme: "LEAGUE" }, ED);
      expect(row(clubs.b)?.points).toBe(16);
      expect(row(clubs.a)?.points).toBe(14.5);
      updateSettings(actor(), { ...base, pointsScheme: "CUSTOM", pointsCustom: "3,2,1" }, ED);
      // A and C tied 2nd: (2+1)/2 each.
      expect(row(clubs.a)?.points).toBe(1.5);
    } finally {
      updateSettings(actor(), base, ED);
    }
    expect(standingsOf(ED).scheme.kind).toBe("FINALS");
  });

  it("is no longer provisional once every final is Official", () => {
    db()
      .update(schema.rounds)
      .set({ resultState: "OFFICIAL", revision: 1 })
      .where(eq(schema.rounds.id, rounds.grand))
      .run();
    const s = standingsOf(ED);
    expect(s.provisional).toBe(false);
    expect(s.rows[0]).toMatchObject({ club: "ST CHARLIE", points: 15, first: 1, rank: 1 });
    db()
      .update(schema.rounds)
      .set({ resultState: "PROVISIONAL", revision: 0 })
      .where(eq(schema.rounds.id, rounds.grand))
      .run();
  });
});

describe("/standings and /standings.csv (public)", () => {
  it("answer anyone, the page with an ETag and 304 when the browser has it", async () => {
    const anon = await callerOf(null);
    const res = (await standingsRoute.loader({
      request: getRequest(anon, "/standings"),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("ST BRAVO");
    expect(html).toContain("+ 9 provisional");
    expect(html).toContain("Provisional");
    expect(html).toContain("Finals 9-7-5-3-2-1");
    const etag = res.headers.get("ETag") as string;
    expect(etag).toMatch(/^W\//);
    const again = new Request("http://127.0.0.1:3999/standings", { headers: { "If-None-Match": etag } });
    const cached = (await standingsRoute.loader({ request: again, params: {}, context: {} })) as Response;
    expect(cached.status).toBe(304);

    const csv = (await csvRoute.loader({
      request: getRequest(anon, "/standings.csv"),
      params: {},
      context: {},
    })) as Response;
    const text = await csv.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Rank,Club,Points,Provisional points,1st,2nd,3rd,Races");
    expect(lines[1]).toBe("1,ST BRAVO,9,0,1,0,0,1");
  });
});

describe("the points scheme on Settings", () => {
  const form = (over: Record<string, string>) => {
    const values = formValuesOf(getSettings(ED));
    return { ...values, ...over };
  };

  for (const role of ["COMMITTEE", "MANAGER"] as const) {
    it(`${role} is refused and changes nothing`, async () => {
      const caller = await callerOf(makeUser(role));
      const before = writes();
      const audits = listAudit(
        { action: "settings.updated" },
        { sort: "createdAt", dir: "desc" },
        null,
      ).total;
      const outcome = await run(
        settingsRoute.action,
        postRequest(caller, "/settings", form({ pointsScheme: "LEAGUE", pointsFinalsOnly: "" })),
      );
      expect(outcome.status).not.toBe(200);
      expect(outcome.location ?? "").not.toBe("/settings");
      expect(getSettings(ED).pointsScheme).toBe("FINALS");
      expect(listAudit({ action: "settings.updated" }, { sort: "createdAt", dir: "desc" }, null).total).toBe(
        audits,
      );
      // Only the session's own bookkeeping may be written, no settings.
      expect(writes() - before).toBeLessThanOrEqual(1);
    });
  }

  it("ADMIN: a refused custom list changes nothing; a good one is saved and audited", async () => {
    const caller = await callerOf(admin);
    const refused = await run(
      settingsRoute.action,
      postRequest(
        caller,
        "/settings",
        form({ pointsScheme: "CUSTOM", pointsCustom: "5,6", pointsFinalsOnly: "on" }),
      ),
    );
    expect(refused.status).toBe(400);
    expect(getSettings(ED).pointsScheme).toBe("FINALS");
    const saved = await run(
      settingsRoute.action,
      postRequest(
        caller,
        "/settings",
        form({ pointsScheme: "CUSTOM", pointsCustom: "10, 8, 6", pointsFinalsOnly: "on" }),
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: "/settings" });
    expect(getSettings(ED)).toMatchObject({
      pointsScheme: "CUSTOM",
      pointsCustom: "10,8,6",
      pointsFinalsOnly: true,
    });
    const entry = listAudit({ action: "settings.updated" }, { sort: "createdAt", dir: "desc" }, null).rows[0];
    expect(JSON.parse(entry.details)).toMatchObject({
      old: { pointsScheme: "FINALS", pointsCustom: "" },
      new: { pointsScheme: "CUSTOM", pointsCustom: "10,8,6" },
    });
  });
});
