// Crew selection (spec section 5; issue 9): an event team's candidates (its club's members, each
// eligible or not and why) and the save, which re-reads everything inside one immediate
// transaction: the team must be in the user's scope, every ticked id must be an eligible member of
// that club (a forged or stale id refuses the whole save, changing nothing), the selection must
// pass the five checks, and a manager must be before the crew deadline. Audited.
//
// Per edition (issue 21): every function takes the edition's id; a team of an event of another
// edition is not found. A member's crew tag fee is the edition's (paidIn): the user row's flag for
// the open edition, the fee kept in edition_members for an archived one.
import { eq, sql } from "drizzle-orm";
import type { Scope } from "~/lib/access";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { type Bundle, MSG } from "~/messages";
import {
  type CrewEvent,
  type CrewMember,
  checkCrew,
  type Ineligible,
  ineligibility,
  mayChangeCrew,
  paddlerEligible,
} from "~/rules/crew";
import { type Failure, fail } from "~/rules/failure";
import { type Actor, audit } from "./audit.server";
import { paidIn } from "./member.server";
import { getSettings } from "./settings.server";
import { now as clockNow } from "~/lib/clock.server";

export type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];
export type Reader = Pick<Tx, "all" | "get">;

export const CREW_AUDIT = { updated: "crew.updated" } as const;

export type CrewTeam = CrewEvent & {
  teamId: number;
  teamName: string;
  associationId: number;
  associationName: string;
  eventId: number;
  eventName: string;
};

/** An event team of a live event of the edition, if the scope may see it (a manager: their own
 * club's only). */
export function teamIn(tx: Reader, editionId: number, teamId: number, scope: Scope): CrewTeam | undefined {
  const club = scope.kind === "association" ? scope.associationId : null;
  const row = tx.get<Omit<CrewTeam, "limitMalaysia"> & { limitMalaysia: number }>(sql`
    SELECT t.id AS teamId, t.name AS teamName, t.association_id AS associationId,
      a.name AS associationName, e.id AS eventId, e.name AS eventName,
      e.min_race AS minRace, e.max_race AS maxRace, e.reserve_count AS reserveCount,
      e.max_male AS maxMale, e.min_female AS minFemale, e.min_age AS minAge, e.max_age AS maxAge,
      e.limit_malaysia AS limitMalaysia
    FROM teams t
    JOIN events e ON e.id = t.event_id AND e.deleted = 0 AND e.edition_id = ${editionId}
    JOIN associations a ON a.id = t.association_id
    WHERE t.id = ${teamId} AND (${club} IS NULL OR t.association_id = ${club})
  `);
  return row ? { ...row, limitMalaysia: Boolean(row.limitMalaysia) } : undefined;
}

export function findCrewTeam(editionId: number, teamId: number, scope: Scope): CrewTeam | undefined {
  return teamIn(db(), editionId, teamId, scope);
}

export type Candidate = {
  id: number;
  name: string;
  gender: "MALE" | "FEMALE" | null;
  yob: number | null;
  age: number | null;
  paddlerEligible: boolean;
  selected: boolean;
  ineligible: Ineligible | null;
};

type MemberRow = Omit<CrewMember, "membershipPaid" | "inOtherTeam"> & {
  membershipPaid: number;
  inOtherTeam: number;
  selected: number;
};

/** The club's members as candidates for the team, sorted by name: eligible or not (and why), and
 * whether they are in the crew now. One query on indexed columns. */
export function candidatesIn(
  tx: Reader,
  editionId: number,
  team: CrewTeam,
  regattaYear: number,
): Candidate[] {
  const rows = tx.all<MemberRow>(sql`
    SELECT u.id, u.name, u.role, u.gender, u.yob, u.identification,
      ${paidIn(editionId, sql`u`)} AS membershipPaid, u.valid_image AS validImage,
      EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = ${team.teamId} AND m.user_id = u.id) AS selected,
      EXISTS (SELECT 1 FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = u.id AND t.event_id = ${team.eventId} AND t.id <> ${team.teamId}) AS inOtherTeam
    FROM users u
    WHERE u.association_id = ${team.associationId}
    ORDER BY u.name COLLATE NOCASE, u.id
  `);
  return rows.map((r) => {
    const member: CrewMember = {
      ...r,
      membershipPaid: Boolean(r.membershipPaid),
      inOtherTeam: Boolean(r.inOtherTeam),
    };
    return {
      id: r.id,
      name: r.name,
      gender: r.gender,
      yob: r.yob,
      age: r.yob === null ? null : regattaYear - r.yob,
      paddlerEligible: paddlerEligible(member, team),
      selected: Boolean(r.selected),
      ineligible: ineligibility(member, team, regattaYear),
    };
  });
}

export function crewCandidates(editionId: number, team: CrewTeam): Candidate[] {
  return candidatesIn(db(), editionId, team, getSettings(editionId).regattaYear);
}

/** The event teams of the edition a scope may pick crews for (staff: of one club), for the
 * pickers. */
export function crewTeamsOf(editionId: number, associationId: number) {
  return db().all<{ teamId: number; teamName: string; eventName: string; members: number }>(sql`
    SELECT t.id AS teamId, t.name AS teamName, e.name AS eventName,
      (SELECT COUNT(*) FROM team_members m WHERE m.team_id = t.id) AS members
    FROM teams t JOIN events e ON e.id = t.event_id AND e.deleted = 0 AND e.edition_id = ${editionId}
    WHERE t.association_id = ${associationId}
    ORDER BY e.name COLLATE NOCASE, t.name COLLATE NOCASE, t.id
  `);
}

export type CrewSaveResult =
  | { ok: true; added: number[]; removed: number[] }
  | Failure<"gone">
  | Failure<"closed", { closeAt: number }>
  | Failure<"notEligible">
  | Failure<"rule", { message: string }>;

/**
 * Saves a crew: the whole check and the replacement of the team's members in one immediate
 * transaction, with an audit entry of who was added and removed. Nothing changes on a refusal.
 */
export function saveCrew(
  actor: Actor & { role: string },
  editionId: number,
  scope: Scope,
  teamId: number,
  memberIds: number[],
  now = clockNow(),
  /** The messages a refused rule is told in (the request's language; English by default). */
  msg: Bundle["MSG"] = MSG,
): CrewSaveResult {
  return db().transaction(
    (tx): CrewSaveResult => {
      const team = teamIn(tx, editionId, teamId, scope);
      if (!team) return fail("gone");
      const settings = getSettings(editionId);
      if (!mayChangeCrew(actor.role, settings.crewCloseAt, now))
        return fail("closed", { closeAt: settings.crewCloseAt ?? now });
      const candidates = new Map(
        candidatesIn(tx, editionId, team, settings.regattaYear).map((c) => [c.id, c]),
      );
      const ids = [...new Set(memberIds)];
      const picked = ids.map((id) => candidates.get(id));
      if (picked.some((c) => !c || c.ineligible !== null)) return fail("notEligible");
      const message = checkCrew(picked as Candidate[], team, msg);
      if (message) return fail("rule", { message });
      const before = [...candidates.values()].filter((c) => c.selected).map((c) => c.id);
      const added = ids.filter((id) => !before.includes(id));
      const removed = before.filter((id) => !ids.includes(id));
      tx.delete(schema.teamMembers).where(eq(schema.teamMembers.teamId, teamId)).run();
      if (ids.length)
        tx.insert(schema.teamMembers)
          .values(ids.map((userId) => ({ teamId, userId })))
          .run();
      audit(tx, actor, {
        action: CREW_AUDIT.updated,
        targetType: "team",
        targetId: teamId,
        details: { team: team.teamName, event: team.eventName, added, removed },
        editionId,
      });
      return { ok: true, added, removed };
    },
    { behavior: "immediate" },
  );
}

/** The ids ticked in a crew form: digits only, at most 100; anything else is null (a 400). */
export function parseCrewIds(values: unknown[]): number[] | null {
  if (values.length > 100) return null;
  const ids = values.map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN));
  return ids.some(Number.isNaN) ? null : ids;
}

/** A team row as given, with these members (the seeds and the test factories; clubs make teams by
 * paying for entries, order.server.ts).
 * @testOnly seeds and test factories only: no audit entry, no rule checked. */
export function insertTeam(
  values: typeof schema.teams.$inferInsert,
  memberIds: number[] = [],
): typeof schema.teams.$inferSelect {
  return db().transaction((tx) => {
    const team = tx.insert(schema.teams).values(values).returning().get();
    for (const userId of memberIds) tx.insert(schema.teamMembers).values({ teamId: team.id, userId }).run();
    return team;
  });
}

/** Teams as given, ids included, each with its crew (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertTeams(
  rows: { team: typeof schema.teams.$inferInsert & { id: number }; memberIds: number[] }[],
): void {
  insertRows(
    schema.teams,
    rows.map((row) => row.team),
  );
  insertRows(
    schema.teamMembers,
    rows.flatMap((row) => row.memberIds.map((userId) => ({ teamId: row.team.id, userId }))),
  );
}

/** Crew rows (a member in a team) as given (the seeds: many rows through one prepared statement; no audit entry,
 * no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertTeamMembers(rows: (typeof schema.teamMembers.$inferInsert)[]): void {
  insertRows(schema.teamMembers, rows);
}
