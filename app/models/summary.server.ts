// The Confirmed Events Summary: per association, its confirmed event teams (a team row exists only
// once its entry is paid) counted per category column. One grouped query (association x live
// event), folded into columns by the event-name mapping of rules/event-categories.ts.
import { sql } from "drizzle-orm";
import { untilDataChanges } from "~/lib/data-version.server";
import { db } from "~/lib/db.server";
import { type Summary, summarize, type TeamCount } from "~/rules/event-categories";

function querySummary(editionId: number): Summary {
  const lines = db().all<TeamCount>(sql`
    SELECT a.id AS associationId, a.name AS name, a.country AS country,
           e.name AS eventName, t.teams AS teams
    FROM (SELECT association_id, event_id, COUNT(*) AS teams
          FROM teams GROUP BY association_id, event_id) t
    JOIN events e ON e.id = t.event_id AND e.deleted = 0 AND e.edition_id = ${editionId}
    JOIN associations a ON a.id = t.association_id
    ORDER BY a.name COLLATE NOCASE, a.id
  `);
  return summarize(lines);
}

// Aggregates the whole teams table: kept until the database changes (lib/data-version.server.ts),
// like the Teams table and the overview figures (docs/decisions/0010-performance.md).
const summaryUntilDataChanges = untilDataChanges(querySummary, (editionId) => String(editionId));

/** The edition's rows by association name (case-insensitive), only associations with a confirmed
 * team of its events; column totals and the grand total. Read-only: the result may be shared until
 * the data changes. */
export function eventsSummary(editionId: number): Readonly<Summary> {
  return summaryUntilDataChanges(editionId);
}
