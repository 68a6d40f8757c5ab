// Photos for staff: the viewer, the pending and approved grids, and the bulk approve/reject.
import { now as clockNow } from "~/lib/clock.server";
import { and, asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import { type Locale, VALID_IMAGE } from "../../db/enums";
import { type Actor, AUDIT_ACTIONS, audit } from "./audit.server";
import { pagesUntilDataChanges, untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { deletePhoto } from "./photo.server";
import { photoLabel } from "~/rules/user-status";

const u = schema.users;
const a = schema.associations;

export function photoOfUser(id: number) {
  const found = photoUntilDataChanges(id);
  return found && { ...found };
}

// The photo dialog over the users' list and the grids: kept until the database changes, as they are.
const photoUntilDataChanges = untilDataChanges(queryPhotoOfUser, String);

function queryPhotoOfUser(id: number) {
  const row = db()
    .select({ id: u.id, name: u.name, team: a.name, image: u.image, validImage: u.validImage })
    .from(u)
    .leftJoin(a, eq(a.id, u.associationId))
    .where(and(eq(u.id, id), isNotNull(u.image)))
    .get();
  if (!row?.image) return null;
  return { id: row.id, name: row.name, team: row.team, image: row.image, status: photoLabel(row) };
}

export type PhotoState = "pending" | "approved";

/** The photo grids: one page of the members whose photo waits for approval, or is approved; by id
 * (kept until the database changes: the grid and the photo dialog over it read it again and again). */
export function listPhotos(state: PhotoState, pageOpts: { limit: number; offset: number }) {
  return photosUntilDataChanges(state, pageOpts.limit, pageOpts.offset);
}

const photosUntilDataChanges = pagesUntilDataChanges(
  queryPhotos,
  (state, limit, offset) => `${state}:${limit}:${offset}`,
);

function queryPhotos(state: PhotoState, limit: number, offset: number) {
  const w = and(
    isNotNull(u.image),
    eq(u.validImage, state === "pending" ? VALID_IMAGE.PENDING : VALID_IMAGE.APPROVED),
  );
  const rows = db()
    .select({ id: u.id, name: u.name, team: a.name, image: u.image })
    .from(u)
    .leftJoin(a, eq(a.id, u.associationId))
    .where(w)
    .orderBy(asc(u.id))
    .limit(limit)
    .offset(offset)
    .all() as { id: number; name: string; team: string | null; image: string }[];
  const total = db().select({ n: count() }).from(u).where(w).get()?.n ?? 0;
  return { rows, total };
}

export const MAX_REVIEW_IDS = 100; // the largest page of the grid

/** A grid card as the admin saw it: the member and the photo (file name) the card showed. */
export type PhotoPick = { id: number; image: string };

/**
 * Approves or rejects the selected photos, in one transaction with its audit entry. Only members
 * whose photo is still pending count (a stale or forged id changes nothing), and only if it is
 * still the photo the admin saw: a member who uploaded a new photo since the grid was loaded stays
 * pending (skipped, for the caller to say so). A rejected photo is deleted and the member can
 * upload a new one (their profile shows the control again). Returns the members changed, for the
 * emails the caller sends, and the members skipped.
 */
export type Reviewed = {
  changed: { id: number; email: string; name: string; image: string | null; locale: Locale }[];
  skipped: { id: number; name: string }[];
};

export function reviewPhotos(actor: Actor, intent: "approve" | "reject", picks: PhotoPick[]): Reviewed {
  const shown = new Map<number, string>();
  for (const p of picks) if (!shown.has(p.id)) shown.set(p.id, p.image);
  const wanted = [...shown.keys()].slice(0, MAX_REVIEW_IDS);
  if (wanted.length === 0) return { changed: [], skipped: [] };
  // IMMEDIATE: it reads, then writes; a deferred transaction would fail at once (SQLITE_BUSY, no
  // busy wait) when another connection wrote between its read and its write.
  return db().transaction(
    (tx): Reviewed => {
      const stillPending = tx
        .select({ id: u.id, email: u.email, name: u.name, image: u.image, locale: u.locale })
        .from(u)
        .where(and(inArray(u.id, wanted), isNotNull(u.image), eq(u.validImage, VALID_IMAGE.PENDING)))
        .orderBy(asc(u.id))
        .all();
      const pending = stillPending.filter((p) => p.image === shown.get(p.id));
      const skipped = stillPending
        .filter((p) => p.image !== shown.get(p.id))
        .map(({ id, name }) => ({ id, name }));
      if (pending.length === 0) return { changed: [], skipped };
      const changedIds = pending.map((p) => p.id);
      tx.update(u)
        .set(
          intent === "approve"
            ? { validImage: VALID_IMAGE.APPROVED, updatedAt: new Date(clockNow()) }
            : { validImage: VALID_IMAGE.REJECTED_OR_NONE, image: null, updatedAt: new Date(clockNow()) },
        )
        .where(inArray(u.id, changedIds))
        .run();
      if (intent === "reject") for (const p of pending) deletePhoto(p.image);
      audit(tx, actor, {
        action: intent === "approve" ? AUDIT_ACTIONS.photosApproved : AUDIT_ACTIONS.photosRejected,
        targetType: "user",
        targetId: changedIds.length === 1 ? changedIds[0] : null,
        details: { userIds: changedIds },
      });
      return { changed: pending, skipped };
    },
    { behavior: "immediate" },
  );
}
