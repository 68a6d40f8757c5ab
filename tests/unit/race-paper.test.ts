// Race paper (issue 20, section 5) on a real SQLite file, through the routes' loaders: the start
// list (race number, scheduled start in Malaysia time, lanes, teams, clubs, crew names), the result
// sheet (places, times, penalties and statuses with their reasons, Provisional with its protest
// deadline or Official with its revision and when it was made), a day's start lists (one a page, by
// race number), and who is refused. The PDFs' text is read back with tests/pdf-text.ts.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { parseDay } from "~/services/race-pdf.server";
import { renderPdf } from "~/lib/pdf.server";
import { sheetOrder, startListsBetween } from "~/models/race-paper.server";
import { loader as dayLoader } from "~/routes/race-control.start-lists[.]pdf";
import { loader as resultsLoader } from "~/routes/rounds.$id.results[.]pdf";
import { loader as startListLoader } from "~/routes/rounds.$id.start-list[.]pdf";
import { pdfPages, pdfText } from "../pdf-text";
import { type Caller, callerOf, getRequest, makeClub, makeUser, run, writes } from "./route-request";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

/** 14/03/2031 in Malaysia (UTC+8) at hh:mm, as UTC ms: a day no other test schedules. */
const myt = (day: number, hh: number, mm: number) => Date.UTC(2031, 2, day, hh - 8, mm);
const DAY = "2031-03-14";

let n = 0;
function person(name: string) {
  return db()
    .insert(schema.users)
    .values({
      email: `paper${++n}-${process.pid}@example.test`,
      hash: "x",
      name,
      role: "COMPETITOR",
      approved: true,
    })
    .returning({ id: schema.users.id })
    .get().id;
}
function team(associationId: number, eventId: number, name: string, crew: string[]) {
  const t = db().insert(schema.teams).values({ name, associationId, eventId }).returning().get();
  for (const who of crew)
    db()
      .insert(schema.teamMembers)
      .values({ teamId: t.id, userId: person(who) })
      .run();
  return t.id;
}
type RoundSet = Partial<typeof schema.rounds.$inferInsert>;
function round(eventId: number, name: string, set: RoundSet) {
  return db()
    .insert(schema.rounds)
    .values({ eventId, name, ...set })
    .returning({ id: schema.rounds.id })
    .get().id;
}
type Lane = Partial<typeof schema.races.$inferInsert> & { lane: string; teamId: number };
function lanes(roundId: number, list: Lane[]) {
  for (const l of list)
    db()
      .insert(schema.races)
      .values({ roundId, ...l })
      .run();
}

const ids = {} as {
  heat: number;
  final: number;
  provisional: number;
  late: number;
  nextDay: number;
  gone: number;
};
let callers: Record<"admin" | "committee" | "manager" | "competitor" | "anonymous", Caller>;

beforeAll(async () => {
  const sharks = makeClub(`PAPER SHARKS ${process.pid}`);
  const tigers = makeClub(`PAPER TIGERS ${process.pid}`);
  const event = db()
    .insert(schema.events)
    .values({ name: `PAPER 500M OPEN ${process.pid}` })
    .returning()
    .get();
  const gone = db()
    .insert(schema.events)
    .values({ name: `PAPER GONE ${process.pid}`, deleted: true })
    .returning()
    .get();
  const sa = team(sharks.id, event.id, "PAPER SHARKS A", ["ZARA BINTI ALI", "ALI BIN ABU", "MEI LING"]);
  const ta = team(tigers.id, event.id, "PAPER TIGERS A", ["BALA KRISHNAN"]);
  const sb = team(sharks.id, event.id, "PAPER SHARKS B", []);
  const tb = team(tigers.id, event.id, "PAPER TIGERS B", ["CHONG WEI"]);
  const tc = team(tigers.id, event.id, "PAPER TIGERS C", ["DEVI"]);
  const goneTeam = team(sharks.id, gone.id, "PAPER GONE A", ["GHOST"]);

  ids.heat = round(event.id, "Heat 1", { raceNumber: 9101, scheduledAt: new Date(myt(14, 9, 30)) });
  lanes(ids.heat, [
    { lane: "10", teamId: tc },
    { lane: "2", teamId: ta },
    { lane: "1", teamId: sa },
    { lane: "3", teamId: sb },
  ]);
  // Entered out of order: the day's PDF is by race number, not by time or id.
  ids.late = round(event.id, "Heat 2", { raceNumber: 9103, scheduledAt: new Date(myt(14, 23, 59)) });
  ids.final = round(event.id, "Final", {
    raceNumber: 9102,
    scheduledAt: new Date(myt(14, 11, 0)),
    startedAt: new Date(myt(14, 11, 1)),
    resultState: "OFFICIAL",
    revision: 2,
    resultsAt: new Date(myt(14, 11, 42)),
  });
  lanes(ids.final, [
    { lane: "1", teamId: sa, status: "DNS" },
    {
      lane: "2",
      teamId: ta,
      timeMs: 125_400,
      penaltyMs: 5_000,
      penaltyReason: "Steering over the line",
      place: 2,
    },
    { lane: "3", teamId: sb, status: "DSQ", statusReason: "Wash interference in lane 4", timeMs: 119_000 },
    { lane: "4", teamId: tb, timeMs: 121_230, place: 1 },
    { lane: "5", teamId: tc, status: "DNF" },
  ]);
  ids.provisional = round(event.id, "Semi-final", {
    raceNumber: 9104,
    scheduledAt: new Date(myt(15, 0, 0)), // the next day, at midnight: not on 14/03
    startedAt: new Date(myt(15, 0, 1)),
    resultState: "PROVISIONAL",
    revision: 0,
    resultsAt: new Date(myt(15, 0, 5)),
    protestUntil: new Date(myt(15, 0, 20)),
  });
  lanes(ids.provisional, [{ lane: "1", teamId: tb, timeMs: 58_200, place: 1 }]);
  ids.nextDay = ids.provisional;
  ids.gone = round(gone.id, "Heat 1", { raceNumber: 9105, scheduledAt: new Date(myt(14, 10, 0)) });
  lanes(ids.gone, [{ lane: "1", teamId: goneTeam }]);
  // The evening before, 23:59 Malaysia time: not on 14/03 either.
  round(event.id, "Heat 0", { raceNumber: 9100, scheduledAt: new Date(myt(13, 23, 59)) });

  const club = makeClub();
  callers = {
    admin: await callerOf(makeUser("ADMIN")),
    committee: await callerOf(makeUser("COMMITTEE")),
    manager: await callerOf(makeUser("MANAGER", club.id)),
    competitor: await callerOf(makeUser("COMPETITOR", club.id)),
    anonymous: await callerOf(null),
  };
});

/** The loader's answer as a Response (a thrown 404 too). */
async function answer(loader: unknown, caller: Caller, path: string, params: Record<string, string> = {}) {
  try {
    return (await (loader as (a: object) => Promise<Response>)({
      request: getRequest(caller, path),
      params,
      context: {},
    })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
/** Text with every run of white space as one space (table cells wrap). */
const flat = (text: string) => text.replace(/\s+/g, " ");
async function pdfOf(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return bytes;
}

describe("the text layer", () => {
  it("a later PDF's text reads right though the fonts are parsed once per process", async () => {
    // Roboto's ':' is drawn from two '.' glyphs: embedding it first used to cache '.' without its
    // character, and every later document's '.' was missing from its text.
    const first = await renderPdf({ content: ["09:30 12:45"] });
    expect(pdfText(first)).toBe("09:30 12:45");
    const later = await renderPdf({
      content: ["No races. 2:01.23 a.b"],
      footer: { $perPage: { text: "x: y." } },
    });
    expect(pdfText(later)).toBe("No races. 2:01.23 a.b\nx: y.");
  });
});

describe("start list", () => {
  it("has the race number, the scheduled start in Malaysia time, and every lane's team, club and crew", async () => {
    const res = await answer(startListLoader, callers.committee, `/rounds/${ids.heat}/start-list.pdf`, {
      id: `${ids.heat}`,
    });
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="start-list-race-9101.pdf"');
    const pages = pdfPages(await pdfOf(res));
    expect(pages).toHaveLength(1);
    const text = flat(pages[0]);
    expect(text).toContain("START LIST");
    expect(text).toContain(`PAPER 500M OPEN ${process.pid}`);
    expect(text).toContain("Heat 1");
    expect(text).toMatch(/Race number\s+9101/);
    expect(text).toMatch(/Scheduled start\s+14\/03\/2031 09:30 AM/);
    // Lanes in numeric order (1, 2, 3, 10), crews sorted by name; a team with none says so.
    const at = (s: string) => text.indexOf(s);
    expect(at("PAPER SHARKS A")).toBeGreaterThan(-1);
    expect(at("PAPER SHARKS A")).toBeLessThan(at("PAPER TIGERS A"));
    expect(at("PAPER TIGERS A")).toBeLessThan(at("PAPER SHARKS B"));
    expect(at("PAPER SHARKS B")).toBeLessThan(at("PAPER TIGERS C"));
    expect(text).toContain("ALI BIN ABU, MEI LING, ZARA BINTI ALI");
    expect(text).toContain("BALA KRISHNAN");
    expect(text).toContain("No crew named");
    expect(text).toContain(`PAPER TIGERS ${process.pid}`);
    expect(text).toContain("Page 1 of 1");
  });

  it("speaks the requester's language", async () => {
    const caller = { ...callers.admin, cookie: `${callers.admin.cookie}; lang=ms` };
    const res = await answer(startListLoader, caller, `/rounds/${ids.heat}/start-list.pdf`, {
      id: `${ids.heat}`,
    });
    const text = pdfText(await pdfOf(res));
    expect(text).toContain("SENARAI PERMULAAN");
    expect(text).toMatch(/Nombor perlumbaan\s+9101/);
    expect(text).toContain("14/03/2031 09:30 PG");
    expect(text).toContain("Tiada kru dinamakan");
  });
});

describe("result sheet", () => {
  it("ranks by place, then DNF, DSQ, DNS, with penalties and reasons, Official (revised) and its revision", async () => {
    const res = await answer(resultsLoader, callers.admin, `/rounds/${ids.final}/results.pdf`, {
      id: `${ids.final}`,
    });
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="results-race-9102.pdf"');
    const text = flat(pdfText(await pdfOf(res)));
    expect(text).toContain("RESULTS");
    expect(text).toMatch(/Race number\s+9102/);
    expect(text).toMatch(/Scheduled start\s+14\/03\/2031 11:00 AM/);
    expect(text).toContain("OFFICIAL (REVISED)");
    expect(text).toMatch(/Revision\s+2/);
    expect(text).toMatch(/Results made\s+14\/03\/2031 11:42 AM/);
    expect(text).toMatch(/Printed \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M/);
    // Order: 1st (lane 4), 2nd (lane 2, penalised), DNF (5), DSQ (3), DNS (1).
    const order = [
      "PAPER TIGERS B",
      "PAPER TIGERS A",
      "PAPER TIGERS C",
      "PAPER SHARKS B",
      "PAPER SHARKS A",
    ].map((t) => text.indexOf(t));
    expect(order.every((i) => i > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain("2:01.23"); // the winner's time
    expect(text).toContain("2:05.40"); // lane 2's time
    expect(text).toContain("+5.00"); // its penalty
    expect(text).toContain("Steering over the line");
    expect(text).toContain("2:10.40"); // time plus penalty
    expect(text).toContain("DSQ");
    expect(text).toContain("Wash interference in lane 4");
    expect(text).toContain("DNF");
    expect(text).toContain("DNS");
  });

  it("says Provisional with the protest deadline", async () => {
    const res = await answer(resultsLoader, callers.committee, `/rounds/${ids.provisional}/results.pdf`, {
      id: `${ids.provisional}`,
    });
    const text = pdfText(await pdfOf(res));
    expect(text).toContain("PROVISIONAL, PROTESTS UNTIL 15/03/2031 12:20 AM");
    expect(text).toMatch(/Revision\s+0/);
    expect(text).toContain("58.20");
  });

  it("and Official after the declaration (revision 1)", async () => {
    db()
      .update(schema.rounds)
      .set({ resultState: "OFFICIAL", revision: 1, protestUntil: null })
      .where(eq(schema.rounds.id, ids.provisional))
      .run();
    const res = await answer(resultsLoader, callers.admin, `/rounds/${ids.provisional}/results.pdf`, {
      id: `${ids.provisional}`,
    });
    const text = pdfText(await pdfOf(res));
    expect(text).toMatch(/State\s+OFFICIAL\n/);
    expect(text).toMatch(/Revision\s+1/);
  });

  it("ranks lanes without a place or a status last", () => {
    const base = {
      team: "",
      club: "",
      timeMs: null,
      statusReason: "",
      penaltyMs: 0,
      penaltyReason: "",
      wins: null,
      losses: null,
      score: null,
    };
    const ranked = sheetOrder([
      { ...base, lane: "1", place: null, status: null },
      { ...base, lane: "2", place: null, status: "DNS" },
      { ...base, lane: "3", place: 2, status: null },
      { ...base, lane: "4", place: 1, status: null },
      { ...base, lane: "5", place: 1, status: null },
      { ...base, lane: "6", place: null, status: "DSQ" },
    ]);
    expect(ranked.map((l) => l.lane)).toEqual(["4", "5", "3", "6", "2", "1"]);
  });
});

describe("a day's start lists", () => {
  it("one race a page, by race number, only that Malaysia day's, none of a deleted event", async () => {
    const res = await answer(dayLoader, callers.committee, `/race-control/start-lists.pdf?day=${DAY}`);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="start-lists-${DAY}.pdf"`);
    const pages = pdfPages(await pdfOf(res));
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => /Race number\s+(\d+)/.exec(p)?.[1])).toEqual(["9101", "9102", "9103"]);
    expect(pages[0]).toContain("ZARA BINTI ALI");
    expect(pages[2]).toContain("No lanes drawn yet.");
    expect(pages[2]).toContain("14/03/2031 11:59 PM");
    expect(pages[2]).toContain("Page 3 of 3");
    expect(pages.join("\n")).not.toContain("GHOST");
  });

  it("a day without races: one page that says so", async () => {
    const res = await answer(dayLoader, callers.admin, "/race-control/start-lists.pdf?day=2031-03-16");
    const pages = pdfPages(await pdfOf(res));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain("No races are scheduled on 16/03/2031.");
  });

  it("a missing or bad day: 400 with a plain message", async () => {
    for (const q of [
      "",
      "?day=",
      "?day=14/03/2031",
      "?day=2031-02-31",
      "?day=2031-03-14x",
      "?day=2031-3-14",
    ]) {
      const res = await answer(dayLoader, callers.admin, `/race-control/start-lists.pdf${q}`);
      expect(res.status, q).toBe(400);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe("Choose a day as YYYY-MM-DD, for example ?day=2026-11-28.");
    }
  });

  it("refuses more rounds than the cap", () => {
    const day = parseDay(DAY)!;
    expect(day).toEqual({ from: myt(14, 0, 0), to: myt(15, 0, 0), printed: "14/03/2031" });
    expect(startListsBetween(ED, day.from, day.to, 2)).toEqual({ kind: "tooMany", count: 3 });
    const ok = startListsBetween(ED, day.from, day.to, 3);
    expect(ok.kind === "ok" && ok.lists.map((l) => l.round.raceNumber)).toEqual([9101, 9102, 9103]);
  });
  it("more than 500 rounds on a day: 400, print them race by race", async () => {
    const eventId = db().select().from(schema.rounds).where(eq(schema.rounds.id, ids.heat)).get()!.eventId;
    db().transaction((tx) => {
      for (let i = 0; i < 501; i++) {
        tx.insert(schema.rounds)
          .values({
            eventId,
            name: `Crowded ${i}`,
            raceNumber: 20_000 + i,
            scheduledAt: new Date(myt(20, 8, 0) + i * 60_000),
          })
          .run();
      }
    });
    const res = await answer(dayLoader, callers.admin, "/race-control/start-lists.pdf?day=2031-03-20");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(
      "501 races are scheduled that day, more than 500: print their start lists race by race.",
    );
  });
});

describe("who may print", () => {
  const paths = (): { loader: unknown; path: string; params: Record<string, string> }[] => [
    { loader: startListLoader, path: `/rounds/${ids.heat}/start-list.pdf`, params: { id: `${ids.heat}` } },
    { loader: resultsLoader, path: `/rounds/${ids.final}/results.pdf`, params: { id: `${ids.final}` } },
    { loader: dayLoader, path: `/race-control/start-lists.pdf?day=${DAY}`, params: {} },
  ];

  it("MANAGER and COMPETITOR are sent home, anonymous to the login; nothing is written", async () => {
    for (const t of paths()) {
      for (const who of ["manager", "competitor"] as const) {
        const o = await run(t.loader, getRequest(callers[who], t.path), t.params);
        expect(o, `${who} ${t.path}`).toMatchObject({ status: 302, location: "/" });
        expect(o.toasts).toEqual(["Unauthorized. Redirect to homepage."]);
      }
      const o = await run(t.loader, getRequest(callers.anonymous, t.path), t.params);
      expect(o).toMatchObject({ status: 302, location: "/auth/login" });
    }
  });

  it("a forged, unknown or deleted round, or one of a deleted event: 404", async () => {
    for (const loader of [startListLoader, resultsLoader]) {
      for (const id of ["abc", "1e3", "-1", "99999999", `${ids.gone}`]) {
        const before = writes();
        const o = await run(loader, getRequest(callers.admin, `/rounds/${id}/x.pdf`), { id });
        expect(o.status, id).toBe(404);
        expect(writes()).toBe(before);
      }
    }
  });
});
