// Race day per edition (issue 21): the lists and lookups of one edition show none of another's rows,
// a round id of another edition is "not found" to the routes, race numbers are unique per edition,
// and once another edition is opened the kiosk refuses last year's crew tags and the public
// scoreboard and board show nothing of the archived one. This file opens an edition: its database
// is its own (tests/setup-unit.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { dataVersion } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { editionCookie } from "~/services/edition.server";
import { signedCode } from "~/lib/scan-code.server";
import { liveBigBoard, liveBoard } from "~/routes/scoreboard/live.server";
import { boardData } from "~/models/board.server";
import { drawRound } from "~/models/draw.server";
import { createEdition, currentEdition, openEdition } from "~/models/edition.server";
import { evtOfRound, scheduledRaceNumbers, scheduledTeams } from "~/models/lynx.server";
import { currentNotice } from "~/models/notice.server";
import { planOf, planTarget, progressionOfEvent, unseedInfo } from "~/models/progression.server";
import { raceDays, timetable } from "~/models/race-control.server";
import { paperRound, resultSheetOf, startListOf } from "~/models/race-paper.server";
import { findRace, racesOfRound, teamsForRound } from "~/models/race.server";
import { resultsLanes, resultsRound, resultsVersion } from "~/models/results.server";
import {
  createRound,
  findRound,
  liveEvent,
  liveEvents,
  roundsOfEvent,
  updateRound,
} from "~/models/round.server";
import {
  findRoundsByName,
  kioskRound,
  listScanLogs,
  racesOf,
  scanLogEvents,
  scanLogRounds,
  scanProfile,
} from "~/models/scan.server";
import { eventsWithRounds, managedRounds, scoreboardData, shownCount } from "~/models/scoreboard.server";
import { crewTagVersion } from "~/models/settings.server";
import { defaultSettings } from "~/rules/settings-schema";
import { kioskContext, lookupOne } from "~/services/kiosk.server";
import { action as deleteRaceAction } from "~/routes/_app.races.$id.delete";
import { loader as editRoundLoader } from "~/routes/_app.rounds.$id.edit";
import { action as resultsAction, loader as resultsLoader } from "~/routes/_app.rounds_.$id.results/route";
import { callerOf, getRequest, makeUser, ORIGIN, postRequest, run } from "./route-request";
import { type RaceDay, raceDay, snapshot } from "./race-edition-fixture";

/** The open edition of the unit database (migration 0018); a DRAFT one is made beside it. */
const OPEN = 1;
let DRAFT = 0;
let a: RaceDay; // the open edition's race day
let b: RaceDay; // the draft's, with the same race numbers

beforeAll(() => {
  a = raceDay(OPEN);
  const made = createEdition(a.actor, {
    fromId: OPEN,
    name: "Regatta 2027",
    year: 2027,
    startsOn: "2027-11-27",
    endsOn: "2027-11-28",
  });
  if (!made.ok) throw new Error("no new edition");
  DRAFT = made.id;
  b = raceDay(DRAFT); // race numbers 1, 2, 3 again: unique per edition, not across
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const roundsOf = (d: RaceDay) => [d.started.id, d.waiting.id, d.provisional.id, d.seeded.id, d.final.id];

describe("lists and lookups of race day", () => {
  it("list only the edition's rows", () => {
    for (const [mine, other, ed] of [
      [a, b, OPEN],
      [b, a, DRAFT],
    ] as const) {
      expect(ids(liveEvents(ed))).toContain(mine.event.id);
      expect(ids(liveEvents(ed))).not.toContain(other.event.id);
      expect(roundsOfEvent(ed, other.event.id)).toEqual([]);
      expect(ids(roundsOfEvent(ed, mine.event.id))).toEqual(roundsOf(mine));
      const listed = ids(timetable(ed));
      expect(listed).toEqual(expect.arrayContaining(roundsOf(mine)));
      for (const id of roundsOf(other)) expect(listed).not.toContain(id);
      expect(raceDays(ed)).toEqual(["2026-11-28"]);
      expect(scheduledRaceNumbers(ed)).toEqual([1, 2, 3]);
      expect(
        scheduledTeams(ed)
          .map((t) => t.teamId)
          .sort(),
      ).toEqual(ids(mine.teams).sort());
      expect(ids(scanLogEvents(ed))).not.toContain(other.event.id);
      expect(scanLogRounds(ed, other.event.id)).toEqual([]);
      expect(listScanLogs(ed, other.started.id, "desc", null)).toEqual({ rows: [], total: 0 });
      expect(listScanLogs(ed, mine.started.id, "desc", null).total).toBe(1);
      expect(ids(eventsWithRounds(ed))).not.toContain(other.event.id);
      expect(managedRounds(ed, null).flatMap((e) => ids(e.rounds))).not.toContain(other.started.id);
      expect(shownCount(ed)).toBe(1);
      expect(scoreboardData(ed).rounds.map((r) => r.id)).toEqual([mine.started.id]);
      expect(scoreboardData(ed).notice?.id).toBe(mine.notice.id);
      expect(currentNotice(ed)?.id).toBe(mine.notice.id);
      const board = boardData(ed);
      const shown = [...board.nowRacing, ...board.next, ...board.latest].map((r) => r.id);
      expect(shown).toEqual(expect.arrayContaining([mine.started.id, mine.waiting.id, mine.provisional.id]));
      for (const id of roundsOf(other)) expect(shown).not.toContain(id);
      // (The draft has a copy of the open edition's rounds, by name: createEdition.)
      expect(ids(findRoundsByName(ed, other.started.name))).not.toContain(other.started.id);
      expect(ids(findRoundsByName(ed, mine.started.name))).toEqual([mine.started.id]);
      expect(progressionOfEvent(ed, other.event.id)).toEqual({ plans: [], seeded: [] });
      expect(scanProfile(ed, other.members[0].id)?.teams).toEqual([]);
      expect(scanProfile(ed, mine.members[0].id)?.teams).toHaveLength(1);
    }
  });

  it("find a round or race of another edition as a missing one", () => {
    for (const [mine, other, ed] of [
      [a, b, OPEN],
      [b, a, DRAFT],
    ] as const) {
      const round = other.started.id;
      const race = other.startedRaces[0].id;
      expect(liveEvent(ed, other.event.id)).toBeUndefined();
      expect(findRound(ed, round)).toBeUndefined();
      expect(findRace(ed, race)).toBeUndefined();
      expect(racesOfRound(ed, round)).toEqual([]);
      expect(teamsForRound(ed, round)).toEqual([]);
      expect(resultsRound(ed, round)).toBeUndefined();
      expect(resultsLanes(ed, round)).toEqual([]);
      expect(planTarget(ed, other.seeded.id)).toBeUndefined();
      expect(planOf(ed, other.seeded.id)).toBeNull();
      expect(unseedInfo(ed, other.seeded.id)).toBeUndefined();
      expect(paperRound(ed, round)).toBeUndefined();
      expect(startListOf(ed, round)).toBeUndefined();
      expect(resultSheetOf(ed, round)).toBeUndefined();
      expect(evtOfRound(ed, round)).toBeUndefined();
      expect(kioskRound(ed, round)).toBeUndefined();
      expect(racesOf(ed, round)).toEqual([]);
      expect(drawRound(ed, round)).toBeUndefined();
      expect(kioskContext(ed, round, other.teams[0].id)).toBeUndefined();
      // Its own are found.
      expect(findRound(ed, mine.started.id)?.raceNumber).toBe(1);
      expect(findRace(ed, mine.startedRaces[0].id)?.roundId).toBe(mine.started.id);
      expect(planOf(ed, mine.seeded.id)?.sources.map((x) => x.id)).toEqual([mine.started.id]);
    }
  });

  it("race numbers are unique within an edition, not across editions", () => {
    // The draft holds 1 to 3 as the open edition does (the fixture); 4 is free in both.
    const free = createRound(DRAFT, b.actor, {
      event: b.event.id,
      name: "ED R4",
      description: "",
      raceNumber: 4,
    });
    expect(free.ok).toBe(true);
    const taken = createRound(OPEN, a.actor, {
      event: a.event.id,
      name: "ED R1",
      description: "",
      raceNumber: 1,
    });
    expect(taken).toMatchObject({ ok: false, code: "raceTaken", raceNumber: 1 });
    expect(taken.ok === false && "holder" in taken && taken.holder).toContain(a.started.name);
    const moved = updateRound(OPEN, a.actor, a.final.id, {
      name: a.final.name,
      description: "",
      raceNumber: 4,
    });
    expect(moved.ok).toBe(true);
  });

  it("the routes answer a forged round or race id of another edition as not found, writing nothing", async () => {
    const admin = makeUser("ADMIN");
    const caller = await callerOf(admin);
    const round = String(b.started.id);
    expect(
      (await run(editRoundLoader, getRequest(caller, `/rounds/${round}/edit`), { id: round })).status,
    ).toBe(404);
    expect(
      (await run(resultsLoader, getRequest(caller, `/rounds/${round}/results`), { id: round })).status,
    ).toBe(404);
    const before = snapshot();
    const race = String(b.startedRaces[0].id);
    const deleted = await run(deleteRaceAction, postRequest(caller, `/races/${race}/delete`), { id: race });
    expect(deleted.status).toBe(404);
    // The results desk's save, even with the version of that round's stored results (two desks).
    const theirs = resultsRound(DRAFT, b.started.id);
    const version = theirs ? resultsVersion(theirs, resultsLanes(DRAFT, b.started.id)) : "";
    const saved = await run(
      resultsAction,
      postRequest(caller, `/rounds/${round}/results`, {
        intent: "save",
        version,
        race: String(b.startedRaces[0].id),
        time: "58.20",
        status: "",
        statusReason: "",
        penalty: "",
        penaltyReason: "",
      }),
      { id: round },
    );
    expect(saved.status).toBe(404);
    expect(snapshot()).toEqual(before);
    // Staff looking at the draft see its round.
    const looking = { ...caller, cookie: `${caller.cookie}; ${editionCookie(DRAFT).split(";")[0]}` };
    expect(
      (await run(editRoundLoader, getRequest(looking, `/rounds/${round}/edit`), { id: round })).status,
    ).toBe(200);
  });
});

/** The public page as the process serves it now (rendered once per data version). */
const pageOf = async (
  live: () => { pageResponse: (r: Request) => Response | Promise<Response> },
  path: string,
) => (await live().pageResponse(new Request(`${ORIGIN}${path}`))).text();

describe("once the next edition is opened", () => {
  let before: string | null;
  let scoreboardBefore = "";
  let boardBefore = "";
  beforeAll(async () => {
    // The live pages have rendered the open edition (their caches are primed).
    scoreboardBefore = await pageOf(liveBoard, "/scoreboard");
    boardBefore = await pageOf(liveBigBoard, "/board");
    before = dataVersion();
    expect(openEdition(a.actor, DRAFT).ok).toBe(true);
    expect(currentEdition().id).toBe(DRAFT);
  });

  it("the live /scoreboard and /board pages render again: the open edition's rounds, none archived", async () => {
    expect(scoreboardBefore).toContain(a.started.name);
    expect(boardBefore).toContain(a.waiting.name);
    const scoreboard = await pageOf(liveBoard, "/scoreboard");
    expect(scoreboard).toContain(b.started.name);
    expect(scoreboard).toContain(b.notice.text);
    const board = await pageOf(liveBigBoard, "/board");
    expect(board).toContain(b.waiting.name);
    for (const page of [scoreboard, board]) {
      for (const r of [a.started, a.waiting, a.provisional]) expect(page).not.toContain(r.name);
      expect(page).not.toContain(a.notice.text);
    }
  });

  it("the scoreboard and the board read again and show nothing of the archived edition", () => {
    expect(dataVersion()).not.toBe(before); // the live pages re-read on a new data version
    const open = currentEdition().id;
    const board = scoreboardData(open);
    expect(board.rounds.map((r) => r.id)).toEqual([b.started.id]);
    expect(board.notice?.id).toBe(b.notice.id);
    const big = boardData(open);
    const shown = [...big.nowRacing, ...big.next, ...big.latest].map((r) => r.id);
    for (const id of roundsOf(a)) expect(shown).not.toContain(id);
    expect(big.notice?.id).toBe(b.notice.id);
  });

  it("the kiosk refuses a crew tag of the archived edition and admits only the open edition's teams", () => {
    const [member, otherMember] = a.members; // both in a team of the archived edition only
    db().insert(schema.teamMembers).values({ teamId: b.teams[0].id, userId: member.id }).run();
    expect(crewTagVersion(DRAFT)).toBe(crewTagVersion(OPEN) + 1); // createEdition signs with the next
    const lastYear = signedCode(member.id, crewTagVersion(OPEN));
    const thisYear = signedCode(member.id, crewTagVersion(DRAFT));
    const ctx = kioskContext(DRAFT, b.waiting.id, b.teams[0].id);
    if (!ctx) throw new Error("no kiosk context");
    expect(ctx.requireSigned).toBe(true);
    expect(lookupOne(ctx, lastYear)).toEqual({ kind: "voided" });
    expect(lookupOne(ctx, thisYear).kind).toBe("member");
    // Signed tags off: a plain code admits a member of this team of the open edition only.
    db()
      .insert(schema.settings)
      .values({
        id: DRAFT,
        ...defaultSettings(),
        entriesCloseAt: null,
        crewCloseAt: null,
        requireSignedTags: false,
      })
      .onConflictDoUpdate({ target: schema.settings.id, set: { requireSignedTags: false } })
      .run();
    const plain = kioskContext(DRAFT, b.waiting.id, b.teams[0].id);
    if (!plain) throw new Error("no kiosk context");
    expect(plain.requireSigned).toBe(false);
    expect(lookupOne(plain, `#${member.id}`).kind).toBe("member");
    expect(lookupOne(plain, `#${otherMember.id}`)).toEqual({ kind: "outsider", participant: true });
    expect(lookupOne(plain, lastYear)).toEqual({ kind: "voided" });
    // The archived edition's rounds are no kiosk's.
    expect(kioskContext(DRAFT, a.waiting.id, a.teams[0].id)).toBeUndefined();
  });
});
