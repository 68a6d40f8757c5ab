// The members a club's crew tags are printed for (beyond the spec, issue 10): its paid members
// (crew tag fee paid: the Members screen's Paid tab), by name then id, a part of at most
// CREW_TAGS_PER_PDF at a time, each with their approved photo's name (a photo in validation or
// rejected is not printed) and their event teams. Two statements: the page of members (with the
// total), then the event teams of exactly those members. The photo bytes are read one at a time
// by the PDF builder (readPhoto), so at most one full-size photo is in memory at once.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { VALID_IMAGE } from "../../db/enums";
import type { TagEntry } from "~/rules/crew-tags";

const u = schema.users;

export type CrewTagMember = {
  id: number;
  name: string;
  email: string;
  /** The approved photo's name (`photos.name`), or null: the card prints a placeholder. */
  photo: string | null;
  entries: TagEntry[];
};

export type CrewTagList = { total: number; members: CrewTagMember[] };

/** How many paid members an association has (how many tags, how many parts). */
export function crewTagCount(associationId: number): number {
  const row = db()
    .select({ n: sql<number>`COUNT(*)` })
    .from(u)
    .where(and(eq(u.associationId, associationId), eq(u.membershipPaid, true)))
    .get();
  return Number(row?.n ?? 0);
}

/** One part of an association's paid members (the crew tag fee of the open edition:
 * `users.membership_paid`), by name then id, with photos and their event teams of the edition (the
 * caller's: the open one, whose kiosk the tags open). */
export function crewTagMembers(
  editionId: number,
  associationId: number,
  range: { offset: number; limit: number },
): CrewTagList {
  const rows = db()
    .select({
      id: u.id,
      name: u.name,
      email: u.email,
      image: u.image,
      validImage: u.validImage,
      total: sql<number>`COUNT(*) OVER ()`,
    })
    .from(u)
    .where(and(eq(u.associationId, associationId), eq(u.membershipPaid, true)))
    .orderBy(asc(u.name), asc(u.id))
    .limit(range.limit)
    .offset(range.offset)
    .all();
  const total = rows.length > 0 ? Number(rows[0].total) : crewTagCount(associationId);
  const byId = new Map<number, CrewTagMember>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        email: r.email,
        photo: r.image && r.validImage === VALID_IMAGE.APPROVED ? r.image : null,
        entries: [],
      },
    ]),
  );
  if (byId.size > 0) {
    const entries = db()
      .select({ userId: schema.teamMembers.userId, event: schema.events.name, team: schema.teams.name })
      .from(schema.teamMembers)
      .innerJoin(schema.teams, eq(schema.teams.id, schema.teamMembers.teamId))
      .innerJoin(schema.events, eq(schema.events.id, schema.teams.eventId))
      .where(
        and(
          inArray(schema.teamMembers.userId, [...byId.keys()]),
          eq(schema.teams.associationId, associationId),
          eq(schema.events.editionId, editionId),
          eq(schema.events.deleted, false),
        ),
      )
      .orderBy(asc(schema.events.name), asc(schema.teams.name))
      .all();
    for (const e of entries) byId.get(e.userId)?.entries.push({ event: e.event, team: e.team });
  }
  return { total, members: [...byId.values()] };
}

/** Marks a user's crew tag fee paid (users.membership_paid), nothing else (the test factories; clubs
 * pay through order.server.ts).
 * @testOnly test factories only: marks a fee paid with no order and no audit entry. */
export function setMembershipPaid(userId: number): void {
  db().update(u).set({ membershipPaid: true }).where(eq(u.id, userId)).run();
}
