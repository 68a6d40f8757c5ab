// Notices race control posts (issue 20): the newest notice not removed shows on /board,
// /scoreboard and the kiosk until race control removes it. Posting and removing are audited.
import { desc, isNull } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

const n = schema.notices;

export type Notice = { id: number; text: string; createdAt: number };

/** The notice shown now (the newest not removed), or null. */
export function currentNotice(): Notice | null {
  const row = db()
    .select({ id: n.id, text: n.text, createdAt: n.createdAt })
    .from(n)
    .where(isNull(n.removedAt))
    .orderBy(desc(n.createdAt), desc(n.id))
    .get();
  return row ? { ...row, createdAt: row.createdAt.getTime() } : null;
}
