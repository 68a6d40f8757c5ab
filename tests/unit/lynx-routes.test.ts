// The FinishLynx start-list downloads (issue 20, section 3) through their loaders, as each role,
// against a real SQLite file: staff get the file (plain text, CRLF, attachment), everyone else is
// refused, a forged or unknown round is a 404, a round without a race number a 409 sentence, and
// the day's files hold only scheduled rounds of live events.
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../db/enums";
import { db, schema } from "~/lib/db.server";
import { loader as evtLoader } from "~/routes/rounds.$id.lynx[.]evt";
import { loader as pplLoader } from "~/routes/race-control.lynx[.]ppl";
import { loader as schLoader } from "~/routes/race-control.lynx[.]sch";
import { type Caller, callerOf, getRequest, makeClub, makeUser, run } from "./route-request";

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

/** The loader's answer, thrown or returned, as a Response. */
async function answer(
  loader: Loader,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    const out = await loader({ request, params, context: {} });
    if (out instanceof Response) return out;
    throw new Error("not a Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const callers = {} as Record<Role | "anonymous", Caller>;
let roundId = 0;
let unscheduledId = 0;
let deletedEventRoundId = 0;
let teamA = 0;
let teamB = 0;
let raceNumber = 0;

function event(name: string, deleted = false): number {
  return db().insert(schema.events).values({ name, deleted }).returning().get().id;
}
function round(eventId: number, name: string, n: number | null): number {
  return db().insert(schema.rounds).values({ eventId, name, raceNumber: n }).returning().get().id;
}
function team(eventId: number, clubId: number, name: string): number {
  return db().insert(schema.teams).values({ eventId, associationId: clubId, name }).returning().get().id;
}
function lane(roundId: number, teamId: number, lane: string) {
  db().insert(schema.races).values({ roundId, teamId, lane }).run();
}

beforeAll(async () => {
  for (const who of ["ADMIN", "COMMITTEE", "MANAGER", "COMPETITOR"] as const) {
    callers[who] = await callerOf(makeUser(who));
  }
  callers.anonymous = await callerOf(null);

  const clubA = makeClub("Naga, Pulau Pinang");
  const clubB = makeClub('Club "Sharks"');
  const live = event("LYNX 500M OPEN");
  const gone = event("LYNX GONE", true);
  raceNumber = 9000 + (process.pid % 500);
  roundId = round(live, "Heat 1", raceNumber);
  unscheduledId = round(live, "Final", null);
  deletedEventRoundId = round(gone, "Heat 1", raceNumber + 1);
  round(live, "Heat 2", raceNumber - 5); // scheduled, no lanes yet
  teamA = team(live, clubA.id, "Naga A");
  teamB = team(live, clubB.id, "Sharks, Jr. A");
  const unscheduledTeam = team(live, clubA.id, "Naga B");
  const goneTeam = team(gone, clubA.id, "Gone A");
  lane(roundId, teamB, "10");
  lane(roundId, teamA, "2");
  lane(unscheduledId, unscheduledTeam, "1");
  lane(deletedEventRoundId, goneTeam, "1");
});

describe("/rounds/:id/lynx.evt", () => {
  it.each(["ADMIN", "COMMITTEE"] as const)(
    "gives %s the round's start list, CRLF, as lynx.evt",
    async (who) => {
      const response = await answer(
        evtLoader as Loader,
        getRequest(callers[who], `/rounds/${roundId}/lynx.evt`),
        { id: String(roundId) },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="lynx.evt"');
      expect(await response.text()).toBe(
        [
          `${raceNumber},1,1,LYNX 500M OPEN Heat 1`,
          `,${teamA},2,Naga A,,"Naga, Pulau Pinang"`,
          `,${teamB},10,"Sharks, Jr. A",,"Club ""Sharks"""`,
          "",
        ].join("\r\n"),
      );
    },
  );

  it.each([
    ["MANAGER", "/"],
    ["COMPETITOR", "/"],
    ["anonymous", "/auth/login"],
  ] as const)("refuses %s", async (who, location) => {
    const outcome = await run(evtLoader, getRequest(callers[who], `/rounds/${roundId}/lynx.evt`), {
      id: String(roundId),
    });
    expect(outcome).toMatchObject({ status: 302, location });
  });

  it.each(["999999", "abc", "1.5", "-1", String(deletedEventRoundId)])(
    "answers a forged or gone round id %s with 404",
    async (id) => {
      const response = await answer(
        evtLoader as Loader,
        getRequest(callers.ADMIN, `/rounds/${id}/lynx.evt`),
        {
          id,
        },
      );
      expect(response.status).toBe(404);
    },
  );

  it("answers a round without a race number with 409 and a sentence, in the reader's language", async () => {
    const path = `/rounds/${unscheduledId}/lynx.evt`;
    const response = await answer(evtLoader as Loader, getRequest(callers.COMMITTEE, path), {
      id: String(unscheduledId),
    });
    expect(response.status).toBe(409);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Give the round a race number first.");

    const malay = new Request(getRequest(callers.COMMITTEE, path), {
      headers: { Cookie: `${callers.COMMITTEE.cookie}; lang=ms` },
    });
    const inMalay = await answer(evtLoader as Loader, malay, { id: String(unscheduledId) });
    expect(await inMalay.text()).toBe("Berikan nombor perlumbaan kepada pusingan ini dahulu.");
  });
});

describe("/race-control/lynx.sch and lynx.ppl", () => {
  it("gives staff the schedule: comments, then each scheduled race of a live event in order", async () => {
    const response = await answer(schLoader as Loader, getRequest(callers.ADMIN, "/race-control/lynx.sch"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="lynx.sch"');
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(/^; Regatta: .+/);
    expect(lines[1]).toMatch(/^; Exported \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M \(Malaysia time\)$/);
    const races = lines.slice(2, -1);
    expect(races).toContain(`${raceNumber - 5},1,1`);
    expect(races.indexOf(`${raceNumber - 5},1,1`)).toBeLessThan(races.indexOf(`${raceNumber},1,1`));
    expect(races).not.toContain(`${raceNumber + 1},1,1`); // a deleted event's round
    expect(races.map((l) => Number(l.split(",")[0]))).toEqual(
      races.map((l) => Number(l.split(",")[0])).sort((a, b) => a - b),
    );
    expect(lines.at(-1)).toBe("");
  });

  it("gives staff the teams of scheduled rounds, each once", async () => {
    const response = await answer(
      pplLoader as Loader,
      getRequest(callers.COMMITTEE, "/race-control/lynx.ppl"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="lynx.ppl"');
    const text = await response.text();
    expect(text).toContain(`${teamA},Naga A,,"Naga, Pulau Pinang"\r\n`);
    expect(text).toContain(`${teamB},"Sharks, Jr. A",,"Club ""Sharks"""\r\n`);
    expect(text).not.toContain("Naga B"); // only in an unscheduled round
    expect(text).not.toContain("Gone A"); // a deleted event
  });

  it.each([
    ["MANAGER", "/"],
    ["COMPETITOR", "/"],
    ["anonymous", "/auth/login"],
  ] as const)("refuses %s both files", async (who, location) => {
    for (const [loader, path] of [
      [schLoader, "/race-control/lynx.sch"],
      [pplLoader, "/race-control/lynx.ppl"],
    ] as const) {
      expect(await run(loader, getRequest(callers[who], path))).toMatchObject({ status: 302, location });
    }
  });
});
