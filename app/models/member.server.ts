// A manager's members (/members): the four lifecycle tabs of the manager's own association, the
// approval, and the crew tag fee checkout. Every function takes the manager's Scope
// (scopeOf(user)) and re-checks each id it is given: it must be a member of that association and
// in the right state, whatever the form said. Approval and checkout are one transaction each; the
// checkout's checks (approved, not paid, not in a Processing order) and the order's creation run
// in the same immediate transaction, so two checkouts for one member cannot both succeed.
//
// Members are across editions (issue 21); their crew tag fee is per edition (paidIn): the tabs
// count and list by the fee of the edition their caller names (a manager: the open one, where the
// fee is due again after a new edition opens).
import { now as clockNow } from "~/lib/clock.server";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locale";
import type { Scope } from "~/lib/access";
import { pagesUntilDataChanges, untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import type { User } from "~/models/user.server";
import { type Failure, fail, type Outcome } from "~/rules/failure";
import { type Draft, type FeeRefusal, membershipDraft } from "~/rules/orders";
import { type Actor, audit } from "./audit.server";
import { type CreatedOrder, createOrder, membersInOpenOrders, supersedeOpenOrders } from "./order.server";

const u = schema.users;

/** The Members tabs, in the spec's order: approved and paid; email not verified; verified, waiting
 * for the manager's approval; approved, crew tag fee not paid. Each member is in exactly one. */
export type MemberTab = "paid" | "unverified" | "pending" | "fee";

export const MEMBER_AUDIT = { approved: "members.approved" } as const;

/** The most ids one approval or checkout takes (the largest page of the list). */
export const MAX_MEMBER_IDS = 200;

/** The ids ticked in a form: digits only, at most MAX_MEMBER_IDS; anything else is null (a 400). */
export function parseMemberIds(values: unknown[]): number[] | null {
  if (values.length > MAX_MEMBER_IDS) return null;
  const ids = values.map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN));
  return ids.some(Number.isNaN) ? null : ids;
}

function associationOf(scope: Scope): number {
  // The Members screen is for managers only; staff have no "own association".
  if (scope.kind !== "association") throw new Error("members: a manager's scope is required");
  return scope.associationId;
}

/** Whether the edition is the open one, whose crew tag fees are on the user rows. */
export function feesOnUsers(editionId: number): boolean {
  return (
    db()
      .select({ state: schema.editions.state })
      .from(schema.editions)
      .where(eq(schema.editions.id, editionId))
      .get()?.state === "OPEN"
  );
}

/**
 * The crew tag fee of a member (the users row `alias`) in an edition: the open edition's is the user
 * row's flag (`onUsers`, the plain column as before editions); another's is what edition_members
 * kept when it was archived (a draft has none paid yet). `edition` may be a statement placeholder.
 */
export function paidColumn(
  onUsers: boolean,
  edition: number | ReturnType<typeof sql.placeholder>,
  alias: SQL = sql`"users"`,
): SQL<number> {
  if (onUsers) return sql<number>`${alias}."membership_paid"`;
  return sql<number>`COALESCE((SELECT em.membership_paid FROM edition_members em
    WHERE em.edition_id = ${edition} AND em.user_id = ${alias}."id"), 0)`;
}

/** Whether the member (the users row `alias`) paid the crew tag fee of the edition (paidColumn). */
export function paidIn(editionId: number, alias: SQL = sql`"users"`): SQL<number> {
  return paidColumn(feesOnUsers(editionId), editionId, alias);
}

function tabWhere(editionId: number, tab: MemberTab): SQL {
  const paid = paidIn(editionId);
  switch (tab) {
    case "paid":
      return sql`${paid} = 1`;
    case "unverified":
      return and(eq(u.verified, false), sql`${paid} = 0`) as SQL;
    case "pending":
      return and(eq(u.verified, true), eq(u.approved, false), sql`${paid} = 0`) as SQL;
    case "fee":
      return and(eq(u.verified, true), eq(u.approved, true), sql`${paid} = 0`) as SQL;
  }
}

/** How many members each tab holds (the edition's fee), in one pass over the association's
 * members. */
export function memberCounts(editionId: number, scope: Scope): Record<MemberTab, number> {
  return { ...countsUntilDataChanges(editionId, associationOf(scope)) };
}

// The tabs' counts and the pages are kept until the database changes (lib/data-version.server.ts,
// exact): the list and the photo dialog over it read them again and again, and each is five
// queries' worth of SQL built and run (issue 30: 17% of /members' CPU, bench-cpu's profile).
const countsUntilDataChanges = untilDataChanges(
  queryCounts,
  (editionId, associationId) => `${editionId}:${associationId}`,
);

function queryCounts(editionId: number, associationId: number): Record<MemberTab, number> {
  const n = (tab: MemberTab) =>
    sql<number>`COALESCE(SUM(CASE WHEN ${tabWhere(editionId, tab)} THEN 1 ELSE 0 END), 0)`;
  const row = db()
    .select({ paid: n("paid"), unverified: n("unverified"), pending: n("pending"), fee: n("fee") })
    .from(u)
    .where(eq(u.associationId, associationId))
    .get();
  return {
    paid: Number(row?.paid ?? 0),
    unverified: Number(row?.unverified ?? 0),
    pending: Number(row?.pending ?? 0),
    fee: Number(row?.fee ?? 0),
  };
}

export type MemberRow = {
  id: number;
  name: string;
  email: string;
  identification: string;
  gender: string | null;
  yob: number | null;
  image: string | null;
  validImage: number;
  /** The Processing order the member's crew tag fee is in, if any (the fee tab only). */
  openOrderId: number | null;
  /** That order is another club's (the member moved clubs meanwhile): they cannot be chosen. The
   * club's own open fee order does not hold them: checking out again replaces it (ADR 0026). */
  heldElsewhere: boolean;
};

/** One page of a tab (the edition's fee), by name then id. */
export function listMembers(
  editionId: number,
  scope: Scope,
  tab: MemberTab,
  page: { limit: number; offset: number },
): { rows: MemberRow[]; total: number } {
  return membersUntilDataChanges(editionId, associationOf(scope), tab, page.limit, page.offset);
}

const membersUntilDataChanges = pagesUntilDataChanges(
  queryMembers,
  (editionId, associationId, tab, limit, offset) => `${editionId}:${associationId}:${tab}:${limit}:${offset}`,
);

function queryMembers(
  editionId: number,
  associationId: number,
  tab: MemberTab,
  limit: number,
  offset: number,
): { rows: MemberRow[]; total: number } {
  const w = and(eq(u.associationId, associationId), tabWhere(editionId, tab));
  const openOrder =
    tab === "fee"
      ? // Qualified by hand: drizzle writes a one-table select's columns unqualified.
        sql<number | null>`(SELECT mo.id FROM order_lines ml JOIN orders mo ON mo.id = ml.order_id
          WHERE ml.user_id = "users"."id" AND ml.kind = 'MEMBERSHIP' AND mo.status = 'PROCESSING'
            AND mo.edition_id = ${editionId}
          ORDER BY mo.id DESC LIMIT 1)`
      : sql<number | null>`NULL`;
  const heldElsewhere =
    tab === "fee"
      ? sql<boolean>`EXISTS (SELECT 1 FROM order_lines hl JOIN orders ho ON ho.id = hl.order_id
          JOIN users hu ON hu.id = ho.owner_id
          WHERE hl.user_id = "users"."id" AND hl.kind = 'MEMBERSHIP' AND ho.status = 'PROCESSING'
            AND ho.edition_id = ${editionId} AND hu.association_id IS NOT ${associationId})`.mapWith(Boolean)
      : sql<boolean>`0`.mapWith(Boolean);
  const rows = db()
    .select({
      id: u.id,
      name: u.name,
      email: u.email,
      identification: u.identification,
      gender: u.gender,
      yob: u.yob,
      image: u.image,
      validImage: u.validImage,
      openOrderId: openOrder,
      heldElsewhere,
    })
    .from(u)
    .where(w)
    .orderBy(asc(u.name), asc(u.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db().select({ n: count() }).from(u).where(w).get()?.n ?? 0;
  return { rows, total };
}

/** A member's photo for the viewer: only a member of the manager's association who has one. */
export function memberPhoto(scope: Scope, id: number) {
  const associationId = associationOf(scope);
  const row = db()
    .select({
      id: u.id,
      name: u.name,
      image: u.image,
      validImage: u.validImage,
      team: schema.associations.name,
    })
    .from(u)
    .innerJoin(schema.associations, eq(schema.associations.id, u.associationId))
    .where(and(eq(u.id, id), eq(u.associationId, associationId)))
    .get();
  if (!row?.image) return null;
  return row as typeof row & { image: string };
}

const unique = (ids: number[]) => [...new Set(ids)];

type Reader = Pick<ReturnType<typeof db>, "select">;

/** The rows of these ids, or null when any of them is not a member of the association (or does
 * not exist): a forged or foreign id refuses the whole request. */
function ownMembers(handle: Reader, associationId: number, ids: number[]) {
  const wanted = unique(ids);
  if (wanted.length === 0) return [];
  const rows = handle
    .select({
      id: u.id,
      name: u.name,
      email: u.email,
      locale: u.locale,
      verified: u.verified,
      approved: u.approved,
      membershipPaid: u.membershipPaid,
    })
    .from(u)
    .where(and(inArray(u.id, wanted), eq(u.associationId, associationId)))
    .all();
  return rows.length === wanted.length ? rows : null;
}

export type Approval =
  | { kind: "foreign" }
  | { kind: "approved"; members: { id: number; name: string; email: string; locale: Locale }[] };

/**
 * Approves the selected members: only the association's own verified members still waiting for
 * approval change (a stale id is skipped); any id outside the association refuses everything.
 * Recorded in the audit log with the change. Returns the members approved, for their emails.
 */
export function approveMembers(actor: User, scope: Scope, ids: number[]): Approval {
  const associationId = associationOf(scope);
  const wanted = unique(ids).slice(0, MAX_MEMBER_IDS);
  return db().transaction(
    (tx) => {
      const rows = ownMembers(tx, associationId, wanted);
      if (rows === null) return { kind: "foreign" as const };
      const pending = rows.filter((m) => m.verified && !m.approved && !m.membershipPaid);
      if (pending.length === 0) return { kind: "approved" as const, members: [] };
      const changed = pending.map((m) => m.id);
      tx.update(u)
        .set({ approved: true, updatedAt: new Date(clockNow()) })
        .where(and(inArray(u.id, changed), eq(u.associationId, associationId), eq(u.approved, false)))
        .run();
      audit(tx, actor as Actor, {
        action: MEMBER_AUDIT.approved,
        targetType: "user",
        targetId: changed.length === 1 ? changed[0] : null,
        details: { userIds: changed },
      });
      return {
        kind: "approved" as const,
        members: pending.map((m) => ({ id: m.id, name: m.name, email: m.email, locale: m.locale })),
      };
    },
    { behavior: "immediate" },
  );
}

/** The crew tag fee draft (`ok: true`), or why not: a rule's code, or "foreign" (a member not of
 * the club, or too many ids). */
export type FeeDraftResult = ({ ok: true } & Draft) | Failure<FeeRefusal | "foreign">;

function draftIn(
  editionId: number,
  handle: Reader,
  associationId: number,
  ids: number[],
  feeSen: number,
): FeeDraftResult {
  const wanted = unique(ids);
  if (wanted.length === 0) return fail("noneSelected");
  if (wanted.length > MAX_MEMBER_IDS) return fail("foreign");
  const rows = ownMembers(handle, associationId, wanted);
  if (rows === null) return fail("foreign");
  // A member in the club's own earlier fee order may be chosen again: checking out cancels that
  // order (one open order per kind and club). Another club's open order still holds them.
  const open = membersInOpenOrders(editionId, wanted, handle, associationId);
  return membershipDraft(
    rows.map((m) => ({
      id: m.id,
      name: m.name,
      // Unverified members are never in the fee tab; treat them as not approved.
      approved: m.approved && m.verified,
      membershipPaid: m.membershipPaid,
      inOpenOrder: open.has(m.id),
    })),
    feeSen,
  );
}

/** The crew tag fee draft for the checkout view (read only). */
export function feeDraft(editionId: number, scope: Scope, ids: number[], feeSen: number): FeeDraftResult {
  return draftIn(editionId, db(), associationOf(scope), ids, feeSen);
}

/**
 * Proceed to Payment: the draft computed again on the server and the order created from it, in
 * one immediate transaction (members of the association, approved, not paid, not in another
 * club's Processing order). The club's earlier Processing fee order, if any, is cancelled in the
 * same transaction, replaced by this one. Returns the order, or why not.
 */
export function checkoutMembership(
  editionId: number,
  manager: Pick<User, "id">,
  scope: Scope,
  ids: number[],
  feeSen: number,
): Outcome<{ order: CreatedOrder; draft: Draft }, FeeRefusal | "foreign"> {
  const associationId = associationOf(scope);
  return db().transaction(
    (tx): Outcome<{ order: CreatedOrder; draft: Draft }, FeeRefusal | "foreign"> => {
      const found = draftIn(editionId, tx, associationId, ids, feeSen);
      if (!found.ok) return found;
      const draft: Draft = { lines: found.lines, total: found.total };
      const replaced = supersedeOpenOrders(editionId, tx, manager.id, "MEMBERSHIP");
      const order = createOrder(editionId, manager.id, draft.lines, tx, replaced);
      return { ok: true, order, draft };
    },
    { behavior: "immediate" },
  );
}

/** The association's name and the manager, for the approval emails. */
export function associationName(scope: Scope): string {
  const associationId = associationOf(scope);
  return (
    db()
      .select({ name: schema.associations.name })
      .from(schema.associations)
      .where(eq(schema.associations.id, associationId))
      .get()?.name ?? ""
  );
}
