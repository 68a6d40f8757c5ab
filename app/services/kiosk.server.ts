// The entrance kiosk's server half (issue 10): every no-JS scan POST, every Save (with or without
// JavaScript) and every browser check of a code not in its roster go through here. Nothing the
// browser sends is trusted: the history comes back as the raw scanned codes, and each time they are
// read again (signatures checked when 'Require signed crew tags' is on), looked up, and replayed
// through the rules (rules/scan-history.ts) against the team's roster as it is now. Only a kiosk
// device gets here (services/kiosk-device.server.ts: staff logged in, or an enrolled device; issue 18),
// and a save records which (models/scan.server.ts SavedBy).
import { crewTagVersion, getSettings } from "~/models/settings.server";
import {
  type KioskTeam,
  kioskTeam,
  rolesOf,
  rosterOf,
  type SavedBy,
  saveScanLogs,
} from "~/models/scan.server";
import {
  type Entry,
  femaleShort,
  HISTORY_MAX,
  isParticipant,
  type Lookup,
  replay,
  type ScanOutcome,
  type ScanPerson,
  scanInto,
} from "~/rules/scan-history";
import { untilDataChanges } from "~/lib/data-version.server";
import { checkScanCode } from "~/lib/scan-code.server";

export type KioskContext = KioskTeam & {
  editionId: number;
  roster: Map<number, ScanPerson>;
  requireSigned: boolean;
  /** The crew tag version now: a tag of an earlier one is voided (ADR 0025). */
  tagVersion: number;
};

/** A team racing in a round of the edition (the kiosk's: the open one), its roster and the
 * edition's signed-tags setting and crew tag version (a tag of an earlier edition carries an earlier
 * version: voided); undefined when the team does not race in that round (or the round or event is
 * gone, or of another edition). Kept until the database changes (lib/data-version.server.ts): a
 * kiosk scans one team again and again, and each no-JS scan reads it twice (the action, then the
 * page's loader). Read-only: never change what it returns. */
export const kioskContext: (editionId: number, roundId: number, teamId: number) => KioskContext | undefined =
  untilDataChanges(
    (editionId: number, roundId: number, teamId: number) => {
      const team = kioskTeam(editionId, roundId, teamId);
      if (!team) return undefined;
      return {
        ...team,
        editionId,
        roster: new Map(rosterOf(editionId, teamId).map((p) => [p.id, p])),
        requireSigned: getSettings(editionId).requireSignedTags,
        tagVersion: crewTagVersion(editionId),
      };
    },
    (editionId, roundId, teamId) => `${editionId}:${roundId}:${teamId}`,
    64,
  );

/** A positive id from a form field or query parameter, or null (a URL's `:id` is lib/params.server idParam). */
export function positiveId(raw: FormDataEntryValue | string | null | undefined): number | null {
  return typeof raw === "string" && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** The history a browser sent back (field `h`, in scan order). More than HISTORY_MAX codes, or a
 * code longer than any scan code, is a forged request: 400. */
export function historyCodes(form: FormData): string[] {
  const raw = form.getAll("h");
  if (raw.length > HISTORY_MAX) throw new Response("Bad Request", { status: 400 });
  return raw.map((v) => {
    if (typeof v !== "string" || v.length > 64) throw new Response("Bad Request", { status: 400 });
    return v.trim();
  });
}

/** Looks up every code at once (one query for the users who are not in the team). */
function lookupOf(ctx: KioskContext, codes: readonly string[]): (code: string) => Lookup {
  const verdicts = new Map(codes.map((c) => [c, checkScanCode(c, ctx.requireSigned, ctx.tagVersion)]));
  const ids = new Map(
    [...verdicts].map(([c, v]): [string, number | null] => [c, v.kind === "ok" ? v.userId : null]),
  );
  const outsiders = [...new Set([...ids.values()])].filter(
    (id): id is number => id !== null && !ctx.roster.has(id),
  );
  const roles = rolesOf(outsiders);
  return (code) => {
    if (verdicts.get(code)?.kind === "voided") return { kind: "voided" };
    const id = ids.get(code) ?? null;
    if (id === null) return { kind: "invalid" };
    const person = ctx.roster.get(id);
    if (person) return { kind: "member", person };
    const role = roles.get(id);
    return role ? { kind: "outsider", participant: isParticipant(role) } : { kind: "unknown" };
  };
}

/** The code as the history keeps it (trimmed). */
const canonical = (text: string) => text.trim();

/** One scan (a no-JS POST): the returned history re-checked, then the new code against it. */
export function scan(
  ctx: KioskContext,
  codes: readonly string[],
  text: string,
): { history: Entry[]; dropped: { code: string; outcome: ScanOutcome }[]; outcome: ScanOutcome } {
  const code = canonical(text);
  const lookup = lookupOf(ctx, [...codes, code]);
  const { history, dropped } = replay(codes, lookup, ctx.limits);
  const outcome = scanInto(
    history.map((e) => e.person),
    lookup(code),
    ctx.limits,
  );
  if (outcome.kind === "added") history.push({ code, person: outcome.person });
  return { history, dropped, outcome };
}

/** The returned history re-checked (no new scan). */
export function recheck(ctx: KioskContext, codes: readonly string[]) {
  return replay(codes, lookupOf(ctx, codes), ctx.limits);
}

/** What the browser's check of one code learns (the JS kiosk asks for codes not in its roster, and
 * for signed codes, whose signature only the server can check). */
export function lookupOne(ctx: KioskContext, text: string): Lookup {
  const code = canonical(text);
  return lookupOf(ctx, [code])(code);
}

export type SaveResult =
  | { kind: "saved"; written: number; history: Entry[]; dropped: { code: string; outcome: ScanOutcome }[] }
  | { kind: "confirm"; history: Entry[]; dropped: { code: string; outcome: ScanOutcome }[] }
  | { kind: "empty"; dropped: { code: string; outcome: ScanOutcome }[] };

/**
 * Save: the history re-checked; what no longer passes is dropped (and reported), the rest written
 * as scan logs in one transaction. Fewer females than the event's minimum first asks the spec's
 * question unless `confirmed`. Reads and the write run in one synchronous stretch on the process's
 * one connection, so nothing changes in between.
 */
export function save(
  ctx: KioskContext,
  codes: readonly string[],
  confirmed: boolean,
  by: SavedBy,
): SaveResult {
  const { history, dropped } = recheck(ctx, codes);
  if (history.length === 0) return { kind: "empty", dropped };
  const people = history.map((e) => e.person);
  if (!confirmed && femaleShort(people, ctx.limits)) return { kind: "confirm", history, dropped };
  const written = saveScanLogs(
    ctx.editionId,
    ctx.round.id,
    ctx.team.teamId,
    people.map((p) => p.id),
    by,
  );
  return { kind: "saved", written, history, dropped };
}
