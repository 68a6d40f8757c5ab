// Event entries and the waitlist (issue 9), pure: what a buy request asks for, how many entries
// are left, what the waitlist offers when slots free up, and the event teams' names.
// The model (models/entries.server.ts) runs these inside one immediate SQLite transaction.
// Sentences come from the bundle a caller passes (the request's language); English by default.
import type { Locale } from "../../db/enums";
import { type Bundle, EN } from "~/i18n/en";
import { formatDateTime } from "./format";

/** Teams one club may buy of one event in one order (a club fields a handful, not dozens). */
export const MAX_TEAMS_PER_ORDER = 20;
/** How long a waitlist offer holds its slots. */
export const HOLD_HOURS = 48;

export type EntryRequest = { eventId: number; teams: number };

/**
 * The buy form: parallel `event` and `teams` fields (one pair per listed event). Rows asking for 0
 * teams are dropped; a repeated event is summed. An error message when a count is not a whole
 * number in range or nothing was asked for; null ids (not digits) make the form unreadable.
 */
export function parseEntryRequest(
  eventIds: string[],
  teams: string[],
  MSG: Bundle["MSG"] = EN.MSG,
): { requests: EntryRequest[] } | { error: string } | null {
  if (eventIds.length !== teams.length || eventIds.length > 200) return null;
  const byEvent = new Map<number, number>();
  for (let i = 0; i < eventIds.length; i++) {
    if (!/^\d{1,9}$/.test(eventIds[i])) return null;
    const text = teams[i].trim();
    if (text === "") continue;
    if (!/^\d{1,3}$/.test(text) || Number(text) > MAX_TEAMS_PER_ORDER)
      return { error: MSG.entriesTooMany(MAX_TEAMS_PER_ORDER) };
    const n = Number(text);
    if (n === 0) continue;
    const id = Number(eventIds[i]);
    const sum = (byEvent.get(id) ?? 0) + n;
    if (sum > MAX_TEAMS_PER_ORDER) return { error: MSG.entriesTooMany(MAX_TEAMS_PER_ORDER) };
    byEvent.set(id, sum);
  }
  if (byEvent.size === 0) return { error: MSG.entriesNoneSelected };
  return { requests: [...byEvent].map(([eventId, n]) => ({ eventId, teams: n })) };
}

/**
 * Entries left for a buyer: maxTeam less the paid teams, the teams held by Processing orders and
 * the slots held for other clubs by waitlist offers (never below 0: a payment that arrives after
 * its order was cancelled is honoured even when it oversells).
 */
export function entriesLeft(e: {
  maxTeam: number;
  paidTeams: number;
  processing: number;
  heldForOthers: number;
}) {
  return Math.max(0, e.maxTeam - e.paidTeams - e.processing - e.heldForOthers);
}

export type Waiting = { id: number; teams: number };

/**
 * Freed slots go to the waitlist in the order it was joined: each waiting club, earliest first, is
 * offered as many of its teams as are free, until none are.
 */
export function offersFor(waiting: Waiting[], free: number): { id: number; held: number }[] {
  const offers: { id: number; held: number }[] = [];
  let left = free;
  for (const w of waiting) {
    if (left <= 0) break;
    const held = Math.min(w.teams, left);
    offers.push({ id: w.id, held });
    left -= held;
  }
  return offers;
}

/** 0 -> A, 25 -> Z, 26 -> AA, 27 -> AB ... (spreadsheet column letters). */
export function teamLetter(index: number): string {
  let n = index;
  let out = "";
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/** `count` new event team names for a club: its name upper-cased with the next free letters
 * (PENANG DRAGON WARRIORS A, ... B), skipping names the club already has in the event. */
export function nextTeamNames(clubName: string, existing: string[], count: number): string[] {
  const base = clubName.trim().replace(/\s+/g, " ").toUpperCase();
  const taken = new Set(existing.map((n) => n.toUpperCase()));
  const names: string[] = [];
  for (let i = 0; names.length < count; i++) {
    const name = `${base} ${teamLetter(i)}`;
    if (!taken.has(name)) names.push(name);
  }
  return names;
}

/** The failure codes (rules/failure.ts) the checkout and the waitlist share (overCap, with its
 * numbers, is the checkout's own; notFull and already the waitlist's). */
export type EntriesRefusal = "closed" | "noClub" | "gone" | "notFull" | "already";

/** The sentence for a refusal's code in the language of `t` and `locale`; `closeAt` is the entries
 * deadline (when closed). */
export function entriesRefusalText(
  code: EntriesRefusal,
  closeAt: number | null,
  now = Date.now(),
  { MSG }: Bundle = EN,
  locale: Locale = "en",
): string {
  switch (code) {
    case "closed":
      return MSG.entriesClosed(formatDateTime(closeAt ?? now, locale));
    case "noClub":
      return MSG.entriesNoClub;
    case "gone":
      return MSG.entriesEventGone;
    case "notFull":
      return MSG.waitlistNotFull;
    case "already":
      return MSG.waitlistAlready;
  }
}
