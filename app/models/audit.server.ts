// The audit log: one append-only row per staff action, written inside the transaction of the
// change it records (pass the transaction's handle), so a change and its entry land together or
// not at all. The log is across editions (issue 21): each entry names the edition it was in, and
// the Audit Log screen filters by one (the one being looked at, unless ADMIN chooses all).
import { and, count, desc, eq, getTableColumns, gte, lt, type SQL, sql } from "drizzle-orm";
import { pagesUntilDataChanges, untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";

export const AUDIT_ACTIONS = {
  userCreated: "user.created",
  photosApproved: "photos.approved",
  photosRejected: "photos.rejected",
  referralRegenerated: "association.referral_regenerated",
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS] | (string & {});

type Handle = Pick<ReturnType<typeof db>, "insert">;
export type Actor = { id: number; name: string; email: string };
/** What the app does by itself (a round seeded when its sources went Official, issue 20): audited
 * with no account (actor id null) and the name "System". */
export const SYSTEM_ACTOR = { id: null, name: "System", email: "system" } as const;
export type SystemActor = typeof SYSTEM_ACTOR;
export type AuditActor = Actor | SystemActor;

export function audit(
  handle: Handle,
  actor: AuditActor,
  entry: {
    action: AuditAction;
    targetType: string;
    targetId?: string | number | null;
    details?: unknown;
    /** The edition the action was in (issue 21); omitted: the open edition (migration 0018). */
    editionId?: number;
  },
): void {
  const details = JSON.stringify(entry.details ?? {});
  handle
    .insert(schema.auditLog)
    .values({
      actorId: actor.id,
      actorName: actor.id === null ? actor.name : actor.name ? `${actor.name} <${actor.email}>` : actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId == null ? null : String(entry.targetId),
      editionId: entry.editionId,
      // Short by design: a summary, not a dump.
      details: details.length > 2000 ? `${details.slice(0, 1990)}…"}` : details,
    })
    .run();
}

export type AuditFilters = {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  /** Only the entries of this edition (omitted: every edition). */
  editionId?: number;
};
export type AuditSort = "createdAt" | "action" | "actor";

const MYT_OFFSET_MS = 8 * 60 * 60_000;
/** A yyyy-MM-dd day in Malaysia time as its first UTC instant. */
export function dayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? null : new Date(t - MYT_OFFSET_MS);
}

function where(f: AuditFilters): SQL | undefined {
  const a = schema.auditLog;
  const parts: SQL[] = [];
  if (f.actor) parts.push(sql`${a.actorName} LIKE ${`%${f.actor.replace(/[\\%_]/g, "\\$&")}%`} ESCAPE '\\'`);
  if (f.action) parts.push(eq(a.action, f.action));
  const from = f.from ? dayStart(f.from) : null;
  if (from) parts.push(gte(a.createdAt, from));
  const to = f.to ? dayStart(f.to) : null;
  if (to) parts.push(lt(a.createdAt, new Date(to.getTime() + 86_400_000)));
  if (f.editionId !== undefined) parts.push(eq(a.editionId, f.editionId));
  return parts.length ? and(...parts) : undefined;
}

export function listAudit(
  f: AuditFilters,
  order: { sort: AuditSort; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
) {
  // The screen's pages are kept until the database changes (lib/data-version.server.ts, exact), as
  // the users' and orders' are; the CSV reads every row, and is not.
  if (pageOpts === null || pageOpts.limit > 100) return queryAudit(f, order, pageOpts);
  return auditUntilDataChanges(f, order, pageOpts);
}

const auditUntilDataChanges = pagesUntilDataChanges(
  (
    f: AuditFilters,
    order: { sort: AuditSort; dir: "asc" | "desc" },
    pageOpts: { limit: number; offset: number },
  ) => queryAudit(f, order, pageOpts),
  (f, order, pageOpts) =>
    JSON.stringify([
      f.actor,
      f.action,
      f.from,
      f.to,
      f.editionId,
      order.sort,
      order.dir,
      pageOpts.limit,
      pageOpts.offset,
    ]),
);

function queryAudit(
  f: AuditFilters,
  order: { sort: AuditSort; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
) {
  const a = schema.auditLog;
  const col = order.sort === "action" ? a.action : order.sort === "actor" ? a.actorName : a.createdAt;
  const orderBy = order.dir === "asc" ? [col, a.id] : [desc(col), desc(a.id)];
  const w = where(f);
  const ed = schema.editions;
  const q = db()
    .select({ ...getTableColumns(a), edition: sql<string>`COALESCE(${ed.name}, '')` })
    .from(a)
    .leftJoin(ed, eq(ed.id, a.editionId))
    .where(w)
    .orderBy(...orderBy);
  const rows = pageOpts ? q.limit(pageOpts.limit).offset(pageOpts.offset).all() : q.all();
  const total = db().select({ n: count() }).from(a).where(w).get()?.n ?? 0;
  return { rows, total };
}

/** The actions in the log, for the Action filter (kept until the database changes). */
export function auditActions(): string[] {
  return [...actionsUntilDataChanges()];
}

const actionsUntilDataChanges = untilDataChanges(queryActions, () => "");

function queryActions(): string[] {
  return db()
    .selectDistinct({ action: schema.auditLog.action })
    .from(schema.auditLog)
    .orderBy(schema.auditLog.action)
    .all()
    .map((r) => r.action);
}
