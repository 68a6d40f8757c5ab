// EOI factories and look-ups for tests/e2e/eoi.spec.ts: written through the models
// (tests/factories/club-life.ts), read back straight from the e2e database (see db.ts).
// The result tabs count every team in the database (other specs and the other project run at the
// same time), so the totals a test expects are computed here with the app's own fold.
import { eoiMatrix } from "../../app/rules/eoi";
import { createClub, e2eDb, type Member, unique } from "./db";
import * as base from "../factories";
import * as make from "../factories/club-life";
import { markEoiEventDeleted } from "../../app/models/eoi.server";

export type EoiEventMade = { id: number; name: string };

/** A live (or deleted) EOI event; the name is unique unless given. */
export function createEoiEvent(opts: { name?: string; deleted?: boolean } = {}): EoiEventMade {
  const name = opts.name ?? unique("EOI EVENT").toUpperCase();
  const { id } = make.eoiEvent({ name, deleted: opts.deleted ?? false });
  return { id, name };
}

/** Deletes an EOI event as the app does (marked deleted, every team's interest in it removed). */
export function deleteEoiEventDirect(id: number): void {
  markEoiEventDeleted(id);
}

export type EoiEventRecord = { id: number; name: string; deleted: number };

export function eoiEventsNamed(name: string): EoiEventRecord[] {
  return e2eDb()
    .prepare("SELECT id, name, deleted FROM eoi_events WHERE name = ? COLLATE NOCASE ORDER BY id")
    .all(name) as EoiEventRecord[];
}

export function eoiEventRecord(id: number): EoiEventRecord | undefined {
  return e2eDb().prepare("SELECT id, name, deleted FROM eoi_events WHERE id = ?").get(id) as
    | EoiEventRecord
    | undefined;
}

/** Links of any team to the event (deleted or not). */
export function interestLinks(eventId: number): number {
  return (
    e2eDb().prepare("SELECT COUNT(*) AS n FROM eois WHERE eoi_event_id = ?").get(eventId) as { n: number }
  ).n;
}

export type EoiManager = Member & { club: string; country: string };

/** A new club in `country` (code) with its MANAGER; the club's name starts with "AEOI", so the
 * paged result tabs (by team name) list it on their first page. */
export async function createEoiManager(country = "MY"): Promise<EoiManager> {
  const club = await createClub({ members: 1, manager: true, country, name: unique("AEOI Club") });
  return { ...club.members[0], club: club.name, country };
}

/** A MANAGER whose account is in no association. */
export async function createClublessManager(): Promise<Member> {
  const club = await createClub({ members: 1, manager: true });
  base.setUser(club.members[0].id, { associationId: null });
  return club.members[0];
}

export type EoiUserRecord = { id: number; email: string; name: string; team: string; country: string };

/** What a manager has saved: their EOIUser and the ids of the events they ticked (by id). */
export function interestRecord(email: string): { user: EoiUserRecord | undefined; eventIds: number[] } {
  const db = e2eDb();
  const user = db
    .prepare("SELECT id, email, name, team, country FROM eoi_users WHERE email = ?")
    .get(email.toLowerCase()) as EoiUserRecord | undefined;
  const eventIds = user
    ? (
        db
          .prepare("SELECT eoi_event_id AS id FROM eois WHERE eoi_user_id = ? ORDER BY eoi_event_id")
          .all(user.id) as {
          id: number;
        }[]
      ).map((r) => r.id)
    : [];
  return { user, eventIds };
}

/** Saves interest as the app would (for tests that need some without the form). */
export function saveInterestDirect(
  owner: { email: string; name: string; team: string; country: string },
  eventIds: number[],
): void {
  make.interest(owner, eventIds);
}

const INTERESTED = `EXISTS (SELECT 1 FROM eois JOIN eoi_events ON eoi_events.id = eois.eoi_event_id
  WHERE eois.eoi_user_id = eoi_users.id AND eoi_events.deleted = 0)`;

/** Teams with interest in a live event, now (all, or of one country code). */
export function interestedTeams(country?: string): number {
  const db = e2eDb();
  const row = country
    ? db.prepare(`SELECT COUNT(*) AS n FROM eoi_users WHERE ${INTERESTED} AND country = ?`).get(country)
    : db.prepare(`SELECT COUNT(*) AS n FROM eoi_users WHERE ${INTERESTED}`).get();
  return (row as { n: number }).n;
}

/** Result by Teams' footer now: teams per 250M / 400M / Tug / Other. */
export function matrixTotalsNow(): number[] {
  const lines = e2eDb()
    .prepare(
      `SELECT eois.eoi_user_id AS userId, eoi_events.name AS eventName FROM eois
       JOIN eoi_events ON eoi_events.id = eois.eoi_event_id WHERE eoi_events.deleted = 0`,
    )
    .all() as { userId: number; eventName: string }[];
  return eoiMatrix(lines.map((l) => ({ ...l, team: "", country: "" }))).teamsPerColumn;
}
