// Race day rows of one edition, for the edition tests of race day (archive-race.test.ts,
// edition-race.test.ts): an event with two teams of members, a started heat with results typed,
// a second heat not started, a Provisional round with every lane done, a seeded round with a plan,
// a final with a plan, a scan log, a shown round on the scoreboard and a notice. Raw inserts name
// the edition (rounds get their event's anyway: migration 0018's trigger).
import { db, schema } from "~/lib/db.server";
import { uniq } from "../factories";

export type RaceDay = ReturnType<typeof raceDay>;

export function raceDay(editionId: number, firstRaceNumber = 1) {
  const d = db();
  const club = d
    .insert(schema.associations)
    .values({ name: `ED CLUB ${uniq()}`, country: "MY", token: `ed-${uniq()}` })
    .returning()
    .get();
  const event = d
    .insert(schema.events)
    .values({ name: `ED EVENT ${uniq()}`, maxRace: 12, maxMale: 12, minFemale: 0, editionId })
    .returning()
    .get();
  const person = (role: "COMPETITOR" | "ADMIN") =>
    d
      .insert(schema.users)
      .values({
        email: `ed-${uniq()}@example.test`,
        hash: "x",
        name: `ED ${role} ${uniq()}`,
        role,
        gender: "FEMALE",
        associationId: role === "ADMIN" ? null : club.id,
        verified: true,
        approved: true,
      })
      .returning()
      .get();
  const admin = person("ADMIN");
  const members = [person("COMPETITOR"), person("COMPETITOR"), person("COMPETITOR")];
  const team = (name: string) =>
    d
      .insert(schema.teams)
      .values({ name: `${name} ${uniq()}`, associationId: club.id, eventId: event.id })
      .returning()
      .get();
  const teams = [team("ED TEAM A"), team("ED TEAM B")];
  d.insert(schema.teamMembers).values({ teamId: teams[0].id, userId: members[0].id }).run();
  d.insert(schema.teamMembers).values({ teamId: teams[0].id, userId: members[1].id }).run();
  d.insert(schema.teamMembers).values({ teamId: teams[1].id, userId: members[2].id }).run();
  const round = (name: string, extra: Partial<typeof schema.rounds.$inferInsert> = {}) =>
    d
      .insert(schema.rounds)
      .values({ name: `${name} ${uniq()}`, eventId: event.id, editionId, ...extra })
      .returning()
      .get();
  const at = Date.UTC(2026, 10, 28, 1, 0);
  const started = round("ED HEAT 1", {
    raceNumber: firstRaceNumber,
    scheduledAt: new Date(at),
    startedAt: new Date(at + 60_000),
  });
  const waiting = round("ED HEAT 2", {
    raceNumber: firstRaceNumber + 1,
    scheduledAt: new Date(at + 600_000),
  });
  const provisional = round("ED REPECHAGE", {
    raceNumber: firstRaceNumber + 2,
    resultState: "PROVISIONAL",
    resultsAt: new Date(at),
    protestUntil: new Date(at + 900_000),
  });
  const seeded = round("ED SEMI", { seededAt: new Date(at) });
  const final = round("ED FINAL");
  const lanes = (roundId: number, withResults: boolean) =>
    teams.map((t, i) =>
      d
        .insert(schema.races)
        .values({
          roundId,
          teamId: t.id,
          lane: String(i + 1),
          ...(withResults ? { timeMs: 60_000 + i * 1000, score: `1:0${i}.00`, place: i + 1 } : {}),
        })
        .returning()
        .get(),
    );
  const startedRaces = lanes(started.id, true);
  const waitingRaces = lanes(waiting.id, false);
  lanes(provisional.id, true);
  lanes(seeded.id, false);
  for (const [to, from] of [
    [seeded.id, started.id],
    [final.id, waiting.id],
  ]) {
    d.insert(schema.progressionPlans)
      .values({ toRoundId: to, eventId: event.id, mode: "PLACE", count: 1, plusTimes: 0, lanes: 2 })
      .run();
    d.insert(schema.progressionSources).values({ toRoundId: to, fromRoundId: from }).run();
  }
  d.insert(schema.scanLogs)
    .values({ roundId: started.id, teamId: teams[0].id, userId: members[0].id, createdAt: new Date(at) })
    .run();
  d.insert(schema.scoreboardRounds)
    .values({ roundId: started.id, createdAt: new Date(at) })
    .run();
  const notice = d
    .insert(schema.notices)
    .values({ text: `ED NOTICE ${uniq()}`, createdAt: new Date(at), editionId })
    .returning()
    .get();
  const actor = { id: admin.id, name: admin.name, email: admin.email };
  return {
    club,
    event,
    admin,
    actor,
    members,
    teams,
    started,
    startedRaces,
    waiting,
    waitingRaces,
    provisional,
    seeded,
    final,
    notice,
  };
}

/** The race day tables, every row, to compare before and after. */
export const RACE_TABLES = [
  "events",
  "rounds",
  "races",
  "scan_logs",
  "scoreboard_rounds",
  "progression_plans",
  "progression_sources",
  "notices",
  "teams",
  "team_members",
] as const;

export function snapshot(): Record<string, unknown[]> {
  const client = db().$client;
  return Object.fromEntries(
    RACE_TABLES.map((t) => [t, client.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]),
  );
}
