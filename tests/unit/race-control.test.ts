// Race control (issue 20): race numbers on the round forms, and /race-control's actions called
// directly (tests/unit/route-request.ts): Start (ADMIN, COMMITTEE), Schedule (ADMIN only; a clash or
// a forged id refuses everything), notices (post replaces, remove takes down); MANAGER refused;
// every refusal writes nothing. A real SQLite file of this worker.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { listAudit } from "~/models/audit.server";
import { currentNotice } from "~/models/notice.server";
import { createRound, updateRound } from "~/models/round.server";
import { LABELS } from "~/messages";
import { action, loader } from "~/routes/_app.race-control/route";
import { loader as csvLoader } from "~/routes/race-control[.]csv";
import { action as editRound } from "~/routes/_app.rounds.$id.edit";
import { type Caller, callerOf, getRequest, makeUser, ORIGIN, run, writes } from "./route-request";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

const MIN = 60_000;
const T0 = Date.UTC(2027, 0, 9, 0, 0); // 08:00 MYT
let admin: Caller;
let committee: Caller;
let manager: Caller;
let eventId = 0;
const rounds: number[] = [];

function post(caller: Caller, fields: [string, string][]): Request {
  const body = new URLSearchParams(fields);
  body.set("csrf", caller.csrf);
  return new Request(`${ORIGIN}/race-control`, {
    method: "POST",
    headers: { Cookie: caller.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body,
  });
}
const act = (caller: Caller, fields: [string, string][]) => run(action, post(caller, fields));
const round = (id: number) => db().select().from(schema.rounds).where(eq(schema.rounds.id, id)).get();
/** The rows the page's two tables show (the loader writes them as HTML): id and race number. */
type Tables = {
  count?: number;
  scheduled: { serverHtml: string; at?: string } | null;
  unscheduled: { serverHtml: string; at?: string } | null;
};
function rowsOf({ tables }: { tables: Tables }): { id: number; raceNumber: number | null }[] {
  const html = `${tables.scheduled?.serverHtml ?? ""}${tables.unscheduled?.serverHtml ?? ""}`;
  return [...html.matchAll(/<tr><td data-label="(?:Select|Race)">.*?<\/tr>/g)].map(([tr]) => {
    const race = tr.match(/<td data-label="Race">(\d*)<\/td>/)?.[1] ?? "";
    return {
      id: Number(tr.match(/href="\/rounds\/(\d+)\/results"/)?.[1]),
      raceNumber: race ? Number(race) : null,
    };
  });
}
const actor = (c: Caller) => ({ id: c.user?.id ?? 0, name: "T", email: c.user?.email ?? "" });

beforeAll(async () => {
  admin = await callerOf(makeUser("ADMIN"));
  committee = await callerOf(makeUser("COMMITTEE"));
  manager = await callerOf(makeUser("MANAGER"));
  eventId = db().insert(schema.events).values({ name: "RC 500M", description: "" }).returning().get().id;
  for (const name of ["Heat 1", "Heat 2", "Heat 3", "Final"]) {
    const made = createRound(ED, actor(admin), { event: eventId, name, description: "" });
    if (!made.ok) throw new Error(made.code);
    rounds.push(made.id);
  }
});

describe("race numbers on the round forms", () => {
  it("refuses a number another round holds, naming it; audits old and new", () => {
    const [a, b] = rounds;
    expect(
      updateRound(ED, actor(admin), a, { name: "Heat 1", description: "", raceNumber: 801, scheduledAt: T0 }),
    ).toMatchObject({
      ok: true,
    });
    expect(
      updateRound(ED, actor(admin), b, {
        name: "Heat 2",
        description: "",
        raceNumber: 801,
        scheduledAt: null,
      }),
    ).toEqual({
      ok: false,
      code: "raceTaken",
      raceNumber: 801,
      holder: "RC 500M Heat 1",
    });
    expect(
      createRound(ED, actor(admin), { event: eventId, name: "Heat 9", description: "", raceNumber: 801 }),
    ).toMatchObject({
      ok: false,
      code: "raceTaken",
    });
    expect(round(b)?.raceNumber).toBeNull();
    const entry = listAudit({ action: "round.updated" }, { sort: "createdAt", dir: "desc" }, null).rows.find(
      (r) => r.targetId === String(a),
    );
    expect(JSON.parse(entry?.details ?? "{}")).toEqual({
      old: { raceNumber: null, scheduledAt: null },
      new: { raceNumber: 801, scheduledAt: T0 },
    });
    // Back to none, for the tests below.
    updateRound(ED, actor(admin), a, {
      name: "Heat 1",
      description: "",
      raceNumber: null,
      scheduledAt: null,
    });
  });
});

describe("/race-control", () => {
  it("lets ADMIN schedule ticked rounds in the order listed, in one audited transaction", async () => {
    const [a, b, c] = rounds;
    const out = await act(admin, [
      ["intent", "schedule"],
      ["ids", String(c)],
      ["ids", String(a)],
      ["firstNumber", "500"],
      ["firstStart", "2027-01-09T08:00"],
      ["gapMinutes", "6"],
    ]);
    expect(out.status).toBe(302);
    expect(out.toasts).toEqual([LABELS.rcScheduledDone(2)]);
    // Unscheduled ones go in event then round order: Heat 1 before Heat 3.
    expect([round(a)?.raceNumber, round(a)?.scheduledAt?.getTime()]).toEqual([500, T0]);
    expect([round(c)?.raceNumber, round(c)?.scheduledAt?.getTime()]).toEqual([501, T0 + 6 * MIN]);
    expect(round(b)?.raceNumber).toBeNull();
    const entry = listAudit({ action: "rounds.scheduled" }, { sort: "createdAt", dir: "desc" }, null).rows[0];
    expect(JSON.parse(entry.details).rounds).toEqual([
      [a, null, null, 500, T0],
      [c, null, null, 501, T0 + 6 * MIN],
    ]);
  });

  it("refuses everything on a clash, a forged id, bad numbers, and for COMMITTEE", async () => {
    const [a, b, c, d] = rounds;
    const before = writes();
    const clash = await act(admin, [
      ["intent", "schedule"],
      ["ids", String(b)],
      ["ids", String(d)],
      ["firstNumber", "499"],
      ["firstStart", "2027-01-09T07:00"],
      ["gapMinutes", "5"],
    ]);
    expect(clash.status).toBe(409);
    const forged = await act(admin, [
      ["intent", "schedule"],
      ["ids", String(b)],
      ["ids", "999999"],
      ["firstNumber", "700"],
      ["firstStart", "2027-01-09T07:00"],
      ["gapMinutes", "5"],
    ]);
    expect(forged.status).toBe(409);
    for (const [name, value] of [
      ["firstNumber", "0"],
      ["firstStart", "2027-02-30T07:00"],
      ["gapMinutes", "121"],
    ]) {
      const fields: Record<string, string> = {
        firstNumber: "700",
        firstStart: "2027-01-09T07:00",
        gapMinutes: "5",
      };
      fields[name] = value;
      const out = await act(admin, [["intent", "schedule"], ["ids", String(b)], ...Object.entries(fields)]);
      expect(out.status, name).toBe(400);
    }
    const byCommittee = await act(committee, [
      ["intent", "schedule"],
      ["ids", String(b)],
      ["firstNumber", "700"],
      ["firstStart", "2027-01-09T07:00"],
      ["gapMinutes", "5"],
    ]);
    expect(byCommittee.status).toBe(403);
    expect(writes()).toBe(before);
    expect([round(a)?.raceNumber, round(b)?.raceNumber, round(c)?.raceNumber, round(d)?.raceNumber]).toEqual([
      500,
      null,
      501,
      null,
    ]);
  });

  it("answers a refused Schedule with the tables as sent: the boxes ticked, no others", async () => {
    const [, b, , d] = rounds;
    const answer = await action({
      request: post(admin, [
        ["intent", "schedule"],
        ["ids", String(b)],
        ["firstNumber", "700"],
        ["firstStart", ""],
        ["gapMinutes", "5"],
      ]),
      params: {},
      context: {},
    });
    expect(answer.status).toBe(400);
    const { tables } = (await answer.json()) as { tables: Tables };
    const html = `${tables.scheduled?.serverHtml ?? ""}${tables.unscheduled?.serverHtml ?? ""}`;
    const box = (id: number) =>
      html.match(new RegExp(`<input type="checkbox" name="ids"[^>]* value="${id}"[^>]*>`))?.[0];
    expect(box(b)).toContain('checked=""');
    expect(box(d)).toBeDefined();
    expect(box(d)).not.toContain("checked");
    // The page's token is not in the markup: the page puts its own in place of the mark.
    expect(html).not.toContain(admin.csrf);
  });

  it("lets COMMITTEE start a race once, and reports how late the day runs", async () => {
    const [a] = rounds;
    const started = await act(committee, [
      ["intent", "start"],
      ["id", String(a)],
    ]);
    expect(started.status).toBe(302);
    expect(round(a)?.startedAt).not.toBeNull();
    const again = await act(committee, [
      ["intent", "start"],
      ["id", String(a)],
    ]);
    expect(again.status).toBe(409);
    expect(
      listAudit({ action: "round.started" }, { sort: "createdAt", dir: "desc" }, null).rows[0].targetId,
    ).toBe(String(a));
    // Its start 12 minutes after its schedule.
    db()
      .update(schema.rounds)
      .set({ startedAt: new Date(T0 + 12 * MIN + 10_000) })
      .where(eq(schema.rounds.id, a))
      .run();
    const page = await loader({ request: getRequest(committee, "/race-control"), params: {}, context: {} });
    const data = await page.json();
    expect(data.delay).toBe(12);
    expect(data.admin).toBe(false);
    expect(
      rowsOf(data)
        .map((r) => r.raceNumber)
        .slice(0, 2),
    ).toEqual([500, 501]);
    // Undo start, then a round with results cannot be started.
    expect(
      (
        await act(committee, [
          ["intent", "undoStart"],
          ["id", String(a)],
        ])
      ).status,
    ).toBe(302);
    expect(round(a)?.startedAt).toBeNull();
    db().update(schema.rounds).set({ resultState: "PROVISIONAL" }).where(eq(schema.rounds.id, a)).run();
    const before = writes();
    expect(
      (
        await act(committee, [
          ["intent", "start"],
          ["id", String(a)],
        ])
      ).status,
    ).toBe(409);
    expect(
      (
        await act(committee, [
          ["intent", "start"],
          ["id", "999999"],
        ])
      ).status,
    ).toBe(404);
    expect(writes()).toBe(before);
    db().update(schema.rounds).set({ resultState: "NONE" }).where(eq(schema.rounds.id, a)).run();
  });

  it("refuses MANAGER everything, writing nothing", async () => {
    const before = writes();
    for (const fields of [
      [
        ["intent", "start"],
        ["id", String(rounds[1])],
      ],
      [
        ["intent", "postNotice"],
        ["notice", "Hello"],
      ],
    ] as [string, string][][]) {
      const out = await act(manager, fields);
      expect(out.status).not.toBe(200);
      expect(out.location ?? "").not.toBe("/race-control");
    }
    expect((await run(loader, getRequest(manager, "/race-control"))).status).not.toBe(200);
    expect(writes()).toBe(before);
  });

  it("posts a notice (replacing the one shown) and removes it; audited", async () => {
    expect(
      (
        await act(committee, [
          ["intent", "postNotice"],
          ["notice", "  Lunch break until 13:00 "],
        ])
      ).status,
    ).toBe(302);
    expect(currentNotice(ED)?.text).toBe("Lunch break until 13:00");
    expect(
      (
        await act(admin, [
          ["intent", "postNotice"],
          ["notice", "Race 12 delayed"],
        ])
      ).status,
    ).toBe(302);
    const shown = currentNotice(ED);
    expect(shown?.text).toBe("Race 12 delayed");
    const before = writes();
    expect(
      (
        await act(committee, [
          ["intent", "postNotice"],
          ["notice", "x".repeat(501)],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await act(committee, [
          ["intent", "postNotice"],
          ["notice", "   "],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await act(committee, [
          ["intent", "removeNotice"],
          ["id", "999999"],
        ])
      ).status,
    ).toBe(409);
    expect(writes()).toBe(before);
    expect(
      (
        await act(committee, [
          ["intent", "removeNotice"],
          ["id", String(shown?.id)],
        ])
      ).status,
    ).toBe(302);
    expect(currentNotice(ED)).toBeNull();
    const rows = db().select().from(schema.notices).all();
    expect(rows.length).toBe(2); // both kept
    const actions = listAudit({}, { sort: "createdAt", dir: "desc" }, null).rows.map((r) => r.action);
    expect(actions.filter((a) => a === "notice.posted").length).toBe(2);
    expect(actions.filter((a) => a === "notice.removed").length).toBe(1);
  });

  it("downloads the timetable as CSV", async () => {
    const out = await csvLoader({
      request: getRequest(committee, "/race-control.csv"),
      params: {},
      context: {},
    });
    const text = await out.text();
    expect(text.split("\n")[0]).toContain("Race,Scheduled,Event,Round,Lanes,State");
    expect(text).toContain("500,09/01 08:00,RC 500M,Heat 1,0,Scheduled");
  });

  it("the Edit Round form refuses a race number another round holds, changing nothing", async () => {
    const [a, b] = rounds;
    const body = new URLSearchParams({
      csrf: admin.csrf,
      name: "Heat 2",
      description: "",
      raceNumber: "500",
    });
    const request = new Request(`${ORIGIN}/rounds/${b}/edit`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body,
    });
    const before = writes();
    const answer = (await editRound({ request, params: { id: String(b) }, context: {} })) as Response;
    expect(answer.status).toBe(409);
    expect((await answer.json()).toast.message).toBe(LABELS.rcRaceNumberTaken(500, "RC 500M Heat 1"));
    expect(writes()).toBe(before);
    expect([round(a)?.raceNumber, round(b)?.raceNumber]).toEqual([500, null]);
  });

  it("shows one race day when asked (Day filter), the day's delay from the whole edition", async () => {
    const ev = db().insert(schema.events).values({ name: "RC DAYS", description: "" }).returning().get().id;
    const made = ["D1 Heat", "D2 Heat", "No Start"].map((name) => {
      const r = createRound(ED, actor(admin), { event: ev, name, description: "" });
      if (!r.ok) throw new Error(r.code);
      rounds.push(r.id);
      return r.id;
    });
    const D1 = Date.UTC(2027, 0, 20, 1, 0); // 20/01 09:00 MYT
    const D2 = Date.UTC(2027, 0, 21, 15, 30); // 21/01 23:30 MYT, still 21/01 in Malaysia
    const setRound = (id: number, raceNumber: number, at: number | null, started: number | null) =>
      db()
        .update(schema.rounds)
        .set({
          raceNumber,
          scheduledAt: at === null ? null : new Date(at),
          startedAt: started === null ? null : new Date(started),
        })
        .where(eq(schema.rounds.id, id))
        .run();
    setRound(made[0], 910, D1, D1 + 5 * MIN); // started 5 min late, the edition's latest start
    setRound(made[1], 911, D2, null);
    setRound(made[2], 912, null, null);
    const load = async (path: string) => {
      const data = (await (
        await loader({ request: getRequest(committee, path), params: {}, context: {} })
      ).json()) as {
        tables: Tables;
        days: string[];
        day: string | null;
        delay: number | null;
      };
      return { ...data, rows: rowsOf(data) };
    };
    const all = await load("/race-control");
    // A document's loader keeps its tables out of the data, for the render (lib/handoff.server.ts
    // forDocument): the same markup, under the key the page's table reads.
    const markup = new Map<string, string>();
    const doc = (await (
      await loader({ request: getRequest(committee, "/race-control"), params: {}, context: { markup } })
    ).json()) as { tables: Tables };
    expect(doc.tables.scheduled).toEqual({ serverHtml: "", at: "rc-timetable" });
    expect(doc.tables.count).toBe(all.tables.count);
    expect(markup.get("rc-timetable")).toBe(all.tables.scheduled?.serverHtml);
    expect(markup.get("rc-unscheduled-table")).toBe(all.tables.unscheduled?.serverHtml);
    expect(all.day).toBeNull();
    expect(all.days).toEqual(expect.arrayContaining(["2027-01-20", "2027-01-21"]));
    expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining(made));
    const d2 = await load("/race-control?day=2027-01-21");
    expect(d2.day).toBe("2027-01-21");
    const ids = d2.rows.map((r) => r.id);
    expect(ids).toContain(made[1]);
    expect(ids).toContain(made[2]); // no start: in every day's view
    expect(ids).not.toContain(made[0]);
    expect(d2.delay).toBe(all.delay);
    expect(all.delay).toBe(5);
    // Not one of the race days (or not a day at all): every day, no error.
    for (const q of ["2027-02-30", "2099-01-01", "x"]) {
      const other = await load(`/race-control?day=${q}`);
      expect(other.day).toBeNull();
      expect(other.rows.length).toBe(all.rows.length);
    }
    // A form on a day's view comes back to that day.
    const started = await run(
      action,
      new Request(`${ORIGIN}/race-control?day=2027-01-21`, {
        method: "POST",
        headers: {
          Cookie: committee.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
        },
        body: new URLSearchParams([
          ["csrf", committee.csrf],
          ["intent", "start"],
          ["id", String(made[1])],
        ]),
      }),
    );
    expect(started.status).toBe(302);
    expect(started.location).toBe("/race-control?day=2027-01-21");
  });

  it("cleans up", () => {
    db().delete(schema.rounds).where(inArray(schema.rounds.id, rounds)).run();
  });
});
