// The broadcast overlay (issue 29 part 2; /overlay) on a real SQLite file: the race on the water
// (started, no results: the one started last) with its lanes and team names, the round that went
// Official in the last 30 s with its top three and times, nobody's name; a result leaves the page
// 30 s after it went Official with nothing written meanwhile (the live page's data key knows the
// time); the transparent page and the chroma-key variant, the no-JS meta refresh, the loader's ETag
// and 304. And the prize-giving sheet (/race-control/awards.pdf): finals in race order with places
// 1-3 (team, club, time), a final not Official yet says so, then the club table; ADMIN and
// COMMITTEE only. The PDF's text is read back with tests/pdf-text.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { awardsDefinition, pointsText } from "~/services/awards-pdf.server";
import { db, schema } from "~/lib/db.server";
import { createLiveOverlay, liveOverlay } from "~/routes/overlay/live.server";
import { renderPdf } from "~/lib/pdf.server";
import { paperContext } from "~/services/race-pdf.server";
import { awardsFinals } from "~/models/awards.server";
import { overlayData } from "~/models/overlay.server";
import type { Standings } from "~/models/standings.server";
import { loader as awardsLoader } from "~/routes/race-control.awards[.]pdf";
import { loader as overlayLoader } from "~/routes/overlay/route";
import { pdfText } from "../pdf-text";
import { callerOf, getRequest, makeClub, makeUser, ORIGIN, run, writes } from "./route-request";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;
const T0 = Date.UTC(2031, 4, 10, 2, 0);
const at = (s: number) => new Date(T0 + s * 1000);

const r = {} as Record<"heat" | "final" | "semi" | "later" | "provFinal" | "tug" | "gone", number>;
let clubs: { sharks: string; tigers: string };

beforeAll(() => {
  const sharks = makeClub(`OV SHARKS ${process.pid}`);
  const tigers = makeClub(`OV TIGERS ${process.pid}`);
  clubs = { sharks: sharks.name, tigers: tigers.name };
  const event = (name: string, deleted = false) =>
    db().insert(schema.events).values({ name, description: "", deleted }).returning().get().id;
  const ev = event("OV 500M OPEN");
  const gone = event("OV GONE", true);
  const team = (club: number, name: string, eventId = ev) =>
    db().insert(schema.teams).values({ associationId: club, eventId, name }).returning().get().id;
  const teams = [
    team(sharks.id, "OV SHARKS A"),
    team(tigers.id, "OV TIGERS A"),
    team(sharks.id, "OV SHARKS B"),
    team(tigers.id, "OV TIGERS B"),
  ];
  const goneTeam = team(sharks.id, "OV GONE A", gone);
  // A crew member with a name: it must never reach the public page.
  const person = db()
    .insert(schema.users)
    .values({
      email: `ov-${process.pid}@example.test`,
      hash: "x",
      name: "SITI PERSONAL NAME",
      role: "COMPETITOR",
    })
    .returning()
    .get().id;
  db().insert(schema.teamMembers).values({ teamId: teams[0], userId: person }).run();
  const round = (name: string, values: Partial<typeof schema.rounds.$inferInsert>, eventId = ev) =>
    db()
      .insert(schema.rounds)
      .values({ eventId, name, description: "", ...values })
      .returning()
      .get().id;
  r.heat = round("OV 500M OPEN HEAT 1", { raceNumber: 9301, startedAt: at(-600) });
  r.later = round("OV 500M OPEN HEAT 2", { raceNumber: 9302, startedAt: at(-60) });
  r.final = round("OV 500M OPEN FINAL", {
    raceNumber: 9305,
    startedAt: at(-900),
    resultState: "OFFICIAL",
    revision: 1,
    resultsAt: at(0),
  });
  r.semi = round("OV 500M OPEN SEMI FINAL", {
    raceNumber: 9304,
    startedAt: at(-1200),
    resultState: "OFFICIAL",
    revision: 1,
    resultsAt: at(-20),
  });
  r.provFinal = round("FINAL B", {
    raceNumber: 9306,
    startedAt: at(-300),
    resultState: "PROVISIONAL",
    resultsAt: at(-5),
  });
  r.tug = round("GRAND FINAL", { raceNumber: 9303 });
  r.gone = round("OV GONE HEAT 1", { raceNumber: 9309, startedAt: at(0) }, gone);
  const lanes = (roundId: number, list: Partial<typeof schema.races.$inferInsert>[]) => {
    for (const l of list)
      db()
        .insert(schema.races)
        .values({ roundId, lane: "1", teamId: teams[0], ...l })
        .run();
  };
  lanes(r.heat, [
    { lane: "1", teamId: teams[0] },
    { lane: "2", teamId: teams[1] },
  ]);
  lanes(r.later, [
    { lane: "10", teamId: teams[2] },
    { lane: "2", teamId: teams[3] },
  ]);
  lanes(r.final, [
    { lane: "1", teamId: teams[0], place: 2, timeMs: 121_500, score: "2:01.50" },
    { lane: "2", teamId: teams[1], place: 1, timeMs: 119_000, penaltyMs: 2_000, score: "2:01.00 (+2.00)" },
    { lane: "3", teamId: teams[2], status: "DSQ", statusReason: "Lane", score: "DSQ" },
    { lane: "4", teamId: teams[3], place: 3, timeMs: 125_000, score: "2:05.00" },
  ]);
  lanes(r.semi, [{ lane: "1", teamId: teams[0], place: 1, timeMs: 100_000 }]);
  lanes(r.gone, [{ lane: "1", teamId: goneTeam }]);
});

describe("overlayData", () => {
  it("the race on the water is the one started last, its lanes in water order, team names only", () => {
    const data = overlayData(ED, T0);
    expect(data.onWater).toEqual({
      id: r.later,
      raceNumber: 9302,
      eventName: "OV 500M OPEN",
      roundName: "OV 500M OPEN HEAT 2",
      lanes: [
        { lane: "2", team: "OV TIGERS B" },
        { lane: "10", team: "OV SHARKS B" },
      ],
    });
    expect(JSON.stringify(data)).not.toContain("SITI");
  });

  it("the newest Official round of the last 30 s, with its top three and times (penalty added)", () => {
    const data = overlayData(ED, T0 + 1_000);
    expect(data.official).toEqual({
      id: r.final,
      raceNumber: 9305,
      eventName: "OV 500M OPEN",
      roundName: "OV 500M OPEN FINAL",
      revision: 1,
      until: T0 + 30_000,
      podium: [
        { place: 1, lane: "2", team: "OV TIGERS A", time: "2:01.00" },
        { place: 2, lane: "1", team: "OV SHARKS A", time: "2:01.50" },
        { place: 3, lane: "4", team: "OV TIGERS B", time: "2:05.00" },
      ],
    });
    // 30 s after the final went Official: nothing (the semi-final went Official before it).
    expect(overlayData(ED, T0 + 30_000).official).toBeNull();
    // Stamped a second ahead of this clock (the primary's): shown already. Half a minute before
    // the final, the semi-final (Official 20 s before it) was the newest; a Provisional round
    // (FINAL B, results 5 s before) never shows.
    expect(overlayData(ED, T0 - 1_000).official?.id).toBe(r.final);
    expect(overlayData(ED, T0 - 31_000).official?.id).toBe(r.semi);
  });
});

describe("the live overlay", () => {
  it("drops a result 30 s after it went Official though nothing was written", () => {
    let clock = T0 + 29_000;
    let reads = 0;
    const live = createLiveOverlay({
      read: (now) => {
        reads++;
        return overlayData(ED, now);
      },
      dataKey: () => "unchanged",
      clock: () => clock,
    });
    const before = live.current();
    expect(before.html.toString()).toContain('data-until="');
    expect(before.html.toString()).toContain("OV TIGERS A");
    clock = T0 + 29_999;
    expect(live.current().version).toBe(before.version);
    expect(reads).toBe(1); // the same data key, the result's time not up: not read again
    clock = T0 + 30_000;
    const after = live.current();
    expect(after.version).not.toBe(before.version);
    expect(after.html.toString()).not.toContain("data-until");
    expect(after.html.toString()).toContain("OV 500M OPEN HEAT 2"); // the lower third stays
    const reading = reads;
    clock += 60_000;
    live.current();
    live.current();
    expect(reads - reading).toBeLessThanOrEqual(1); // no result on: back to the data key alone
    live.closeStreams();
  });

  it("is transparent by default and chroma-key green with ?bg=green, and reloads within 10 s without JS", async () => {
    const plain = await overlayLoader({ request: new Request(`${ORIGIN}/overlay`), params: {}, context: {} });
    const green = await overlayLoader({
      request: new Request(`${ORIGIN}/overlay?bg=green`),
      params: {},
      context: {},
    });
    const [p, g] = [await plain.text(), await green.text()];
    expect(p).toContain('class="ov-clear"');
    expect(g).toContain('class="ov-green"');
    expect(plain.headers.get("ETag")).not.toBe(green.headers.get("ETag"));
    for (const page of [p, g]) {
      expect(page).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/><\/noscript>/);
      expect(page).toContain('data-events="/overlay/events"');
      expect(page).toMatch(/<script src="\/overlay\.js\?v=[0-9a-f]{10}" defer=""><\/script>/);
      expect(page).not.toMatch(/<script>|style="/); // no inline script or style: the fast path's CSP
      expect(page).not.toContain("SITI");
    }
    const again = await overlayLoader({
      request: new Request(`${ORIGIN}/overlay?bg=green`, {
        headers: { "If-None-Match": green.headers.get("ETag") ?? "" },
      }),
      params: {},
      context: {},
    });
    expect(again.status).toBe(304);
    liveOverlay().closeStreams();
  });
});

const standings = (rows: Standings["rows"], provisional = true): Standings => ({
  editionId: ED,
  scheme: { kind: "FINALS", custom: "", finalsOnly: true },
  provisional,
  rows,
});

describe("the prize-giving sheet", () => {
  it("lists the finals in race order (not semi-finals or B finals), places 1-3 of the Official ones", () => {
    const finals = awardsFinals(ED).filter(
      (f) => f.raceNumber !== null && f.raceNumber >= 9300 && f.raceNumber < 9400,
    );
    expect(finals.map((f) => f.id)).toEqual([r.tug, r.final]);
    expect(finals[0].places).toEqual([]);
    expect(finals[1].places).toEqual([
      { place: 1, lane: "2", team: "OV TIGERS A", club: clubs.tigers, time: "2:01.00" },
      { place: 2, lane: "1", team: "OV SHARKS A", club: clubs.sharks, time: "2:01.50" },
      { place: 3, lane: "4", team: "OV TIGERS B", club: clubs.tigers, time: "2:05.00" },
    ]);
  });

  it("prints each final, says which are not Official yet, then the club table or that it is empty", async () => {
    const request = new Request(`${ORIGIN}/race-control/awards.pdf`);
    const ctx = paperContext(request, ED);
    const finals = awardsFinals(ED).filter((f) => f.id === r.tug || f.id === r.final);
    const empty = pdfText(await renderPdf(awardsDefinition(finals, standings([]), ctx)));
    expect(empty).toMatch(/PRIZE-\s?GIVING/); // pdfmake may break the line at its hyphen
    expect(empty).toMatch(/Race 9303\s+OV 500M OPEN GRAND FINAL\s+Scheduled/);
    expect(empty).toContain("Scheduled: not Official yet.");
    expect(empty).toMatch(/Race 9305\s+OV 500M OPEN FINAL\s+Official/);
    expect(empty).toMatch(new RegExp(`1\\s+OV TIGERS A\\s+${clubs.tigers}\\s+2:01\\.00`));
    expect(empty).toMatch(new RegExp(`3\\s+OV TIGERS B\\s+${clubs.tigers}\\s+2:05\\.00`));
    expect(empty).not.toContain("OV SHARKS B"); // disqualified
    expect(empty).toContain("Club table");
    expect(empty).toContain("Provisional: not every final is Official yet.");
    expect(empty).toContain("No club has points yet.");

    const table = pdfText(
      await renderPdf(
        awardsDefinition(
          finals,
          standings(
            [
              {
                rank: 1,
                clubId: 1,
                club: "OV TIGERS CLUB",
                points: 14,
                provisionalPoints: 7,
                first: 1,
                second: 0,
                third: 1,
                races: 2,
              },
              {
                rank: 2,
                clubId: 2,
                club: "OV SHARKS CLUB",
                points: 6.5,
                provisionalPoints: 0,
                first: 0,
                second: 1,
                third: 0,
                races: 1,
              },
            ],
            false,
          ),
          ctx,
        ),
      ),
    );
    expect(table).toMatch(/Rank\s+Club\s+Points\s+1st\s+2nd\s+3rd\s+Races/);
    expect(table).toMatch(/1\s+OV TIGERS CLUB\s+14\s+\+ 7 provisional\s+1\s+0\s+1\s+2/);
    expect(table).toMatch(/2\s+OV SHARKS CLUB\s+6\.5\s+0\s+1\s+0\s+1/);
    expect(table).not.toContain("Provisional: not every final");
  });

  it("prints points shared on a tie with at most two decimals", () => {
    expect(pointsText(6)).toBe("6");
    expect(pointsText(1.5)).toBe("1.5");
    expect(pointsText(7 / 3)).toBe("2.33");
    expect(pointsText(0)).toBe("0");
  });

  it("is ADMIN's and COMMITTEE's: a PDF for them, refused to a manager, a competitor and nobody", async () => {
    for (const role of ["ADMIN", "COMMITTEE"] as const) {
      const caller = await callerOf(makeUser(role));
      const res = (await awardsLoader({
        request: getRequest(caller, "/race-control/awards.pdf"),
        params: {},
        context: {},
      })) as Response;
      expect(res.status, role).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/pdf");
      expect(res.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="prize-giving-\d{4}\.pdf"$/,
      );
      expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain("OV 500M OPEN FINAL");
    }
    const club = makeClub();
    for (const who of [makeUser("MANAGER", club.id), makeUser("COMPETITOR", club.id), null]) {
      const caller = await callerOf(who);
      const before = writes();
      const outcome = await run(awardsLoader, getRequest(caller, "/race-control/awards.pdf"));
      expect(outcome.status, who?.role ?? "anonymous").toBe(302);
      expect(outcome.location).toBe(who ? "/" : "/auth/login");
      expect(writes()).toBe(before);
    }
  });
});
