// Crew tag settings (issue 18; docs/decisions/0025-crew-tag-versions.md) against real SQLite files:
// a new installation requires signed crew tags; an existing one that never saved its Settings keeps
// running as before the upgrade (not required), one that did keeps its stored value; the Settings
// form never touches the crew tag version; voiding the printed tags moves the version on, audited,
// so the tags printed before are voided at the kiosk and the new ones work.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, openDb, schema } from "~/lib/db.server";
import { checkScanCode, readScanCode, signedCode } from "~/lib/scan-code.server";
import { listAudit } from "~/models/audit.server";
import { crewTagVersion, getSettings, rotateCrewTags, updateSettings } from "~/models/settings.server";
import { defaultSettings } from "~/rules/settings-schema";

let admin = { id: 0, name: "TAG ADMIN", email: "tag.admin@example.test" };

beforeAll(() => {
  const a = db()
    .insert(schema.users)
    .values({ email: admin.email, hash: "x", name: admin.name, role: "ADMIN", verified: true })
    .returning()
    .get();
  admin = { id: a.id, name: a.name, email: a.email };
});

const MIGRATIONS = path.resolve("db/migrations");
const scratch = path.resolve("tests/.tmp/unit", `crew-tag-settings-${process.pid}`);

/** A copy of the migrations without 0014 (the database as it was before this change). */
function migrationsBefore0014(): string {
  const dir = path.join(scratch, "migrations-before");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  // Every migration from 0014 on is still to come (the migrator applies only those newer than the
  // last one applied, so a later one left in would make it skip 0014).
  journal.entries = journal.entries.filter((e: { tag: string }) => Number(e.tag.slice(0, 4)) < 14);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Row = { require_signed_tags: number; crew_tag_version: number; regatta_name: string };
const settingsRows = (d: ReturnType<typeof openDb>) =>
  d.$client.prepare("SELECT * FROM settings").all() as Row[];

describe("'Require signed crew tags' for a new and an existing installation", () => {
  it("is on for a new installation (no settings row: the defaults)", () => {
    expect(defaultSettings().requireSignedTags).toBe(true);
    expect(db().select().from(schema.settings).all()).toHaveLength(0);
    expect(getSettings(1).requireSignedTags).toBe(true);
    expect(crewTagVersion(1)).toBe(1);
    // A plain `#id` is refused, the printed code taken.
    expect(readScanCode("#5", getSettings(1).requireSignedTags, crewTagVersion(1))).toBeNull();
    expect(
      readScanCode(signedCode(5, crewTagVersion(1)), getSettings(1).requireSignedTags, crewTagVersion(1)),
    ).toBe(5);
  });

  it("a row written without naming the column (SQL default) is on too", () => {
    const file = path.join(scratch, "fresh.db");
    fs.rmSync(file, { force: true });
    const d = openDb(file, MIGRATIONS);
    expect(settingsRows(d)).toEqual([]); // migrating an empty database writes no settings
    d.$client
      .prepare(
        `INSERT INTO settings (id, crew_tag_fee_sen, ticket_price_sen, ticket_description, regatta_name,
          regatta_year, payment_due_hours) VALUES (1, 3000, 8000, 'd', 'r', 2026, 24)`,
      )
      .run();
    expect(settingsRows(d)[0]).toMatchObject({ require_signed_tags: 1, crew_tag_version: 1 });
    d.$client.close();
  });

  it("an installation that never saved its Settings keeps running with it off; one that saved keeps its value", () => {
    const before = migrationsBefore0014();
    for (const stored of [null, 0, 1] as const) {
      const file = path.join(scratch, `existing-${stored}.db`);
      fs.rmSync(file, { force: true });
      const old = openDb(file, before);
      old.$client
        .prepare("INSERT INTO users (email, hash, name, role) VALUES ('a@x.test', 'x', 'A', 'ADMIN')")
        .run();
      if (stored !== null)
        old.$client
          .prepare(
            `INSERT INTO settings (id, crew_tag_fee_sen, ticket_price_sen, ticket_description, regatta_name,
              regatta_year, payment_due_hours, require_signed_tags) VALUES (1, 4200, 8000, 'd', 'Mine', 2026, 24, ?)`,
          )
          .run(stored);
      old.$client.close();

      const upgraded = openDb(file, MIGRATIONS);
      const rows = settingsRows(upgraded);
      expect(rows, `stored ${stored}`).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        require_signed_tags: stored ?? 0,
        crew_tag_version: 1,
        regatta_name: stored === null ? defaultSettings().regattaName : "Mine",
      });
      upgraded.$client.close();
    }
  });
});

describe("voiding the printed crew tags", () => {
  it("moves the version on, audited; earlier tags are voided, the new ones work; the form keeps it", () => {
    const id = 4242;
    const v1 = signedCode(id, crewTagVersion(1));
    expect(v1).toMatch(/^#4242\.1\./);
    expect(checkScanCode(v1, true, crewTagVersion(1))).toEqual({ kind: "ok", userId: id });

    // Before any Settings save: the row is written with the defaults and version 2.
    expect(rotateCrewTags(admin, 1)).toEqual({ kind: "rotated", from: 1, to: 2 });
    expect(crewTagVersion(1)).toBe(2);
    expect(getSettings(1)).toEqual(defaultSettings());
    const v2 = signedCode(id, crewTagVersion(1));
    expect(v2).toMatch(/^#4242\.2\./);
    for (const required of [true, false]) {
      expect(checkScanCode(v1, required, crewTagVersion(1))).toEqual({ kind: "voided", userId: id });
      expect(checkScanCode(v2, required, crewTagVersion(1))).toEqual({ kind: "ok", userId: id });
    }

    const entries = listAudit({ action: "crew_tags.rotated" }, { sort: "createdAt", dir: "desc" }, null).rows;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: "settings" });
    expect(JSON.parse(entries[0].details)).toEqual({ from: 1, to: 2 });

    // A Settings save leaves the version alone.
    updateSettings(admin, { ...defaultSettings(), requireSignedTags: false, crewTagFeeSen: 3100 }, 1);
    expect(crewTagVersion(1)).toBe(2);
    expect(rotateCrewTags(admin, 1)).toEqual({ kind: "rotated", from: 2, to: 3 });
    expect(getSettings(1)).toMatchObject({ requireSignedTags: false, crewTagFeeSen: 3100 });
    expect(checkScanCode(v2, false, crewTagVersion(1))).toEqual({ kind: "voided", userId: id });
    expect(readScanCode(signedCode(id, crewTagVersion(1)), false, crewTagVersion(1))).toBe(id);
  });

  it("stops at the last version a code can carry (nothing changes)", () => {
    db().update(schema.settings).set({ crewTagVersion: 9999 }).where(eq(schema.settings.id, 1)).run();
    const audits = listAudit({ action: "crew_tags.rotated" }, { sort: "createdAt", dir: "desc" }, null).total;
    expect(rotateCrewTags(admin, 1)).toEqual({ kind: "exhausted" });
    expect(crewTagVersion(1)).toBe(9999);
    expect(listAudit({ action: "crew_tags.rotated" }, { sort: "createdAt", dir: "desc" }, null).total).toBe(
      audits,
    );
  });
});
