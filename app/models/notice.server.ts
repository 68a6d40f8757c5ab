// Notices race control posts (issue 20): the newest notice not removed shows on /board,
// /scoreboard and the kiosk until race control removes it. Posting and removing are audited.
import { and, desc, eq, isNull, lte } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, schema } from "~/lib/db.server";
import { notifyScoreboard, notifyWebhooks } from "~/lib/race-events.server";
import { NOTICE_MAX } from "~/rules/timetable";
import { type Actor, audit } from "./audit.server";
import { emitNoticePosted } from "./webhooks.server";

const n = schema.notices;

export type Notice = { id: number; text: string; createdAt: number };

/** The edition's notice shown now (the newest not removed), or null. */
export function currentNotice(editionId: number): Notice | null {
  const row = db()
    .select({ id: n.id, text: n.text, createdAt: n.createdAt })
    .from(n)
    .where(and(eq(n.editionId, editionId), isNull(n.removedAt)))
    .orderBy(desc(n.createdAt), desc(n.id))
    .get();
  return row ? { ...row, createdAt: row.createdAt.getTime() } : null;
}

export { NOTICE_MAX };
export const NOTICE_AUDIT = { posted: "notice.posted", removed: "notice.removed" } as const;

/** The scoreboard's stream carries round ids; 0 means "no round in particular" (a notice): the
 * scoreboard and the board re-render on any id. */
const NOTICE_CHANGED = 0;

export type NoticeResult = { ok: true; id: number } | { ok: false; code: "empty" | "tooLong" | "notFound" };

/** Posts a notice (trimmed, 1-500 characters): it replaces the one shown (older rows are kept,
 * and stay not removed: the newest shows). Audited; the scoreboard and the board hear of it. */
export function postNotice(editionId: number, actor: Actor, raw: string): NoticeResult {
  const text = raw.trim().replace(/\r\n?/g, "\n");
  if (text === "") return { ok: false, code: "empty" };
  if (text.length > NOTICE_MAX) return { ok: false, code: "tooLong" };
  let deliveries = 0;
  const at = new Date(now());
  const id = db().transaction((tx) => {
    const made = tx
      .insert(n)
      .values({ text, postedBy: actor.id, createdAt: at, editionId })
      .returning({ id: n.id })
      .get();
    audit(tx, actor, {
      editionId,
      action: NOTICE_AUDIT.posted,
      targetType: "notice",
      targetId: made.id,
      details: { text },
    });
    // Issue 29: the webhook event commits with the notice.
    deliveries = emitNoticePosted(tx, { id: made.id, text, createdAt: at.getTime() });
    return made.id;
  });
  notifyScoreboard(NOTICE_CHANGED);
  notifyWebhooks(deliveries);
  return { ok: true, id };
}

/** Takes a notice down (one not removed yet); audited. Removing the shown one shows none (older
 * notices were replaced: they do not come back). */
export function removeNotice(editionId: number, actor: Actor, id: number): NoticeResult {
  const result = db().transaction((tx): NoticeResult => {
    const row = tx
      .select({ id: n.id, text: n.text })
      .from(n)
      .where(and(eq(n.id, id), eq(n.editionId, editionId), isNull(n.removedAt)))
      .get();
    if (!row) return { ok: false, code: "notFound" };
    const at = new Date(now());
    // Older notices still not removed were replaced by this one: take them down with it.
    tx.update(n)
      .set({ removedAt: at, removedBy: actor.id })
      .where(and(eq(n.editionId, editionId), isNull(n.removedAt), lte(n.id, id)))
      .run();
    audit(tx, actor, {
      editionId,
      action: NOTICE_AUDIT.removed,
      targetType: "notice",
      targetId: id,
      details: { text: row.text },
    });
    return { ok: true, id };
  });
  if (result.ok) notifyScoreboard(NOTICE_CHANGED);
  return result;
}
