// Entrance scanning (spec sections 2, 5; issue 10): the kiosk finds a round by name, lists its
// races' teams, reads a team's roster and saves a checked history as scan logs; the scanning
// profile reads one participant; /scan-log lists the logs of a round, paged in SQL. The routes let
// only a kiosk device (staff logged in, or an enrolled device: services/kiosk-device.server.ts) reach
// these reads; every read is of live events only.
import { now as clockNow } from "~/lib/clock.server";
import { sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { notifyScoreboard } from "~/lib/race-events.server";
import type { ScanLimits, ScanPerson } from "~/rules/scan-history";
import { VALID_IMAGE } from "../../db/enums";

export type KioskRound = { id: number; name: string; eventId: number; eventName: string };
export type KioskRace = { teamId: number; teamName: string; lane: string };
export type KioskTeam = {
  round: KioskRound;
  team: KioskRace;
  limits: ScanLimits;
};

/** The edition's rounds of live events named `name` (trimmed, case-insensitive, whole name), by
 * event name. Several when events share a round name ("FINAL"): the kiosk lets the user pick. */
export function findRoundsByName(editionId: number, name: string): KioskRound[] {
  const wanted = name.trim();
  if (!wanted) return [];
  return db().all<KioskRound>(sql`
    SELECT r.id, r.name, e.id AS eventId, e.name AS eventName
    FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
    WHERE r.name = ${wanted} COLLATE NOCASE AND r.edition_id = ${editionId}
    ORDER BY e.name, r.id
    LIMIT 20
  `);
}

/** A round of a live event of the edition, or undefined. */
export function kioskRound(editionId: number, roundId: number): KioskRound | undefined {
  return db().get<KioskRound>(sql`
    SELECT r.id, r.name, e.id AS eventId, e.name AS eventName
    FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
    WHERE r.id = ${roundId} AND r.edition_id = ${editionId}
  `);
}

/** The event teams racing in a round of the edition, by lane (numeric lanes in number order). */
export function racesOf(editionId: number, roundId: number): KioskRace[] {
  return db().all<KioskRace>(sql`
    SELECT t.id AS teamId, t.name AS teamName, ra.lane
    FROM races ra JOIN teams t ON t.id = ra.team_id
    JOIN rounds r ON r.id = ra.round_id AND r.edition_id = ${editionId}
    WHERE ra.round_id = ${roundId}
    ORDER BY CAST(ra.lane AS INTEGER), ra.lane, t.name
  `);
}

/** A team that races in a round of a live event of the edition, with the event's caps; undefined
 * otherwise. */
export function kioskTeam(editionId: number, roundId: number, teamId: number): KioskTeam | undefined {
  const row = db().get<KioskRound & KioskRace & ScanLimits>(sql`
    SELECT r.id, r.name, e.id AS eventId, e.name AS eventName,
      t.id AS teamId, t.name AS teamName, ra.lane,
      e.max_race AS maxRace, e.max_male AS maxMale, e.min_female AS minFemale
    FROM races ra
    JOIN rounds r ON r.id = ra.round_id
    JOIN events e ON e.id = r.event_id AND e.deleted = 0
    JOIN teams t ON t.id = ra.team_id
    WHERE ra.round_id = ${roundId} AND ra.team_id = ${teamId} AND r.edition_id = ${editionId}
  `);
  if (!row) return undefined;
  return {
    round: { id: row.id, name: row.name, eventId: row.eventId, eventName: row.eventName },
    team: { teamId: row.teamId, teamName: row.teamName, lane: row.lane },
    limits: { maxRace: row.maxRace, maxMale: row.maxMale, minFemale: row.minFemale },
  };
}

/** A photo the kiosk may show: approved ones only (a pending or rejected upload is not a face to
 * compare with). */
const approvedImage = (image: string | null, validImage: number) =>
  image && validImage === VALID_IMAGE.APPROVED ? image : null;

/** An event team's members (a team of the edition) as the kiosk checks and shows them, by name. */
export function rosterOf(editionId: number, teamId: number): ScanPerson[] {
  const rows = db().all<ScanPerson & { validImage: number }>(sql`
    SELECT u.id, u.name, u.gender, u.role, u.image, u.valid_image AS validImage
    FROM team_members tm JOIN users u ON u.id = tm.user_id
    JOIN teams t ON t.id = tm.team_id JOIN events e ON e.id = t.event_id AND e.edition_id = ${editionId}
    WHERE tm.team_id = ${teamId}
    ORDER BY u.name, u.id
  `);
  return rows.map(({ validImage, ...p }) => ({ ...p, image: approvedImage(p.image, validImage) }));
}

/** The roles of these users (the ones a kiosk scanned that are not in the team). */
export function rolesOf(ids: readonly number[]): Map<number, ScanPerson["role"]> {
  if (ids.length === 0) return new Map();
  const rows = db().all<{ id: number; role: ScanPerson["role"] }>(
    sql`SELECT id, role FROM users WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.role]));
}

/** Who saved a history: the enrolled device, the staff member logged in on it, either or both. */
export type SavedBy = { kioskId: number | null; staffId: number | null };

/**
 * Writes one scan log per user (round, team, user, now, who saved it) in one transaction. A user already logged
 * for this round and team is not logged again, so a save that is sent twice (a kiosk that lost the
 * answer to its first try and sent it again) is written once. Returns how many rows were written;
 * when any, the live board is told (the lane's readiness may have turned).
 */
export function saveScanLogs(
  editionId: number,
  roundId: number,
  teamId: number,
  userIds: readonly number[],
  by: SavedBy,
): number {
  const now = new Date(clockNow());
  const written = db().transaction((tx) => {
    let written = 0;
    for (const userId of userIds) {
      const r = tx.run(sql`
        INSERT INTO scan_logs (created_at, round_id, team_id, user_id, kiosk_id, saved_by)
        SELECT ${now.getTime()}, ${roundId}, ${teamId}, ${userId}, ${by.kioskId}, ${by.staffId}
        WHERE NOT EXISTS (
          SELECT 1 FROM scan_logs WHERE round_id = ${roundId} AND team_id = ${teamId} AND user_id = ${userId}
        ) AND EXISTS (SELECT 1 FROM rounds WHERE id = ${roundId} AND edition_id = ${editionId})
      `);
      written += r.changes;
    }
    return written;
  });
  // The lane's readiness changed (issue 28): the board hears of it at once, not at its next poll.
  if (written > 0) notifyScoreboard(roundId);
  return written;
}

export type ScanProfile = {
  id: number;
  name: string;
  yob: number | null;
  gender: ScanPerson["gender"];
  role: ScanPerson["role"];
  image: string | null;
  associationName: string | null;
  teams: { eventName: string; teamName: string }[];
};

/** A user as the scanning profile shows them, with their event teams (live events of the edition)
 * sorted by event name, then team name. */
export function scanProfile(editionId: number, userId: number): ScanProfile | undefined {
  const user = db().get<Omit<ScanProfile, "teams"> & { validImage: number }>(sql`
    SELECT u.id, u.name, u.yob, u.gender, u.role, u.image, u.valid_image AS validImage,
      a.name AS associationName
    FROM users u LEFT JOIN associations a ON a.id = u.association_id
    WHERE u.id = ${userId}
  `);
  if (!user) return undefined;
  const teams = db().all<{ eventName: string; teamName: string }>(sql`
    SELECT e.name AS eventName, t.name AS teamName
    FROM team_members tm
    JOIN teams t ON t.id = tm.team_id
    JOIN events e ON e.id = t.event_id AND e.deleted = 0 AND e.edition_id = ${editionId}
    WHERE tm.user_id = ${userId}
    ORDER BY e.name, t.name
  `);
  const { validImage, ...rest } = user;
  return { ...rest, image: approvedImage(user.image, validImage), teams };
}

// --- Scan Logs (/scan-log, ADMIN) -----------------------------------------------------------------

export type Option = { id: number; name: string };

/** The edition's live events, by name: the first select of /scan-log. */
export function scanLogEvents(editionId: number): Option[] {
  return db().all<Option>(
    sql`SELECT id, name FROM events WHERE deleted = 0 AND edition_id = ${editionId} ORDER BY name`,
  );
}

/** A live event's rounds (of the edition), by name: the second select. */
export function scanLogRounds(editionId: number, eventId: number): Option[] {
  return db().all<Option>(sql`
    SELECT r.id, r.name FROM rounds r JOIN events e ON e.id = r.event_id AND e.deleted = 0
    WHERE r.event_id = ${eventId} AND r.edition_id = ${editionId} ORDER BY r.name, r.id
  `);
}

export type ScanLogRow = {
  id: number;
  createdAt: number;
  teamName: string;
  userName: string;
  userId: number;
  /** The enrolled kiosk that saved it, or null. */
  kioskName: string | null;
  /** The staff member logged in on the device that saved it, or null. */
  staffName: string | null;
};

/** One round's scan logs (a round of the edition; none otherwise), newest first (`dir` asc: oldest
 * first), paged in SQL (null: every row). */
export function listScanLogs(
  editionId: number,
  roundId: number,
  dir: "asc" | "desc",
  page: { limit: number; offset: number } | null,
): { rows: ScanLogRow[]; total: number } {
  const order = dir === "asc" ? sql`s.created_at ASC, s.id ASC` : sql`s.created_at DESC, s.id DESC`;
  const limit = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  const rows = db().all<ScanLogRow>(sql`
    SELECT s.id, s.created_at AS createdAt, t.name AS teamName, u.name AS userName, u.id AS userId,
      k.name AS kioskName, st.name AS staffName
    FROM scan_logs s
    JOIN teams t ON t.id = s.team_id
    JOIN users u ON u.id = s.user_id
    LEFT JOIN kiosks k ON k.id = s.kiosk_id
    LEFT JOIN users st ON st.id = s.saved_by
    JOIN rounds r ON r.id = s.round_id AND r.edition_id = ${editionId}
    WHERE s.round_id = ${roundId}
    ORDER BY ${order}
    ${limit}
  `);
  const total =
    db().get<{ n: number }>(
      sql`SELECT count(*) AS n FROM scan_logs s JOIN rounds r ON r.id = s.round_id AND r.edition_id = ${editionId}
        WHERE s.round_id = ${roundId}`,
    )?.n ?? 0;
  return { rows, total };
}

/** A scan log row as given, no scoreboard notice (the test factories; kiosks use saveScanLogs).
 * @testOnly test factories only: no scoreboard notice. */
export function insertScanLog(
  values: typeof schema.scanLogs.$inferInsert,
): typeof schema.scanLogs.$inferSelect {
  return db().insert(schema.scanLogs).values(values).returning().get();
}

/** Scan log rows as given (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertScanLogs(rows: (typeof schema.scanLogs.$inferInsert)[]): void {
  insertRows(schema.scanLogs, rows);
}
