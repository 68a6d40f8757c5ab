// The regatta's own numbers (beyond the spec; ADMIN on /settings): one row per edition, its id the
// edition's id (issue 21; the caller names the edition), kept until the database changes
// (lib/data-version.server.ts: exact, across processes and LiteFS replicas too; a page reads them
// several times, and building the query was most of its cost). Until an admin first saves, the
// defaults of rules/settings-schema.ts apply.
// Every price the app shows or charges comes from getSettings(); the server computes totals.
import { and, eq, sql } from "drizzle-orm";
import { settingsOverrides, now as clockNow } from "~/lib/clock.server";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { TAG_VERSION_MAX } from "~/rules/scan-code";
import { defaultSettings, type Settings } from "~/rules/settings-schema";
import { type Actor, audit } from "./audit.server";

export type { Settings } from "~/rules/settings-schema";

export const SETTINGS_AUDIT = { updated: "settings.updated", crewTagsRotated: "crew_tags.rotated" } as const;

const s = schema.settings;

type Reader = Pick<ReturnType<typeof db>, "select">;

function read(handle: Reader, editionId: number): Settings {
  const row = handle
    .select({
      crewTagFeeSen: s.crewTagFeeSen,
      ticketPriceSen: s.ticketPriceSen,
      ticketDescription: s.ticketDescription,
      regattaName: s.regattaName,
      regattaYear: s.regattaYear,
      paymentDueHours: s.paymentDueHours,
      entriesCloseAt: s.entriesCloseAt,
      crewCloseAt: s.crewCloseAt,
      requireSignedTags: s.requireSignedTags,
      protestMinutes: s.protestMinutes,
      onWaterAlertMinutes: s.onWaterAlertMinutes,
      crewChangeCutoffMinutes: s.crewChangeCutoffMinutes,
      callMinutes: s.callMinutes,
      pointsScheme: s.pointsScheme,
      pointsCustom: s.pointsCustom,
      pointsFinalsOnly: s.pointsFinalsOnly,
    })
    .from(s)
    .where(eq(s.id, editionId))
    .get();
  if (!row) return defaultSettings();
  return {
    ...row,
    entriesCloseAt: row.entriesCloseAt?.getTime() ?? null,
    crewCloseAt: row.crewCloseAt?.getTime() ?? null,
  };
}

const savedSettings = untilDataChanges(
  (editionId: number) => read(db(), editionId),
  (editionId) => String(editionId),
);

/** `{ crewTagFeeSen, ticketPriceSen, ticketDescription, regattaName, regattaYear, paymentDueHours }`
 * as saved (money in sen), or the defaults; on the e2e server, with the request's test overrides
 * (lib/clock.server.ts: X-Test-Settings; never in production). */
export function getSettings(editionId: number): Settings {
  const saved = { ...savedSettings(editionId) };
  const overrides = settingsOverrides();
  if (!overrides) return saved;
  const { crewTagVersion: _, ...settings } = overrides;
  return { ...saved, ...settings };
}

/** The settings of an event's edition (a model holding an event or a team names its edition this
 * way: its event's), with the same test overrides as getSettings. An unknown event: the defaults. */
export function settingsOfEvent(eventId: number): Settings {
  return getSettings(editionOfRow(sql`SELECT edition_id AS id FROM events WHERE id = ${eventId}`));
}

/** The edition id a one-row query names (0, which has no settings row, when none). */
const editionOfRow = (query: ReturnType<typeof sql>): number =>
  db().get<{ id: number | null }>(query)?.id ?? 0;

/**
 * Saves the settings and records the changed values, old and new, in the audit log
 * (`settings.updated`), in one transaction. Nothing changed: nothing written. Returns the keys that
 * changed.
 */
export function updateSettings(actor: Actor, next: Settings, editionId: number): (keyof Settings)[] {
  return db().transaction(
    (tx) => {
      const before = read(tx, editionId);
      const changed = (Object.keys(next) as (keyof Settings)[]).filter((k) => before[k] !== next[k]);
      if (changed.length === 0) return [];
      const row = {
        ...next,
        entriesCloseAt: next.entriesCloseAt === null ? null : new Date(next.entriesCloseAt),
        crewCloseAt: next.crewCloseAt === null ? null : new Date(next.crewCloseAt),
      };
      tx.insert(s)
        .values({ id: editionId, ...row })
        .onConflictDoUpdate({ target: s.id, set: { ...row, updatedAt: new Date(clockNow()) } })
        .run();
      audit(tx, actor, {
        action: SETTINGS_AUDIT.updated,
        targetType: "settings",
        targetId: null,
        details: {
          old: Object.fromEntries(changed.map((k) => [k, before[k]])),
          new: Object.fromEntries(changed.map((k) => [k, next[k]])),
        },
        editionId,
      });
      return changed;
    },
    { behavior: "immediate" },
  );
}

/** The version crew tags are signed with now (1 until ADMIN first voids the printed tags). */
/** The two settings a pontoon scan reads, as stored (services/pontoon.server.ts applies a test's
 * overrides): one primary-key lookup in plain SQL, cheaper than the whole row through the query
 * builder. Undefined without a settings row. */
export function tagRulesRow(editionId: number): { requireSigned: number; version: number } | undefined {
  return db().get<{ requireSigned: number; version: number }>(
    sql`SELECT require_signed_tags AS requireSigned, crew_tag_version AS version FROM settings WHERE id = ${editionId}`,
  );
}

export function crewTagVersion(editionId: number): number {
  const pinned = settingsOverrides()?.crewTagVersion;
  if (pinned !== undefined) return pinned;
  return db().select({ v: s.crewTagVersion }).from(s).where(eq(s.id, editionId)).get()?.v ?? 1;
}

export type RotateResult = { kind: "rotated"; from: number; to: number } | { kind: "exhausted" };

/**
 * Voids every printed crew tag (docs/decisions/0025-crew-tag-versions.md): the version moves on by
 * one, so tags signed with an earlier one are refused at the kiosk from now on and the crew tag
 * PDFs print new codes. Audited (`crew_tags.rotated`, from and to) in the same transaction. Before
 * the first Settings save the row is written with the defaults. At TAG_VERSION_MAX (a code must
 * fit its QR code) nothing changes.
 */
export function rotateCrewTags(actor: Actor, editionId: number): RotateResult {
  return db().transaction(
    (tx) => {
      const from = tx.select({ v: s.crewTagVersion }).from(s).where(eq(s.id, editionId)).get()?.v ?? 1;
      if (from >= TAG_VERSION_MAX) return { kind: "exhausted" } as const;
      const to = from + 1;
      const d = read(tx, editionId);
      tx.insert(s)
        .values({
          id: editionId,
          ...d,
          entriesCloseAt: d.entriesCloseAt === null ? null : new Date(d.entriesCloseAt),
          crewCloseAt: d.crewCloseAt === null ? null : new Date(d.crewCloseAt),
          crewTagVersion: to,
        })
        .onConflictDoUpdate({ target: s.id, set: { crewTagVersion: to, updatedAt: new Date(clockNow()) } })
        .run();
      audit(tx, actor, {
        action: SETTINGS_AUDIT.crewTagsRotated,
        targetType: "settings",
        targetId: null,
        details: { from, to },
        editionId,
      });
      return { kind: "rotated", from, to } as const;
    },
    { behavior: "immediate" },
  );
}

/** Puts the ticket description of an edition's settings row back to `to`, only while it is still
 * `from` (a test undoing its own save; staff use updateSettings). Whether it changed.
 * @testOnly test factories only: no audit entry. */
export function restoreTicketDescription(editionId: number, from: string, to: string): boolean {
  return (
    db()
      .update(s)
      .set({ ticketDescription: to })
      .where(and(eq(s.id, editionId), eq(s.ticketDescription, from)))
      .run().changes > 0
  );
}

/** A settings row as given; with `onConflict`, when the edition has one already, only those columns
 * of it (the seeds; no audit entry, no rule checked; staff use updateSettings).
 * @testOnly seeds only: no audit entry, no rule checked. */
export function putSettingsRow(
  values: typeof s.$inferInsert,
  onConflict?: Partial<typeof s.$inferInsert>,
): void {
  const insert = db().insert(s).values(values);
  if (onConflict) insert.onConflictDoUpdate({ target: s.id, set: onConflict }).run();
  else insert.run();
}

/** Sets an edition's settings columns as given, nothing else (the seeds; no audit entry, no rule
 * checked; staff use updateSettings).
 * @testOnly seeds only: no audit entry, no rule checked. */
export function setSettingsColumns(editionId: number, values: Partial<typeof s.$inferInsert>): void {
  db().update(s).set(values).where(eq(s.id, editionId)).run();
}
