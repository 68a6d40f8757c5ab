// Race-day crew changes (issue 28 part 3). After the crew deadline a manager asks for a change of
// one of their club's teams (who leaves, who joins, a reason); ADMIN or COMMITTEE approve or
// reject it on /crew-changes. Each write is one immediate transaction that re-reads what it
// depends on: a request checks the team is the manager's, the deadline has passed, the team has
// races left and its next race is not within the cut-off (rules/crew-change.ts), no other request
// is pending, and the crew after the change passes Pick Crew's rules (every member eligible,
// rules/crew.ts checkCrew); an approval checks all of the crew rules again at that moment and then
// applies the change (team_members, change_id set on who came in), with the crew before and after
// kept on the row and in the audit entry. The outcome's email is queued by the caller's `notify`
// inside the same transaction (services/crew-change.server.ts).
import { sql } from "drizzle-orm";
import type { Scope } from "~/lib/access";
import { now as clockNow } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { type Bundle, MSG } from "~/messages";
import { type ChangeRefusal, changeWindow, crewAfterChange, type TeamRace } from "~/rules/crew-change";
import { checkCrew, type Ineligible, isClosed } from "~/rules/crew";
import { type Failure, fail } from "~/rules/failure";
import { delayMinutes } from "~/rules/timetable";
import { type Actor, audit } from "./audit.server";
import { type Candidate, type CrewTeam, candidatesIn, type Reader, type Tx, teamIn } from "./crew.server";
import { latestStart } from "./race-control.server";
import { getSettings } from "./settings.server";

export const CREW_CHANGE_AUDIT = {
  requested: "crew_change.requested",
  approved: "crew_change.approved",
  rejected: "crew_change.rejected",
} as const;

export type ChangeStatus = "PENDING" | "APPROVED" | "REJECTED";

/** The lanes of a team with their round's race number and times, one query. */
function teamRaces(tx: Reader, teamId: number): TeamRace[] {
  return tx.all<TeamRace>(sql`
    SELECT ro.race_number AS raceNumber, ro.scheduled_at AS scheduledAt, ro.started_at AS startedAt,
      ro.result_state AS resultState
    FROM races ra JOIN rounds ro ON ro.id = ra.round_id
    WHERE ra.team_id = ${teamId}
  `);
}

/** Whether the team may ask for a change now (its races and the day's delay). */
export function changeWindowOf(editionId: number, teamId: number, now = clockNow()) {
  const { crewChangeCutoffMinutes } = getSettings(editionId);
  return changeWindow(
    teamRaces(db(), teamId),
    delayMinutes(latestStart(editionId)),
    now,
    crewChangeCutoffMinutes,
  );
}

/** Why the crew after a change cannot race, or null when it can: a member who may not be picked
 * (the first, by name, with Pick Crew's reason), else the first of Pick Crew's checks. */
export type CrewCheck =
  | Failure<"ineligible", { name: string; reason: Ineligible }>
  | Failure<"notMember">
  | Failure<"rule", { message: string }>;

function checkAfter(
  candidates: Map<number, Candidate>,
  after: number[],
  team: CrewTeam,
  msg: Bundle["MSG"],
): CrewCheck | null {
  const picked = after.map((id) => candidates.get(id));
  if (picked.some((c) => !c)) return fail("notMember");
  const bad = (picked as Candidate[]).find((c) => c.ineligible !== null);
  if (bad) return fail("ineligible", { name: bad.name, reason: bad.ineligible as Ineligible });
  const message = checkCrew(picked as Candidate[], team, msg);
  return message ? fail("rule", { message }) : null;
}

/** A change the crew cannot take (rules/crew-change.ts crewAfterChange's codes), or a window that
 * is shut: no races left, or the next one within the cut-off. */
type ChangeFailure =
  | Failure<ChangeRefusal>
  | Failure<"noRaces">
  | Failure<"tooLate", { raceNumber: number | null; at: number }>;

export type RequestResult =
  | { ok: true; id: number }
  | Failure<"gone" | "notClosed" | "pending">
  | ChangeFailure
  | CrewCheck;

/**
 * A manager's request for a change of one of their club's teams (`scope`), after the crew
 * deadline. Nothing is written on a refusal. Audited.
 */
export function requestChange(
  actor: Actor,
  editionId: number,
  scope: Scope,
  input: { teamId: number; leaving: number[]; joining: number[]; reason: string },
  now = clockNow(),
  msg: Bundle["MSG"] = MSG,
): RequestResult {
  return db().transaction(
    (tx): RequestResult => {
      const team = teamIn(tx, editionId, input.teamId, scope);
      if (!team) return fail("gone");
      const settings = getSettings(editionId);
      if (!isClosed(settings.crewCloseAt, now)) return fail("notClosed");
      const window = changeWindow(
        teamRaces(tx, team.teamId),
        delayMinutes(latestStart(editionId)),
        now,
        settings.crewChangeCutoffMinutes,
      );
      if (window.kind === "noRaces") return fail("noRaces");
      if (window.kind === "tooLate") return fail("tooLate", { raceNumber: window.raceNumber, at: window.at });
      const pending = tx.get<{ id: number }>(
        sql`SELECT id FROM crew_changes WHERE team_id = ${team.teamId} AND status = 'PENDING'`,
      );
      if (pending) return fail("pending");
      const candidates = new Map(
        candidatesIn(tx, editionId, team, settings.regattaYear).map((c) => [c.id, c]),
      );
      const current = [...candidates.values()].filter((c) => c.selected).map((c) => c.id);
      const change = crewAfterChange(current, input.leaving, input.joining);
      if (!change.ok) return fail(change.code);
      const check = checkAfter(candidates, change.after, team, msg);
      if (check) return check;
      const row = tx.get<{ id: number }>(sql`
        INSERT INTO crew_changes (team_id, association_id, requested_by, leaving, joining, reason, created_at)
        VALUES (${team.teamId}, ${team.associationId}, ${actor.id}, ${JSON.stringify(change.leaving)},
          ${JSON.stringify(change.joining)}, ${input.reason}, ${now})
        RETURNING id
      `);
      const id = (row as { id: number }).id;
      const name = (ids: number[]) => ids.map((i) => candidates.get(i)?.name ?? `#${i}`);
      audit(tx, actor, {
        action: CREW_CHANGE_AUDIT.requested,
        targetType: "team",
        targetId: team.teamId,
        details: {
          change: id,
          team: team.teamName,
          event: team.eventName,
          leaving: name(change.leaving),
          joining: name(change.joining),
          reason: input.reason,
        },
        editionId,
      });
      return { ok: true, id };
    },
    { behavior: "immediate" },
  );
}

/** What the requester is told, queued by `notify` in the deciding transaction. */
export type DecidedChange = {
  id: number;
  status: "APPROVED" | "REJECTED";
  teamId: number;
  teamName: string;
  eventName: string;
  leaving: string[];
  joining: string[];
  decisionReason: string | null;
  requester: { id: number; email: string; name: string; locale: "en" | "ms" } | null;
};

export type DecideResult =
  | { ok: true; change: DecidedChange }
  | Failure<"gone" | "notPending">
  | ChangeFailure
  | CrewCheck;

type ChangeRow = {
  id: number;
  teamId: number;
  status: ChangeStatus;
  leaving: string;
  joining: string;
  requestedBy: number | null;
};

function changeIn(tx: Reader, editionId: number, id: number): ChangeRow | undefined {
  return tx.get<ChangeRow>(sql`
    SELECT id, team_id AS teamId, status, leaving, joining, requested_by AS requestedBy
    FROM crew_changes WHERE id = ${id} AND edition_id = ${editionId}
  `);
}

function requesterOf(tx: Reader, userId: number | null) {
  if (userId === null) return null;
  return (
    tx.get<{ id: number; email: string; name: string; locale: "en" | "ms" }>(
      sql`SELECT id, email, name, locale FROM users WHERE id = ${userId}`,
    ) ?? null
  );
}

const ids = (json: string): number[] => (JSON.parse(json) as unknown[]).map(Number);

/**
 * Approves a pending change: the window (races left, not within the cut-off of the next) and the
 * crew rules are checked again on the crew as it is now, and the
 * change is applied (leavers out, joiners in with change_id), or rejects it with a reason. One
 * immediate transaction with the audit entry (the crew before and after, by name) and `notify`
 * (the requester's email). Nothing changes on a refusal.
 */
export function decideChange(
  actor: Actor,
  editionId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  notify: (tx: Tx, change: DecidedChange) => void,
  now = clockNow(),
  msg: Bundle["MSG"] = MSG,
): DecideResult {
  return db().transaction(
    (tx): DecideResult => {
      const row = changeIn(tx, editionId, id);
      if (!row) return fail("gone");
      if (row.status !== "PENDING") return fail("notPending");
      const team = teamIn(tx, editionId, row.teamId, { kind: "all" });
      if (!team) return fail("gone");
      const settings = getSettings(editionId);
      const candidates = new Map(
        candidatesIn(tx, editionId, team, settings.regattaYear).map((c) => [c.id, c]),
      );
      const before = [...candidates.values()].filter((c) => c.selected).map((c) => c.id);
      const leaving = ids(row.leaving);
      const joining = ids(row.joining);
      const nameOf = (i: number) => candidates.get(i)?.name ?? `#${i}`;
      const decided = (status: "APPROVED" | "REJECTED", reason: string | null): DecidedChange => ({
        id,
        status,
        teamId: team.teamId,
        teamName: team.teamName,
        eventName: team.eventName,
        leaving: leaving.map(nameOf),
        joining: joining.map(nameOf),
        decisionReason: reason,
        requester: requesterOf(tx, row.requestedBy),
      });

      if (!decision.approve) {
        tx.run(sql`
          UPDATE crew_changes SET status = 'REJECTED', decided_at = ${now}, decided_by = ${actor.id},
            decision_reason = ${decision.reason}
          WHERE id = ${id}
        `);
        const change = decided("REJECTED", decision.reason);
        audit(tx, actor, {
          action: CREW_CHANGE_AUDIT.rejected,
          targetType: "team",
          targetId: team.teamId,
          details: { change: id, team: team.teamName, event: team.eventName, reason: decision.reason },
          editionId,
        });
        notify(tx, change);
        return { ok: true, change };
      }

      // A change never lands within the cut-off of a race, nor after the team's last one: the
      // window is checked again at the moment of approval, as the crew rules are.
      const window = changeWindow(
        teamRaces(tx, team.teamId),
        delayMinutes(latestStart(editionId)),
        now,
        settings.crewChangeCutoffMinutes,
      );
      if (window.kind === "noRaces") return fail("noRaces");
      if (window.kind === "tooLate") return fail("tooLate", { raceNumber: window.raceNumber, at: window.at });
      const change = crewAfterChange(before, leaving, joining);
      if (!change.ok) return fail(change.code);
      const check = checkAfter(candidates, change.after, team, msg);
      if (check) return check;
      if (leaving.length)
        tx.run(sql`
          DELETE FROM team_members WHERE team_id = ${team.teamId}
            AND user_id IN (SELECT value FROM json_each(${JSON.stringify(leaving)}))
        `);
      for (const userId of joining)
        tx.run(
          sql`INSERT INTO team_members (team_id, user_id, change_id) VALUES (${team.teamId}, ${userId}, ${id})`,
        );
      tx.run(sql`
        UPDATE crew_changes SET status = 'APPROVED', decided_at = ${now}, decided_by = ${actor.id},
          crew_before = ${JSON.stringify(before)}, crew_after = ${JSON.stringify(change.after)}
        WHERE id = ${id}
      `);
      const outcome = decided("APPROVED", null);
      audit(tx, actor, {
        action: CREW_CHANGE_AUDIT.approved,
        targetType: "team",
        targetId: team.teamId,
        details: {
          change: id,
          team: team.teamName,
          event: team.eventName,
          before: before.map(nameOf),
          after: change.after.map(nameOf),
        },
        editionId,
      });
      notify(tx, outcome);
      return { ok: true, change: outcome };
    },
    { behavior: "immediate" },
  );
}

export type ChangeListRow = {
  id: number;
  createdAt: number;
  teamId: number;
  teamName: string;
  eventName: string;
  clubName: string;
  leaving: string;
  joining: string;
  reason: string;
  status: ChangeStatus;
  decidedAt: number | null;
  decisionReason: string | null;
  requestedBy: string | null;
};

/** The names of a JSON array of user ids, comma-separated, in the array's order. */
const namesOf = (column: string) =>
  sql.raw(`(SELECT group_concat(name, ', ') FROM (SELECT u.name FROM json_each(c.${column}) j
    JOIN users u ON u.id = j.value ORDER BY j.key))`);

/** A page of the edition's changes, pending first, then newest; one query (names by subquery). */
export function listChanges(
  editionId: number,
  page: { limit: number; offset: number } | null,
): { rows: ChangeListRow[]; total: number } {
  const total =
    db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM crew_changes WHERE edition_id = ${editionId}`)?.n ??
    0;
  const rows = db().all<ChangeListRow>(sql`
    SELECT c.id, c.created_at AS createdAt, c.team_id AS teamId, t.name AS teamName, e.name AS eventName,
      a.name AS clubName, COALESCE(${namesOf("leaving")}, '') AS leaving,
      COALESCE(${namesOf("joining")}, '') AS joining, c.reason, c.status, c.decided_at AS decidedAt,
      c.decision_reason AS decisionReason, r.name AS requestedBy
    FROM crew_changes c
    JOIN teams t ON t.id = c.team_id
    JOIN events e ON e.id = t.event_id
    JOIN associations a ON a.id = c.association_id
    LEFT JOIN users r ON r.id = c.requested_by
    WHERE c.edition_id = ${editionId}
    ORDER BY c.status = 'PENDING' DESC, c.created_at DESC, c.id DESC
    LIMIT ${page?.limit ?? -1} OFFSET ${page?.offset ?? 0}
  `);
  return { rows, total };
}

/** The team's latest change (pending, or the last decided), for its crew screen. */
export function latestChangeOf(teamId: number): ChangeListRow | undefined {
  return db().get<ChangeListRow>(sql`
    SELECT c.id, c.created_at AS createdAt, c.team_id AS teamId, t.name AS teamName, e.name AS eventName,
      a.name AS clubName, COALESCE(${namesOf("leaving")}, '') AS leaving,
      COALESCE(${namesOf("joining")}, '') AS joining, c.reason, c.status, c.decided_at AS decidedAt,
      c.decision_reason AS decisionReason, NULL AS requestedBy
    FROM crew_changes c
    JOIN teams t ON t.id = c.team_id
    JOIN events e ON e.id = t.event_id
    JOIN associations a ON a.id = c.association_id
    WHERE c.team_id = ${teamId}
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT 1
  `);
}

/** A crew change row as given, with no rule checked and no audit entry (the test factories;
 * managers use requestChange). Its edition is its team's (migration 0023's trigger).
 * @testOnly test factories only: no rule checked, no audit entry. */
export function insertCrewChange(
  values: typeof schema.crewChanges.$inferInsert,
): typeof schema.crewChanges.$inferSelect {
  return db().insert(schema.crewChanges).values(values).returning().get();
}
