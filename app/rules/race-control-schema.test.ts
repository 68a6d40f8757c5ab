import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LABELS, MSG } from "~/messages";
import { noticeSchemaFor, raceControlSchema, scheduleSchemaFor } from "./race-control-schema";
import { NOTICE_MAX } from "./timetable";

function form(pairs: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
}
const schedule = (over: Record<string, string>, ids: string[] = ["7"]) =>
  parseWithZod(
    form([
      ["intent", "schedule"],
      ...Object.entries({ firstNumber: "500", firstStart: "2027-01-09T07:00", gapMinutes: "6", ...over }),
      ...ids.map((id): [string, string] => ["ids", id]),
    ]),
    { schema: scheduleSchemaFor() },
  );
const errors = (s: { status?: string; error?: Record<string, string[] | null> | null }) =>
  Object.values(s.error ?? {}).flat();

describe("scheduleSchemaFor", () => {
  it("reads numbers, the Malaysia-time start (UTC+8) and the ticked ids", () => {
    const s = schedule({ firstNumber: " 12 " }, ["3", "9"]);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({
      intent: "schedule",
      firstNumber: 12,
      firstStart: Date.UTC(2027, 0, 8, 23, 0),
      gapMinutes: 6,
      ids: [3, 9],
    });
  });

  it("refuses each field with the screen's message", () => {
    for (const [over, message] of [
      [{ firstNumber: "0" }, LABELS.rcRaceNumberRange(9999)],
      [{ firstNumber: "" }, LABELS.rcRaceNumberRange(9999)],
      [{ firstNumber: "10000" }, LABELS.rcRaceNumberRange(9999)],
      [{ firstStart: "2027-02-30T07:00" }, LABELS.rcFirstStartInvalid],
      [{ firstStart: "" }, LABELS.rcFirstStartInvalid],
      [{ gapMinutes: "121" }, LABELS.rcGapRange(120)],
      [{ gapMinutes: "1.5" }, LABELS.rcGapRange(120)],
    ] as [Record<string, string>, string][]) {
      expect(errors(schedule(over)), JSON.stringify(over)).toEqual([message]);
    }
    expect(errors(schedule({}, []))).toEqual([LABELS.rcScheduleNone]);
  });
});

describe("noticeSchemaFor", () => {
  const notice = (text: string | null) =>
    parseWithZod(
      form([["intent", "postNotice"], ...(text === null ? [] : [["notice", text] as [string, string]])]),
      {
        schema: noticeSchemaFor(),
      },
    );
  it("trims and keeps line ends as \\n", () => {
    const s = notice("  Lunch\r\nbreak ");
    expect(s.status === "success" && s.value.notice).toBe("Lunch\nbreak");
  });
  it("refuses an empty or too long notice", () => {
    expect(errors(notice("   "))).toEqual([LABELS.rcNoticeEmpty]);
    expect(errors(notice(""))).toEqual([LABELS.rcNoticeEmpty]);
    expect(errors(notice("x".repeat(NOTICE_MAX + 1)))).toEqual([MSG.tooLong(LABELS.rcNotice, NOTICE_MAX)]);
    expect(notice(`${"x\r\n".repeat(250)}`).status).toBe("success");
  });
});

describe("raceControlSchema (every form of the page, one union on intent)", () => {
  const read = (pairs: [string, string][]) => parseWithZod(form(pairs), { schema: raceControlSchema });

  it("accepts each intent as the page sends it", () => {
    const sent: [string, string][][] = [
      [
        ["intent", "start"],
        ["id", "7"],
      ],
      [
        ["intent", "undoStart"],
        ["id", "7"],
      ],
      [
        ["intent", "reseed"],
        ["id", "7"],
      ],
      [
        ["intent", "removeNotice"],
        ["id", "3"],
      ],
      [
        ["intent", "markBack"],
        ["id", "4"],
        ["reason", "Scanner down"],
      ],
      [
        ["intent", "markReady"],
        ["race", "9"],
        ["reason", "Checked by hand"],
      ],
      [
        ["intent", "undoReady"],
        ["race", "9"],
      ],
      [
        ["intent", "schedule"],
        ["firstNumber", "1"],
        ["ids", "3"],
        ["ids", "4"],
      ],
      [["intent", "schedule"]],
      [
        ["intent", "postNotice"],
        ["notice", "Lunch break"],
      ],
      [
        ["intent", "postNotice"],
        ["notice", ""],
      ],
    ];
    for (const pairs of sent) expect(read(pairs).status, JSON.stringify(pairs)).toBe("success");
    const start = read([
      ["intent", "start"],
      ["id", " 12 "],
    ]);
    expect(start.status === "success" && start.value).toEqual({ intent: "start", id: 12 });
    const schedule = read([
      ["intent", "schedule"],
      ["ids", "3"],
    ]);
    expect(schedule.status === "success" && schedule.value).toEqual({ intent: "schedule", ids: ["3"] });
  });

  it("refuses a missing or unknown intent", () => {
    expect(read([["id", "7"]]).status).toBe("error");
    expect(
      read([
        ["intent", "delete"],
        ["id", "7"],
      ]).status,
    ).toBe("error");
    expect(
      read([
        ["intent", "Start"],
        ["id", "7"],
      ]).status,
    ).toBe("error");
  });

  it("refuses ids and lengths no page sends", () => {
    for (const pairs of [
      [["intent", "start"]],
      [
        ["intent", "start"],
        ["id", "x"],
      ],
      [
        ["intent", "undoStart"],
        ["id", "1234567890"],
      ],
      [
        ["intent", "reseed"],
        ["id", "-1"],
      ],
      [["intent", "removeNotice"]],
      [
        ["intent", "markBack"],
        ["id", "4"],
        ["reason", "x".repeat(801)],
      ],
      [["intent", "markReady"]],
      [
        ["intent", "markReady"],
        ["race", "9"],
        ["reason", "x".repeat(801)],
      ],
      [
        ["intent", "undoReady"],
        ["race", "9a"],
      ],
      [
        ["intent", "schedule"],
        ["ids", "3"],
        ["ids", "x"],
      ],
      [
        ["intent", "postNotice"],
        ["notice", "x".repeat(NOTICE_MAX * 4 + 1)],
      ],
    ] as [string, string][][])
      expect(read(pairs).status, JSON.stringify(pairs).slice(0, 80)).toBe("error");
    const many = Array.from({ length: 2001 }, (_, i): [string, string] => ["ids", String(i + 1)]);
    expect(read([["intent", "schedule"], ...many]).status).toBe("error");
    expect(read([["intent", "schedule"], ...many.slice(0, 2000)]).status).toBe("success");
    expect(
      read([
        ["intent", "markBack"],
        ["id", "4"],
        ["reason", "x".repeat(800)],
      ]).status,
    ).toBe("success");
  });
});
