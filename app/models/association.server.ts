import { eq, sql } from "drizzle-orm";
import { type Actor, AUDIT_ACTIONS, audit } from "./audit.server";
import { randomToken } from "~/lib/crypto.server";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { paidIn } from "./member.server";

export type Association = typeof schema.associations.$inferSelect;

export function findAssociationByToken(token: string): Association | undefined {
  if (!token) return undefined;
  return db().select().from(schema.associations).where(eq(schema.associations.token, token)).get();
}

/**
 * A new invitation (referral) link for a club: a fresh random token replaces the old one, which
 * stops resolving at once (registration with it gives 'Invalid token.'), in one transaction with
 * its audit entry (actor, club; never the token). Who may do it is the route's business (ADMIN any
 * club, a MANAGER their own). Returns the club with its new token, or null when it does not exist.
 */
export function regenerateAssociationToken(actor: Actor, associationId: number): Association | null {
  return db().transaction(
    (tx) => {
      const club = tx
        .update(schema.associations)
        .set({ token: randomToken(24) })
        .where(eq(schema.associations.id, associationId))
        .returning()
        .get();
      if (!club) return null;
      audit(tx, actor, {
        action: AUDIT_ACTIONS.referralRegenerated,
        targetType: "association",
        targetId: club.id,
        details: { name: club.name },
      });
      return club;
    },
    { behavior: "immediate" },
  );
}

export function associationNameTaken(name: string): boolean {
  return Boolean(
    db()
      .select({ id: schema.associations.id })
      .from(schema.associations)
      .where(sql`${schema.associations.name} = ${name.trim()} COLLATE NOCASE`)
      .get(),
  );
}

export const TEAM_SORTS = [
  "id",
  "name",
  "country",
  "manager",
  "paid",
  "approved",
  "events",
  "teams",
  "tickets",
] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

export type TeamRow = {
  id: number;
  name: string;
  country: string;
  managerEmail: string | null;
  membersPaid: number;
  membersApproved: number;
  events: number;
  eventTeams: number;
  tickets: number;
};

const TEAM_ORDER: Record<TeamSort, string> = {
  id: "id",
  name: "name COLLATE NOCASE",
  country: "country",
  manager: "managerEmail",
  paid: "membersPaid",
  approved: "membersApproved",
  events: "events",
  teams: "eventTeams",
  tickets: "tickets",
};

/**
 * The Teams (associations) table: per club its first member's email (the manager who registered
 * it), members paid and approved, distinct events entered, event teams, and dinner tickets of its
 * members' PAID orders. One grouped query per aggregate, joined by association id; sorted and
 * paged in SQL. Clubs and members are across editions; the figures are the edition's (issue 21):
 * its crew tag fees (paidIn), its events' teams, its orders' tickets.
 */
export function listTeams(
  editionId: number,
  filters: { name?: string },
  order: { sort: TeamSort; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
): { rows: TeamRow[]; total: number } {
  const { rows, total } = teamsUntilDataChanges(editionId, filters, order, pageOpts);
  return { rows: rows.map((row) => ({ ...row })), total };
}

// Every figure aggregates whole tables (all members, event teams and paid orders): a page is kept
// until the database changes (lib/data-version.server.ts), so paging back and forth, sorting and
// many staff looking at once cost one query per change (docs/decisions/0010-performance.md).
const teamsUntilDataChanges = untilDataChanges(queryTeams, (editionId, filters, order, pageOpts) =>
  JSON.stringify([
    editionId,
    filters.name ?? null,
    order.sort,
    order.dir,
    pageOpts?.limit ?? null,
    pageOpts?.offset ?? null,
  ]),
);

function queryTeams(
  editionId: number,
  filters: { name?: string },
  order: { sort: TeamSort; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
): { rows: TeamRow[]; total: number } {
  const nameLike = filters.name ? `%${filters.name.replace(/[\\%_]/g, "\\$&")}%` : null;
  const dir = order.dir === "asc" ? "ASC" : "DESC";
  const orderBy = sql.raw(`${TEAM_ORDER[order.sort]} ${dir}, id ${dir}`);
  const limit = pageOpts ? sql`LIMIT ${pageOpts.limit} OFFSET ${pageOpts.offset}` : sql``;
  const rows = db().all<TeamRow>(sql`
    WITH m AS (
      SELECT association_id,
             SUM(${paidIn(editionId)}) AS paid,
             SUM(approved) AS approved,
             MIN(id) AS first_id
      FROM users WHERE association_id IS NOT NULL GROUP BY association_id
    ),
    t AS (
      SELECT tt.association_id, COUNT(*) AS teams, COUNT(DISTINCT tt.event_id) AS events
      FROM teams tt JOIN events te ON te.id = tt.event_id AND te.edition_id = ${editionId}
      GROUP BY tt.association_id
    ),
    k AS (
      SELECT u.association_id, SUM(l.count) AS tickets
      FROM order_lines l
      JOIN orders o ON o.id = l.order_id AND o.status = 'PAID' AND o.edition_id = ${editionId}
      JOIN users u ON u.id = o.owner_id
      WHERE l.kind = 'TICKET'
      GROUP BY u.association_id
    )
    SELECT * FROM (
      SELECT a.id, a.name, a.country,
             (SELECT email FROM users WHERE id = m.first_id) AS managerEmail,
             COALESCE(m.paid, 0) AS membersPaid,
             COALESCE(m.approved, 0) AS membersApproved,
             COALESCE(t.events, 0) AS events,
             COALESCE(t.teams, 0) AS eventTeams,
             COALESCE(k.tickets, 0) AS tickets
      FROM associations a
      LEFT JOIN m ON m.association_id = a.id
      LEFT JOIN t ON t.association_id = a.id
      LEFT JOIN k ON k.association_id = a.id
      WHERE ${nameLike} IS NULL OR a.name LIKE ${nameLike} ESCAPE '\\'
    )
    ORDER BY ${orderBy}
    ${limit}
  `);
  const total =
    db().get<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM associations WHERE ${nameLike} IS NULL OR name LIKE ${nameLike} ESCAPE '\\'`,
    )?.n ?? 0;
  return { rows, total };
}

export function findAssociation(id: number): Association | undefined {
  return db().select().from(schema.associations).where(eq(schema.associations.id, id)).get();
}

/** A club row as given (the seeds and the test factories; registration goes through
 * createAccount in account.server.ts, which also makes its manager).
 * @testOnly seeds and test factories only: no audit entry, no rule checked. */
export function insertAssociation(values: typeof schema.associations.$inferInsert): Association {
  return db().insert(schema.associations).values(values).returning().get();
}

/** Association rows as given, ids included (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertAssociations(rows: (typeof schema.associations.$inferInsert)[]): void {
  insertRows(schema.associations, rows);
}
