// Enrolled kiosk devices (issue 18; docs/decisions/0024-kiosk-enrolment.md): staff enrol a device,
// ADMIN lists and revokes them. Only the SHA-256 of a device's secret is stored; the cookie
// (services/kiosk-device.server.ts) holds the id and the secret. Enrolment and revocation are audited
// in the same transaction.
import { type Failure, fail } from "~/rules/failure";
import { now as clockNow } from "~/lib/clock.server";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { type Actor, audit } from "./audit.server";

const k = schema.kiosks;

export const KIOSK_AUDIT = { enrolled: "kiosk.enrolled", revoked: "kiosk.revoked" } as const;

export type KioskRow = {
  id: number;
  name: string;
  createdAt: number;
  enrolledByName: string;
  lastSeenAt: number | null;
  revokedAt: number | null;
};

/** Writes a new device (its secret already hashed) and its audit entry; returns its id. */
export function enrolKiosk(actor: Actor, name: string, secretHash: string): number {
  return db().transaction((tx) => {
    const row = tx
      .insert(k)
      .values({
        name,
        secretHash,
        enrolledBy: actor.id,
        enrolledByName: actor.name ? `${actor.name} <${actor.email}>` : actor.email,
      })
      .returning({ id: k.id })
      .get();
    audit(tx, actor, {
      action: KIOSK_AUDIT.enrolled,
      targetType: "kiosk",
      targetId: row.id,
      details: { name },
    });
    return row.id;
  });
}

/** A live (not revoked) device's name and secret hash, for the cookie check. One primary-key read. */
export function liveKiosk(id: number): { id: number; name: string; secretHash: string } | undefined {
  return db()
    .select({ id: k.id, name: k.name, secretHash: k.secretHash })
    .from(k)
    .where(and(eq(k.id, id), isNull(k.revokedAt)))
    .get();
}

/** Revokes a live device (its cookie is refused from the next request on); audited. */
export function revokeKiosk(
  actor: Actor,
  id: number,
  now = new Date(clockNow()),
): { ok: true } | Failure<"gone"> {
  return db().transaction((tx) => {
    const was = tx
      .select({ name: k.name })
      .from(k)
      .where(and(eq(k.id, id), isNull(k.revokedAt)))
      .get();
    if (!was) return fail("gone");
    tx.update(k).set({ revokedAt: now }).where(eq(k.id, id)).run();
    audit(tx, actor, {
      action: KIOSK_AUDIT.revoked,
      targetType: "kiosk",
      targetId: id,
      details: { name: was.name },
    });
    return { ok: true } as const;
  });
}

/** Notes a device's last scan or save (a POST). Written at most once a minute per device. */
export function touchKiosk(id: number, now = new Date(clockNow())): void {
  db().run(sql`
    UPDATE kiosks SET last_seen_at = ${now.getTime()}
    WHERE id = ${id} AND (last_seen_at IS NULL OR last_seen_at < ${now.getTime() - 60_000})
  `);
}

export function findKiosk(id: number): KioskRow | undefined {
  return listKiosksWhere(eq(k.id, id), null)[0];
}

/** Every device, newest first (live ones and revoked ones), paged in SQL (null: every row). */
export function listKiosks(page: { limit: number; offset: number } | null): {
  rows: KioskRow[];
  total: number;
} {
  const total = db().select({ n: count() }).from(k).get()?.n ?? 0;
  return { rows: listKiosksWhere(undefined, page), total };
}

function listKiosksWhere(
  where: ReturnType<typeof eq> | undefined,
  page: { limit: number; offset: number } | null,
): KioskRow[] {
  const q = db()
    .select({
      id: k.id,
      name: k.name,
      createdAt: sql<number>`${k.createdAt}`,
      enrolledByName: k.enrolledByName,
      lastSeenAt: sql<number | null>`${k.lastSeenAt}`,
      revokedAt: sql<number | null>`${k.revokedAt}`,
    })
    .from(k)
    .where(where)
    .orderBy(desc(k.createdAt), desc(k.id));
  return page ? q.limit(page.limit).offset(page.offset).all() : q.all();
}

/** A kiosk row as given, no audit (test data and seeds; staff enrol devices with enrolKiosk).
 * @testOnly test data and seeds only: no audit entry. */
export function insertKiosk(values: typeof k.$inferInsert): number {
  return db().insert(k).values(values).returning({ id: k.id }).get().id;
}
