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
