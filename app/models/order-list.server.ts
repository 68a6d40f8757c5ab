// Reading orders and payment logs for the Orders and Payment Logs screens, their CSV downloads and
// the invoice/receipt PDFs: filters, sort and paging in SQL (a page of the race day's 10,000 orders
// reads 50 rows and their lines, never the whole table), order totals summed in SQL, and every
// manager read scoped to the orders they own.
//
// Editions (issue 21): ADMIN reads the orders of the edition being looked at (the route's
// edition); a MANAGER reads their own orders of every edition (last year's receipts stay theirs),
// each row naming its edition. Invoices and receipts are found by the order's token in any edition
// and carry the regatta name of the order's own edition.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Locale, ORDER_STATUSES, type OrderLineKind, type OrderStatus } from "../../db/enums";
import { pagesUntilDataChanges, untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import type { OrderDoc } from "~/lib/pdf.server";
import { getSettings } from "~/models/settings.server";
import { containing } from "~/models/user-list.server";
import type { User } from "~/models/user.server";
import { draftTotal } from "~/rules/orders";

const o = schema.orders;
const l = schema.orderLines;
const u = schema.users;
const a = schema.associations;
const p = schema.paymentLogs;

/** Whose orders a user may read: ADMIN every order of the edition being looked at; anyone else (a
 * MANAGER) only their own, of every edition. */
export type OrderScope = { kind: "all"; editionId: number } | { kind: "owner"; ownerId: number };
export function orderScopeOf(user: Pick<User, "id" | "role">, editionId: number): OrderScope {
  return user.role === "ADMIN" ? { kind: "all", editionId } : { kind: "owner", ownerId: user.id };
}
const inScope = (scope: OrderScope): SQL =>
  scope.kind === "owner" ? eq(o.ownerId, scope.ownerId) : eq(o.editionId, scope.editionId);
const ed = schema.editions;

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);

// ---- Orders ----

export type OrderFilters = { status?: string };
export type OrderSort = "created" | "id";

/** The order's total in sen: the sum of its lines, one indexed lookup per listed order. */
const orderTotal = sql<number>`(SELECT COALESCE(SUM(${l.price} * ${l.count}), 0) FROM ${l} WHERE ${l.orderId} = ${o.id})`;

export type OrderRow = {
  id: number;
  /** UTC milliseconds. */
  createdAt: number;
  status: OrderStatus;
  /** For the invoice and receipt links: only ever listed to the owner or an ADMIN. */
  token: string;
  ownerName: string;
  ownerEmail: string;
  team: string | null;
  /** Sen. */
  total: number;
  /** The club's later order of the same kind that cancelled this one (then CANCELLED, or PAID by
   * a late payment), or null. */
  replacedBy: number | null;
  /** The order's edition, and its name ("Regatta 2026"). */
  editionId: number | null;
  edition: string;
};

const orderRowFields = {
  id: o.id,
  createdAt: sql<number>`${o.createdAt}`,
  status: o.status,
  token: o.token,
  ownerName: u.name,
  ownerEmail: u.email,
  team: a.name,
  total: orderTotal,
  replacedBy: o.replacedBy,
  editionId: o.editionId,
  edition: sql<string>`COALESCE(${ed.name}, '')`,
};

/**
 * Orders newest first (or by id), filtered by status, within the scope. `page` null: every
 * filtered order (the CSV). A manager's status filter is ignored (the spec gives it to admins).
 */
export function listOrders(
  scope: OrderScope,
  filters: OrderFilters,
  order: { sort: OrderSort; dir: "asc" | "desc" },
  page: { limit: number; offset: number } | null,
): { rows: OrderRow[]; total: number } {
  if (page === null) return queryOrders(scope, filters, order, null);
  const { rows, total } = ordersUntilDataChanges(scope, filters, order, page);
  return { rows: rows.map((row) => ({ ...row })), total };
}

// A page is kept until the database changes (lib/data-version.server.ts): the table and the
// dialogs over it (View, Edit, Cancel) read the same page again and again.
const ordersUntilDataChanges = untilDataChanges(
  (
    scope: OrderScope,
    filters: OrderFilters,
    order: { sort: OrderSort; dir: "asc" | "desc" },
    page: { limit: number; offset: number },
  ) => queryOrders(scope, filters, order, page),
  (scope, filters, order, page) =>
    JSON.stringify([
      scope.kind === "owner" ? `o${scope.ownerId}` : `e${scope.editionId}`,
      filters.status ?? null,
      order.sort,
      order.dir,
      page.limit,
      page.offset,
    ]),
);

function queryOrders(
  scope: OrderScope,
  filters: OrderFilters,
  order: { sort: OrderSort; dir: "asc" | "desc" },
  page: { limit: number; offset: number } | null,
): { rows: OrderRow[]; total: number } {
  const status = scope.kind === "all" && isOrderStatus(filters.status) ? filters.status : undefined;
  const w = and(inScope(scope), status ? eq(o.status, status) : undefined);
  const col = order.sort === "id" ? o.id : o.createdAt;
  const by = order.dir === "asc" ? [asc(col), asc(o.id)] : [desc(col), desc(o.id)];
  let rows: OrderRow[];
  if (page) {
    // The page's ids first (an index scan and a sort of narrow rows), then owner, team and the
    // summed total for those 50 only: asking for everything at once made SQLite sum the lines of
    // every order before sorting (13 ms for the first page of 10,000, 85 ms for the last).
    // `orders.id IN (page)`, not a join on the page as a subquery: with the limit a bound
    // parameter, SQLite planned that join as a scan of every order (16 ms; 1 ms this way).
    const ids = db()
      .select({ id: o.id })
      .from(o)
      .where(w)
      .orderBy(...by)
      .limit(page.limit)
      .offset(page.offset);
    rows = db()
      .select(orderRowFields)
      .from(o)
      .innerJoin(u, eq(u.id, o.ownerId))
      .leftJoin(a, eq(a.id, u.associationId))
      .leftJoin(ed, eq(ed.id, o.editionId))
      .where(inArray(o.id, ids))
      .orderBy(...by)
      .all();
  } else {
    rows = db()
      .select(orderRowFields)
      .from(o)
      .innerJoin(u, eq(u.id, o.ownerId))
      .leftJoin(a, eq(a.id, u.associationId))
      .leftJoin(ed, eq(ed.id, o.editionId))
      .where(w)
      .orderBy(...by)
      .all();
  }
  const total = db().select({ n: count() }).from(o).where(w).get()?.n ?? 0;
  return { rows, total };
}

/** An order line as shown; `kind` lets a screen name a dinner ticket line in its own language. */
export type OrderLineView = { id: number; kind: OrderLineKind; label: string; price: number; count: number };

function linesOf(orderId: number): OrderLineView[] {
  return db()
    .select({
      id: l.id,
      kind: l.kind,
      price: l.price,
      count: l.count,
      label: sql<string>`COALESCE(CASE ${l.kind}
        WHEN 'MEMBERSHIP' THEN (SELECT name FROM users WHERE id = ${l.userId})
        WHEN 'EVENT' THEN (SELECT name FROM events WHERE id = ${l.eventId})
        ELSE 'Dinner Ticket' END, '')`,
    })
    .from(l)
    .where(eq(l.orderId, orderId))
    .orderBy(l.id)
    .all();
}

const headFields = {
  id: o.id,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  status: o.status,
  token: o.token,
  transactionId: o.transactionId,
  ownerId: o.ownerId,
  ownerName: u.name,
  ownerEmail: u.email,
  ownerLocale: u.locale,
  team: a.name,
  replacedBy: o.replacedBy,
  editionId: o.editionId,
  edition: ed.name,
};

function headWhere(where: SQL | undefined) {
  return db()
    .select(headFields)
    .from(o)
    .innerJoin(u, eq(u.id, o.ownerId))
    .leftJoin(a, eq(a.id, u.associationId))
    .leftJoin(ed, eq(ed.id, o.editionId))
    .where(where)
    .get();
}
type Head = NonNullable<ReturnType<typeof headWhere>>;

/** One order with its lines and total, or null when it does not exist or is outside the scope
 * (a manager asking for another manager's order learns nothing more than for a missing one). */
export function findOrder(scope: OrderScope, orderId: number) {
  const found = orderUntilDataChanges(scope, orderId);
  return found && { ...found, lines: found.lines.map((line) => ({ ...line })) };
}

// The order dialogs (View, Edit, Cancel) over the table read their order again and again: kept
// until the database changes, as the table's page is.
const orderUntilDataChanges = untilDataChanges(
  (scope: OrderScope, orderId: number) => {
    const head = headWhere(and(eq(o.id, orderId), inScope(scope)));
    if (!head) return null;
    const lines = linesOf(orderId);
    return { ...head, lines, total: draftTotal(lines) };
  },
  (scope, orderId) => `${scope.kind === "owner" ? `o${scope.ownerId}` : `e${scope.editionId}`}:${orderId}`,
);

export type OrderNoteView = { id: number; createdAt: number; author: string; note: string };

/** An order's notes, oldest first (ADMIN only: the caller checks); none for an order of another
 * edition. */
export function orderNotes(editionId: number, orderId: number): OrderNoteView[] {
  const n = schema.orderNotes;
  return db()
    .select({ id: n.id, createdAt: sql<number>`${n.createdAt}`, author: n.author, note: n.note })
    .from(n)
    .innerJoin(o, eq(o.id, n.orderId))
    .where(and(eq(n.orderId, orderId), eq(o.editionId, editionId)))
    .orderBy(n.createdAt, n.id)
    .all();
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The invoice or receipt data of the order with this token, for this viewer: its owner or an
 * ADMIN, in whatever edition the order is (a receipt of an archived edition stays available).
 * Anyone else, and any unknown or malformed token, gets null (the route answers 404). The regatta
 * name is that of the order's own edition's settings.
 */
export function orderDocFor(
  viewer: Pick<User, "id" | "role">,
  token: string,
): (OrderDoc & { status: OrderStatus; ownerId: number; ownerLocale: Locale }) | null {
  if (!TOKEN.test(token)) return null;
  const owner = viewer.role === "ADMIN" ? undefined : eq(o.ownerId, viewer.id);
  const head = headWhere(and(eq(o.token, token), owner));
  if (!head) return null;
  return docOf(head);
}

/** The same data by order id within its edition, for the order-paid email (no viewer: the server
 * sends it). */
export function orderDocById(editionId: number, orderId: number) {
  const head = headWhere(and(eq(o.id, orderId), eq(o.editionId, editionId)));
  return head ? docOf(head) : null;
}

function docOf(head: Head): OrderDoc & { status: OrderStatus; ownerId: number; ownerLocale: Locale } {
  const lines = linesOf(head.id);
  const regattaName = head.editionId === null ? "" : getSettings(head.editionId).regattaName;
  return {
    regattaName,
    id: head.id,
    createdAt: head.createdAt,
    updatedAt: head.updatedAt,
    status: head.status,
    ownerId: head.ownerId,
    ownerLocale: head.ownerLocale,
    transactionId: head.transactionId,
    owner: { name: head.ownerName, email: head.ownerEmail },
    team: head.team,
    lines,
    total: draftTotal(lines),
  };
}

// ---- Payment logs ----

export type PaymentFilters = { orderId?: string; transactionId?: string };

const inEditionLogs = (editionId: number) => eq(p.editionId, editionId);

export type PaymentRow = {
  id: number;
  createdAt: number;
  orderId: string;
  transactionId: string;
  statusId: string;
  msg: string;
  verified: boolean;
  source: string;
};

/** Substring filters of Payment Logs (order id, transaction id), for the list and the CSV alike. */
function paymentFilterParts(filters: PaymentFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.orderId) parts.push(sql`${p.orderId} LIKE ${containing(filters.orderId)} ESCAPE '\\'`);
  if (filters.transactionId)
    parts.push(sql`${p.transactionId} LIKE ${containing(filters.transactionId)} ESCAPE '\\'`);
  return parts;
}

/** The columns of a PaymentRow. */
const paymentRowColumns = () => ({
  id: p.id,
  createdAt: sql<number>`${p.createdAt}`,
  orderId: p.orderId,
  transactionId: p.transactionId,
  statusId: p.statusId,
  msg: p.msg,
  verified: p.verified,
  source: p.source,
});

/** Payment log entries of an edition (its orders' results; calls for no order: the edition that
 * was open), newest first, filtered by substrings of order id and transaction id. */
export function listPaymentLogs(
  editionId: number,
  filters: PaymentFilters,
  order: { sort: "created"; dir: "asc" | "desc" },
  page: { limit: number; offset: number } | null,
): { rows: PaymentRow[]; total: number } {
  if (page === null || page.limit > 100) return queryPaymentLogs(editionId, filters, order, page);
  return paymentLogsUntilDataChanges(editionId, filters, order, page);
}

// The screen's pages, kept until the database changes (the CSV reads in batches: paymentLogBatches).
const paymentLogsUntilDataChanges = pagesUntilDataChanges(
  (
    editionId: number,
    filters: PaymentFilters,
    order: { sort: "created"; dir: "asc" | "desc" },
    page: { limit: number; offset: number },
  ) => queryPaymentLogs(editionId, filters, order, page),
  (editionId, filters, order, page) =>
    JSON.stringify([
      editionId,
      Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1)),
      order.dir,
      page.limit,
      page.offset,
    ]),
);

function queryPaymentLogs(
  editionId: number,
  filters: PaymentFilters,
  order: { sort: "created"; dir: "asc" | "desc" },
  page: { limit: number; offset: number } | null,
): { rows: PaymentRow[]; total: number } {
  const w = and(inEditionLogs(editionId), ...paymentFilterParts(filters));
  const by = order.dir === "asc" ? [asc(p.createdAt), asc(p.id)] : [desc(p.createdAt), desc(p.id)];
  const q = db()
    .select(paymentRowColumns())
    .from(p)
    .where(w)
    .orderBy(...by);
  const rows = (page ? q.limit(page.limit).offset(page.offset) : q).all();
  const total = db().select({ n: count() }).from(p).where(w).get()?.n ?? 0;
  return { rows, total };
}

/**
 * The same entries as listPaymentLogs without a page, for the CSV download: one batch of `size`
 * rows per step, each read by its own query after the last row of the one before (keyset paging on
 * created_at, id). Nothing stays open between steps: an open better-sqlite3 iterator would keep
 * the process's one connection busy and refuse every write (kiosk scans, payments) for as long as a
 * slow client takes to download the file.
 */
export function* paymentLogBatches(
  editionId: number,
  filters: PaymentFilters,
  order: { sort: "created"; dir: "asc" | "desc" },
  size = 500,
): Generator<PaymentRow[]> {
  const parts = [inEditionLogs(editionId), ...paymentFilterParts(filters)];
  const by = order.dir === "asc" ? [asc(p.createdAt), asc(p.id)] : [desc(p.createdAt), desc(p.id)];
  let after: { createdAt: number; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = !after
      ? undefined
      : order.dir === "asc"
        ? sql`(${p.createdAt} > ${after.createdAt} OR (${p.createdAt} = ${after.createdAt} AND ${p.id} > ${after.id}))`
        : sql`(${p.createdAt} < ${after.createdAt} OR (${p.createdAt} = ${after.createdAt} AND ${p.id} < ${after.id}))`;
    const rows: PaymentRow[] = db()
      .select(paymentRowColumns())
      .from(p)
      .where(and(...parts, cursor))
      .orderBy(...by)
      .limit(size)
      .all();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export type RejectDay = {
  /** YYYY-MM-DD, Malaysia time. */
  day: string;
  source: string;
  /** "forged" (did not verify) or "repeat" (a verified result repeated past what is logged). */
  reason: string;
  calls: number;
  addresses: number;
  /** The address that sent the most that day ("*": the addresses past the daily cap together). */
  topAddress: string;
  topCalls: number;
};

/** Counted (not logged) returns and callbacks per day, source and reason, newest day first (the
 * last `days` days that had any), for the Payment Logs screen. */
export function paymentRejectDays(days = 14): RejectDay[] {
  const r = schema.paymentRejects;
  return db().all<RejectDay>(sql`
    SELECT d.day AS day, d.source AS source, d.reason AS reason, d.calls AS calls,
      d.addresses AS addresses,
      (SELECT address FROM ${r} t WHERE t.day = d.day AND t.source = d.source AND t.reason = d.reason
        ORDER BY t.calls DESC, t.address LIMIT 1) AS topAddress,
      (SELECT MAX(calls) FROM ${r} t WHERE t.day = d.day AND t.source = d.source AND t.reason = d.reason)
        AS topCalls
    FROM (SELECT day, source, reason, SUM(calls) AS calls, COUNT(*) AS addresses FROM ${r}
      WHERE day IN (SELECT DISTINCT day FROM ${r} ORDER BY day DESC LIMIT ${days})
      GROUP BY day, source, reason) d
    ORDER BY d.day DESC, d.source, d.reason
  `);
}
