// The archive sweep of boats out and back (issue 28 part 2): once an edition is archived, the
// pontoon's writes and Mark Back into its boat trips are refused (migration 0023's triggers:
// EDITION_ARCHIVED) and change nothing; through the open edition its lanes and trips are not found.
// Its own database (tests/setup-unit.ts), so archiving here touches no other test.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { isArchivedWrite } from "~/services/edition.server";
import { signedCode } from "~/lib/scan-code.server";
import { markBack, onTheWater, recordTrip } from "~/models/boat-trips.server";
import { createEdition, getEdition, openEdition } from "~/models/edition.server";
import { crewTagVersion } from "~/models/settings.server";
import { pontoonScan } from "~/services/pontoon.server";
import { type RaceDay, raceDay } from "./race-edition-fixture";

const OLD = 1;
let NEW = 0;
let s: RaceDay;
let tripId = 0;
const trips = () => db().all(sql`SELECT * FROM boat_trips ORDER BY id`);

beforeAll(() => {
  s = raceDay(OLD);
  tripId = Number(
    db().run(
      sql`INSERT INTO boat_trips (round_id, team_id, lane, out_at) VALUES (${s.started.id}, ${s.teams[0].id}, '1', ${Date.UTC(2026, 10, 28, 0, 40)})`,
    ).lastInsertRowid,
  );
  const made = createEdition(s.actor, {
    fromId: OLD,
    name: "Regatta 2027",
    year: 2027,
    startsOn: "2027-11-27",
    endsOn: "2027-11-28",
  });
  if (!made.ok) throw new Error("no new edition");
  NEW = made.id;
  expect(openEdition(s.actor, NEW).ok).toBe(true);
  expect(getEdition(OLD)?.state).toBe("ARCHIVED");
});

describe("an archived edition's boats", () => {
  it("refuses Out, Back and Mark Back into its rows, changing nothing", () => {
    const before = trips();
    const writes: [string, () => unknown][] = [
      [
        "out",
        () =>
          recordTrip({ roundId: s.waiting.id, teamId: s.teams[0].id, lane: "1" }, "out", Date.now(), {
            userId: s.members[0].id,
            kioskId: null,
          }),
      ],
      [
        "back",
        () =>
          recordTrip({ roundId: s.started.id, teamId: s.teams[0].id, lane: "1" }, "back", Date.now(), {
            userId: s.members[0].id,
            kioskId: null,
          }),
      ],
      ["markBack", () => markBack(OLD, s.actor, tripId, "Seen ashore")],
    ];
    for (const [name, write] of writes) {
      let error: unknown = null;
      try {
        write();
      } catch (e) {
        error = e;
      }
      expect(isArchivedWrite(error), `${name}: ${String(error)}`).toBe(true);
      expect(trips(), name).toEqual(before);
    }
  });

  it("through the open edition, its lanes and trips are not found: nothing written", () => {
    const before = trips();
    expect(markBack(NEW, s.actor, tripId, "Seen ashore")).toEqual({ ok: false, code: "notFound" });
    expect(onTheWater(NEW)).toEqual([]);
    expect(
      pontoonScan(
        NEW,
        signedCode(s.members[0].id, crewTagVersion(NEW)),
        "back",
        Date.UTC(2026, 10, 28, 1, 30),
        null,
      ).kind,
    ).toBe("notRacing");
    expect(trips()).toEqual(before);
  });
});
