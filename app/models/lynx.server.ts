// The rows FinishLynx's start-list files are written from (issue 20, section 3; the writers are
// app/rules/lynx-export.ts). Only rounds of live events; a "scheduled race" is a round with a race
// number (FinishLynx keys everything on it).
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import type { EvtLane, EvtRound, PplTeam } from "~/rules/lynx-export";

const r = schema.rounds;
const e = schema.events;
const ra = schema.races;
const t = schema.teams;
const a = schema.associations;

/** A round of a live event of the edition (race number null when not scheduled) with its lanes, or
 * undefined. */
export function evtOfRound(
  editionId: number,
  roundId: number,
): { round: Omit<EvtRound, "raceNumber"> & { raceNumber: number | null }; lanes: EvtLane[] } | undefined {
  const round = db()
    .select({ raceNumber: r.raceNumber, eventName: e.name, roundName: r.name })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(r.id, roundId), eq(r.editionId, editionId), eq(e.deleted, false)))
    .get();
  if (!round) return undefined;
  const lanes = db()
    .select({ teamId: t.id, lane: ra.lane, teamName: t.name, club: a.name })
    .from(ra)
    .innerJoin(t, eq(t.id, ra.teamId))
    .innerJoin(a, eq(a.id, t.associationId))
    .where(eq(ra.roundId, roundId))
    .orderBy(asc(ra.lane))
    .all();
  return { round, lanes };
}

/** The race numbers of every scheduled round of a live event of the edition, in order. */
export function scheduledRaceNumbers(editionId: number): number[] {
  return db()
    .select({ n: r.raceNumber })
    .from(r)
    .innerJoin(e, eq(e.id, r.eventId))
    .where(and(eq(r.editionId, editionId), isNotNull(r.raceNumber), eq(e.deleted, false)))
    .orderBy(asc(r.raceNumber))
    .all()
    .map((row) => row.n as number);
}

/** Every team in a lane of a scheduled round of a live event of the edition, once, by id. */
export function scheduledTeams(editionId: number): PplTeam[] {
  return db()
    .selectDistinct({ teamId: t.id, teamName: t.name, club: a.name })
    .from(ra)
    .innerJoin(r, eq(r.id, ra.roundId))
    .innerJoin(e, eq(e.id, r.eventId))
    .innerJoin(t, eq(t.id, ra.teamId))
    .innerJoin(a, eq(a.id, t.associationId))
    .where(and(eq(r.editionId, editionId), isNotNull(r.raceNumber), eq(e.deleted, false)))
    .orderBy(asc(t.id))
    .all();
}
