// The demo's race day (db/seed.ts calls this inside its transaction, after the entries): rounds with
// races for the two demo events that have teams, scores on the finished heat, that heat on the
// public scoreboard and its crews' scan logs at the entrance.
//
// 250M PREMIER MIXED (3 teams): HEAT 1 is over (two times and a DNS: PENANG DRAGON WARRIORS B has
// no crew), shown on the scoreboard, its two crews scanned in; the FINAL has the two finishers
// drawn in the centre lanes, waiting for results, with its progression plan (the 2 best times of
// HEAT 1, 6 lanes) shown on /rounds. TUG OF WAR MIXED (3 teams): ROUND 1 drawn, not pulled yet.
// The timetable (issue 20): HEAT 1 is race 1, started 4 minutes late (the board says "Running 4
// min late"); the FINAL and the Tug of War are races 2 and 3, later today.
import type { ProgressionMode } from "./enums";
import type { db } from "~/lib/db.server";
import { crewsOf, eventNamed, teamsOfEvent } from "~/models/dataset.server";
import { insertPlan } from "~/models/progression.server";
import { insertRace } from "~/models/race.server";
import { recomputeRound, scoreIntoColumns } from "~/models/results.server";
import { insertRound, setRound } from "~/models/round.server";
import { insertScanLogs } from "~/models/scan.server";
import { insertScoreboardRounds } from "~/models/scoreboard.server";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

const MINUTE = 60_000;

/** A demo round: its name after the event's, and per race the team (by name), lane and score. */
type DemoRound = {
  event: string;
  label: string;
  description: string;
  races: { team: string; lane: string; score: string | null }[];
  onScoreboard?: true;
  /** The crews scanned in at the entrance, this many minutes before now (the first scan). */
  scannedAgo?: number;
  /** The timetable (issue 20): race number, scheduled start in minutes from now (rounded down to
   * five minutes), and for a race run, how many minutes late it started. */
  raceNumber: number;
  startsIn: number;
  startedLate?: number;
  /** Its progression plan (issue 20): the source rounds by label (made before it). */
  plan?: { from: string[]; mode: ProgressionMode; count: number; plusTimes: number; lanes: number };
};

export const DEMO_ROUNDS: DemoRound[] = [
  {
    event: "250M PREMIER MIXED",
    label: "HEAT 1",
    description: "Heat 1 of 1: the two fastest crews go to the final.",
    races: [
      { team: "SINGAPORE PADDLE CLUB A", lane: "2", score: "1:05.87" },
      { team: "PENANG DRAGON WARRIORS A", lane: "3", score: "1:02.41" },
      { team: "PENANG DRAGON WARRIORS B", lane: "4", score: "DNS" },
    ],
    onScoreboard: true,
    scannedAgo: 55,
    raceNumber: 1,
    startsIn: -30,
    startedLate: 4,
  },
  {
    event: "250M PREMIER MIXED",
    label: "FINAL",
    description: "Final: the medal race.",
    // The plan that seeds it when HEAT 1 is declared Official (already drawn here, so it would be
    // skipped: race control can undo a seeding, not a draw).
    plan: { from: ["HEAT 1"], mode: "TIME", count: 2, plusTimes: 0, lanes: 6 },
    races: [
      { team: "PENANG DRAGON WARRIORS A", lane: "3", score: null },
      { team: "SINGAPORE PADDLE CLUB A", lane: "4", score: null },
    ],
    raceNumber: 2,
    startsIn: 15,
  },
  {
    event: "TUG OF WAR MIXED",
    label: "ROUND 1",
    description: "Round 1: every team pulls every other team once.",
    races: [
      { team: "JAKARTA NAGA ROWERS A", lane: "1", score: null },
      { team: "KUCHING HORNBILL DRAGONS A", lane: "2", score: null },
      { team: "KUCHING HORNBILL DRAGONS B", lane: "3", score: null },
    ],
    raceNumber: 3,
    startsIn: 21,
  },
];

export function seedDemoRounds(tx: Tx, now = Date.now()): void {
  const base = Math.floor(now / (5 * MINUTE)) * 5 * MINUTE;
  const made = new Map<string, number>();
  for (const plan of DEMO_ROUNDS) {
    const scheduledAt = base + plan.startsIn * MINUTE;
    const event = eventNamed(plan.event);
    if (!event) throw new Error(`demo seed: no event ${plan.event}`);
    const round = insertRound({
      eventId: event.id,
      name: `${plan.event} ${plan.label}`,
      description: plan.description,
      raceNumber: plan.raceNumber,
      scheduledAt: new Date(scheduledAt),
      startedAt: plan.startedLate === undefined ? null : new Date(scheduledAt + plan.startedLate * MINUTE),
    });
    made.set(`${plan.event} ${plan.label}`, round.id);
    if (plan.plan) {
      const { from, ...rule } = plan.plan;
      const fromRoundIds = from.map((label) => {
        const fromRoundId = made.get(`${plan.event} ${label}`);
        if (fromRoundId === undefined) throw new Error(`demo seed: no round ${label} before ${plan.label}`);
        return fromRoundId;
      });
      insertPlan({ toRoundId: round.id, eventId: event.id, ...rule }, fromRoundIds);
    }
    const teams = teamsOfEvent(event.id);
    const teamId = new Map(teams.map((t) => [t.name, t.id]));
    for (const race of plan.races) {
      const id = teamId.get(race.team);
      if (id === undefined) throw new Error(`demo seed: no team ${race.team} in ${plan.event}`);
      const raceId = insertRace({ roundId: round.id, teamId: id, lane: race.lane, score: race.score }).id;
      // The results columns (issue 20) from the score, as the All Races screen writes them.
      if (race.score !== null) scoreIntoColumns(tx, raceId, race.score);
    }
    if (plan.races.some((race) => race.score !== null)) {
      // A finished heat: places computed, declared Official ten minutes ago.
      recomputeRound(tx, round.id);
      setRound(round.id, { resultState: "OFFICIAL", revision: 1, resultsAt: new Date(now - 10 * MINUTE) });
    }
    if (plan.onScoreboard)
      insertScoreboardRounds([{ roundId: round.id, createdAt: new Date(now - 5 * MINUTE) }]);
    if (plan.scannedAgo !== undefined) {
      // Each crew at the entrance in turn, one scan every 20 seconds, in member order.
      const ids = plan.races.map((r) => teamId.get(r.team) as number);
      const crews = crewsOf(ids);
      insertScanLogs(
        crews.map((m, i) => ({
          roundId: round.id,
          teamId: m.teamId,
          userId: m.userId,
          createdAt: new Date(now - plan.scannedAgo! * MINUTE + i * 20_000),
        })),
      );
    }
  }
}
