// Start lists out to the timing system (issue 20, section 3): FinishLynx's lynx.evt, lynx.sch and
// lynx.ppl as text. Pure; the routes read the rows (app/models/lynx.server.ts) and answer the file.
// Layouts: /work/shared/reference/race-timing.md. Every line ends with CRLF (the photo-finish PC
// runs Windows). A field holding a comma or a double quote is quoted, its quotes doubled
// ("Jones, Jr."); a line break inside a field would split the line, so it becomes a space.
// FinishLynx reads the race number as the event number, with round 1 and heat 1: each round of
// the regatta is one heat with a number of its own.

export type EvtRound = { raceNumber: number; eventName: string; roundName: string };
export type EvtLane = { teamId: number; lane: string; teamName: string; club: string };
export type PplTeam = { teamId: number; teamName: string; club: string };

const CRLF = "\r\n";

/** One field as FinishLynx reads it. */
export function lynxField(value: string | number): string {
  const text = String(value).replace(/\r\n|[\r\n]/g, " ");
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated. */
export function lynxLine(fields: readonly (string | number)[]): string {
  return fields.map(lynxField).join(",") + CRLF;
}

/** Lanes in lane order: numbers by value ("2" before "10"), anything else after, by text. */
export function compareLanes(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : Number.NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : Number.NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * lynx.evt for one round: the event line `race number,1,1,EVENT ROUND`, then per lane in lane
 * order `,team id,lane,team name,,club` (the team's name in FinishLynx's last-name column, the
 * first name empty, the club as the affiliation).
 */
export function evtFile(round: EvtRound, lanes: readonly EvtLane[]): string {
  let out = lynxLine([round.raceNumber, 1, 1, `${round.eventName} ${round.roundName}`]);
  for (const l of [...lanes].sort((a, b) => compareLanes(a.lane, b.lane))) {
    out += lynxLine(["", l.teamId, l.lane, l.teamName, "", l.club]);
  }
  return out;
}

/** The comment lines of lynx.sch (the caller's language; `;` starts each). */
export type SchComments = { regatta: string; exported: string };

/** lynx.sch: two `;` comment lines, then `race number,1,1` per scheduled race, by race number. */
export function schFile(comments: SchComments, raceNumbers: readonly number[]): string {
  let out = `; ${comments.regatta.replace(/\r\n|[\r\n]/g, " ")}${CRLF}; ${comments.exported}${CRLF}`;
  for (const n of [...new Set(raceNumbers)].sort((a, b) => a - b)) out += lynxLine([n, 1, 1]);
  return out;
}

/** lynx.ppl: `team id,team name,,club` per team, by team id, each team once. */
export function pplFile(teams: readonly PplTeam[]): string {
  const byId = new Map<number, PplTeam>();
  for (const t of teams) if (!byId.has(t.teamId)) byId.set(t.teamId, t);
  let out = "";
  for (const t of [...byId.values()].sort((a, b) => a.teamId - b.teamId)) {
    out += lynxLine([t.teamId, t.teamName, "", t.club]);
  }
  return out;
}

/** The headers of a FinishLynx file download: plain UTF-8 text, saved as `filename`, never cached. */
export function lynxHeaders(filename: string): Record<string, string> {
  return {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  };
}
