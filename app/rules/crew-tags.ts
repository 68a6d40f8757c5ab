// Crew tags (beyond the spec, issue 10): the printable cards of an association's paid members.
// Pure: how many members a PDF holds, which part of the list a `?part=` asks for, and the text
// a card prints (name in upper case, the event and team lines, cut to what fits on a card).
// The PDF itself is services/crew-tags.server.ts; the members come from models/crew-tags.server.ts.
import { compareText } from "./compare";

/** The most cards one PDF holds: 63 A4 pages, about 8 MB and a few seconds of work. A club with
 * more paid members downloads its tags in parts (`?part=2` is members 501 to 1000 by name). */
export const CREW_TAGS_PER_PDF = 500;

/** Cards per A4 page: 2 across, 4 down. */
export const CARDS_ACROSS = 2;
export const CARDS_DOWN = 4;
export const CARDS_PER_PAGE = CARDS_ACROSS * CARDS_DOWN;

/** Event lines printed on a card at most; more are summed up as '+n more'. */
export const MAX_ENTRY_LINES = 4;
/** Characters of a name printed on a card (two lines at the card's type size). */
export const MAX_NAME_CHARS = 48;
/** Characters of an event or team name printed on a card. */
export const MAX_ENTRY_CHARS = 40;
/** Characters of the regatta's and the club's names on a card (one line each). */
export const MAX_LINE_CHARS = 52;

// Not spec sentences (crew tags are beyond the spec); kept here until messages.ts takes them (the
// PDF's toasts and card words already did: LABELS.crewTags*, LABELS.tag*).
export const CREW_TAG_MSG = {
  downloadLabel: "Download Crew Tags",
  /** The link of one part when a club has more paid members than one PDF holds. */
  partLabel: (from: number, to: number) => `Download Crew Tags (${from}-${to})`,
  partsHint: (total: number) =>
    `${total} paid members: crew tags come in parts of ${CREW_TAGS_PER_PDF} members (by name).`,
} as const;

/** How many PDFs the crew tags of `total` members take (0 for none). */
export function partCount(total: number): number {
  return Math.ceil(Math.max(0, total) / CREW_TAGS_PER_PDF);
}

/** `?part=`: absent or empty is part 1; 1-4 digits is that part; anything else is null (404). */
export function parsePart(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === "") return 1;
  if (!/^\d{1,4}$/.test(raw)) return null;
  const part = Number(raw);
  return part >= 1 ? part : null;
}

/** The rows of a part (1-based) of a list of `total` members, or null when there is no such part. */
export function partRange(part: number, total: number): { offset: number; limit: number } | null {
  if (!Number.isInteger(part) || part < 1 || part > partCount(total)) return null;
  return { offset: (part - 1) * CREW_TAGS_PER_PDF, limit: CREW_TAGS_PER_PDF };
}

/** The members a part holds, 1-based and inclusive, for its link's label. */
export function partSpan(part: number, total: number): { from: number; to: number } {
  const from = (part - 1) * CREW_TAGS_PER_PDF + 1;
  return { from, to: Math.min(total, part * CREW_TAGS_PER_PDF) };
}

/** Spaces collapsed, cut to `max` characters with an ellipsis. */
export function cut(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/** The name as printed: upper case, spaces collapsed, cut to MAX_NAME_CHARS (the email when a
 * member has no name yet). */
export function tagName(name: string, email: string): string {
  return cut(name.trim() || email, MAX_NAME_CHARS).toUpperCase();
}

export type TagEntry = { event: string; team: string };

/** A team as a card prints it: a club's teams are named after the club (PENANG DRAGON WARRIORS A,
 * rules/entries.ts) and the card already prints the club, so such a team is 'TEAM A'; any other
 * name is printed as it is. */
export function teamLabel(team: string, association: string): string {
  const base = association.trim().replace(/\s+/g, " ").toUpperCase();
  const name = team.trim().replace(/\s+/g, " ");
  const rest = name.toUpperCase().startsWith(`${base} `) ? name.slice(base.length + 1) : "";
  return /^[A-Z]{1,3}$/.test(rest) ? `TEAM ${rest}` : cut(name, MAX_ENTRY_CHARS);
}

/**
 * The event lines of a card, by event then team name, as many as fit in `maxLines` lines of about
 * `charsPerLine` characters (the PDF's column, estimated on the wide side), at most
 * MAX_ENTRY_LINES; `more` counts the entries left out (the card then says '+n more', which takes
 * a line of its own).
 */
export function fitEntries(
  entries: TagEntry[],
  association: string,
  room: { maxLines: number; charsPerLine: number },
): { lines: TagEntry[]; more: number } {
  const sorted = [...entries]
    .sort((a, b) => compareText(a.event, b.event) || compareText(a.team, b.team))
    .map((e) => ({ event: cut(e.event, MAX_ENTRY_CHARS), team: teamLabel(e.team, association) }));
  const linesOf = (e: TagEntry) => Math.ceil((e.event.length + 1 + e.team.length) / room.charsPerLine);
  const lines: TagEntry[] = [];
  let used = 0;
  for (const [i, e] of sorted.entries()) {
    const isLast = i === sorted.length - 1;
    const need = linesOf(e) + (isLast ? 0 : 1); // room for '+n more' unless nothing follows
    if (lines.length >= MAX_ENTRY_LINES || used + need > room.maxLines) break;
    lines.push(e);
    used += linesOf(e);
  }
  return { lines, more: sorted.length - lines.length };
}

/** The regatta as a card's first line: its name and year (unless the name already says it). */
export function regattaLine(name: string, year: number): string {
  const n = name.replace(/\s+/g, " ").trim();
  return cut(n.includes(String(year)) ? n : `${n} ${year}`, MAX_LINE_CHARS);
}

/** A file name for a club's tags: `crew-tags-<name>.pdf` (letters and digits of the name, or its id). */
export function crewTagsFileName(association: { id: number; name: string }, part: number, parts: number) {
  const slug =
    association.name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || String(association.id);
  return `crew-tags-${slug}${parts > 1 ? `-part-${part}` : ""}.pdf`;
}
