// What the seeds read of a database before they add to it (issue 30: the seeds' SQL in the
// models): whether it is empty, the next free ids, and what the demo seed left that the race-day
// planner (db/seed-race-day.ts) plans around. Reads only; nothing here is used by the app.
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

const one = <T>(sql: string, ...params: unknown[]) =>
  db()
    .$client.prepare(sql)
    .get(...params) as T;

/** How many users the database has (the seeds fill an empty one only). */
export function userCount(): number {
  return one<{ n: number }>("SELECT count(*) AS n FROM users").n;
}

/** The file the connection writes to (for the seeds' refusals). */
export function databaseName(): string {
  return db().$client.name;
}

/** The next free id of each table whose rows the race-day plan numbers itself. */
export function nextIds() {
  const next = (table: string) => one<{ n: number }>(`SELECT coalesce(max(id), 0) + 1 AS n FROM ${table}`).n;
  return {
    association: next("associations"),
    user: next("users"),
    event: next("events"),
    team: next("teams"),
    round: next("rounds"),
    order: next("orders"),
    eoiUser: next("eoi_users"),
    eoiEvent: next("eoi_events"),
    session: next("training_sessions"),
  };
}

/** What the race-day planner must not repeat or oversell: live events with their crew rules, what
 * each sold (paid teams, Processing orders' teams, slots held by offers live at `now`, live waitlist
 * entries), and the club names, live EOI events, EOI emails and round names already taken. */
export function raceDayTaken(now: number) {
  const sqlite = db().$client;
  const existingEvents = (
    sqlite
      .prepare(
        `SELECT id, name, description, reserve_count AS reserveCount, min_race AS minRace, max_race AS maxRace,
          max_male AS maxMale, min_female AS minFemale, min_age AS minAge, max_age AS maxAge,
          limit_malaysia AS limitMalaysia
         FROM events WHERE deleted = 0`,
      )
      .all() as {
      id: number;
      name: string;
      description: string;
      reserveCount: number;
      minRace: number;
      maxRace: number;
      maxMale: number;
      minFemale: number;
      minAge: number;
      maxAge: number;
      limitMalaysia: number;
    }[]
  ).map((e) => ({ ...e, limitMalaysia: e.limitMalaysia === 1 }));
  const existingEntries = sqlite
    .prepare(
      `SELECT e.id AS eventId,
        (SELECT count(*) FROM teams t WHERE t.event_id = e.id) AS paidTeams,
        (SELECT coalesce(sum(l.count), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.event_id = e.id AND l.kind = 'EVENT' AND o.status = 'PROCESSING') AS processing,
        (SELECT coalesce(sum(w.held), 0) FROM waitlist w
          WHERE w.event_id = e.id AND w.status = 'OFFERED' AND w.hold_until > ?) AS held,
        (SELECT count(*) FROM waitlist w WHERE w.event_id = e.id AND w.status IN ('WAITING', 'OFFERED')) AS waiting
       FROM events e WHERE e.deleted = 0`,
    )
    .all(now) as { eventId: number; paidTeams: number; processing: number; held: number; waiting: number }[];
  const takenClubNames = (sqlite.prepare("SELECT name FROM associations").all() as { name: string }[]).map(
    (r) => r.name,
  );
  const existingEoiEvents = sqlite
    .prepare("SELECT id, name FROM eoi_events WHERE deleted = 0 ORDER BY id")
    .all() as { id: number; name: string }[];
  const takenEoiEmails = (sqlite.prepare("SELECT email FROM eoi_users").all() as { email: string }[]).map(
    (r) => r.email,
  );
  const takenRoundNames = sqlite.prepare("SELECT event_id AS eventId, name FROM rounds").all() as {
    eventId: number;
    name: string;
  }[];
  return {
    existingEvents,
    existingEntries,
    takenClubNames,
    existingEoiEvents,
    takenEoiEmails,
    takenRoundNames,
  };
}

/** How many rows a table has (the seeds' summaries; `table` is one of the seeds' own names). */
export function rowCount(table: string): number {
  return one<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`).n;
}

// The demo seeds' reads (db/seed.ts, seed-rounds.ts, seed-last-year.ts): rows they wrote a moment
// before, looked up by name.

const u = schema.users;

/** Users' full rows (the demo seed checks its crews against rules/crew.ts). */
export function usersByIds(ids: number[]) {
  return db().select().from(u).where(inArray(u.id, ids)).all();
}

/** A club's members whose crew tag fee is paid (only these ids, when given), in the table's order. */
export function paidMemberIds(associationId: number, ids?: number[]): { id: number }[] {
  return db()
    .select({ id: u.id })
    .from(u)
    .where(
      and(
        eq(u.associationId, associationId),
        eq(u.membershipPaid, true),
        ids ? inArray(u.id, ids) : undefined,
      ),
    )
    .all();
}

/** A club's members whose crew tag fee is paid, by id. */
export function paidMemberIdsInOrder(associationId: number): { id: number }[] {
  return db()
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.associationId, associationId), eq(u.membershipPaid, true)))
    .orderBy(asc(u.id))
    .all();
}

/** An event by its name (the first the table gives), optionally in one edition. */
export function eventNamed(name: string, editionId?: number) {
  const e = schema.events;
  return db()
    .select()
    .from(e)
    .where(and(eq(e.name, name), editionId === undefined ? undefined : eq(e.editionId, editionId)))
    .get();
}

/** An event's teams, id and name. */
export function teamsOfEvent(eventId: number): { id: number; name: string }[] {
  const t = schema.teams;
  return db().select({ id: t.id, name: t.name }).from(t).where(eq(t.eventId, eventId)).all();
}

/** The crews of these teams, by team then member. */
export function crewsOf(teamIds: number[]): { teamId: number; userId: number }[] {
  const m = schema.teamMembers;
  return db()
    .select({ teamId: m.teamId, userId: m.userId })
    .from(m)
    .where(inArray(m.teamId, teamIds))
    .orderBy(asc(m.teamId), asc(m.userId))
    .all();
}

/** The open edition's row. */
export function openEditionRow() {
  const e = schema.editions;
  return db().select().from(e).where(eq(e.state, "OPEN")).get();
}

/** Every club, by id. */
export function clubsById() {
  return db().select().from(schema.associations).orderBy(asc(schema.associations.id)).all();
}

/** A club's first manager. */
export function firstManagerOf(associationId: number): { id: number } | undefined {
  return db()
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.associationId, associationId), eq(u.role, "MANAGER")))
    .orderBy(asc(u.id))
    .get();
}

/** Users whose email matches a LIKE pattern, id and gender, by id. */
export function usersWithEmailLike(pattern: string): { id: number; gender: "MALE" | "FEMALE" | null }[] {
  return db()
    .select({ id: u.id, gender: u.gender })
    .from(u)
    .where(like(u.email, pattern))
    .orderBy(asc(u.id))
    .all();
}

/** A user's id by exact email. */
export function userIdByEmail(email: string): { id: number } | undefined {
  return db().select({ id: u.id }).from(u).where(eq(u.email, email)).get();
}
