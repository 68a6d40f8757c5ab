// The training rules of issue 11: the session, booking and decision forms (through conform, as the
// routes read them) and the refusals the models apply inside their transactions.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MSG } from "~/messages";
import {
  bookingRefusal,
  bookingSchema,
  decisionRefusal,
  decisionSchema,
  maxBoatRefusal,
  previousTimes,
  sessionFormError,
  sessionSchema,
} from "./training";
import { boatsLeft, MAX_BOAT, REJECT_REASON_MAX, SESSION_MAX_HOURS } from "./training-fields";

function formOf(values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}
const parseSession = (values: Record<string, string>) =>
  parseWithZod(formOf(values), { schema: sessionSchema });
/** The toast a refused session form gives (null when it passes). */
const sessionToast = (values: Record<string, string>) => {
  const s = parseSession(values);
  return s.status === "success" ? null : sessionFormError(s.error);
};

const valid = { startTime: "2026-12-01T07:00", endTime: "2026-12-01T09:30", maxBoat: "10" };
const HOUR = 3_600_000;

describe("sessionSchema", () => {
  it("reads the datetime inputs as Malaysia time (UTC+8) and Max Boats as a number", () => {
    const s = parseSession(valid);
    if (s.status !== "success") throw new Error(JSON.stringify(s.error));
    expect(s.value).toEqual({
      startTime: Date.parse("2026-11-30T23:00:00Z"),
      endTime: Date.parse("2026-12-01T01:30:00Z"),
      maxBoat: 10,
    });
  });

  it("trims the values", () => {
    const s = parseSession({
      startTime: " 2026-12-01T07:00 ",
      endTime: "2026-12-01T08:00\n",
      maxBoat: " 3 ",
    });
    expect(s.status).toBe("success");
  });

  it("gives 'Make sure to fill in all the fields.' for each empty or missing field", () => {
    for (const k of ["startTime", "endTime", "maxBoat"] as const) {
      expect(sessionToast({ ...valid, [k]: "" }), k).toBe(MSG.fillAll);
      expect(sessionToast({ ...valid, [k]: "   " }), k).toBe(MSG.fillAll);
      const { [k]: _gone, ...rest } = valid;
      expect(sessionToast(rest), k).toBe(MSG.fillAll);
    }
    expect(sessionToast({})).toBe(MSG.fillAll);
  });

  it("treats Max Boats of 0 or less like an empty field (the spec's minimum of 1)", () => {
    expect(sessionToast({ ...valid, maxBoat: "0" })).toBe(MSG.fillAll);
    expect(sessionToast({ ...valid, maxBoat: "-1" })).toBe(MSG.fillAll);
    expect(sessionToast({ ...valid, maxBoat: "1" })).toBeNull();
  });

  it("refuses Max Boats above the cap or not a whole number with its own sentence", () => {
    const msg = MSG.sessionMaxBoat(MAX_BOAT.min, MAX_BOAT.max);
    expect(sessionToast({ ...valid, maxBoat: String(MAX_BOAT.max) })).toBeNull();
    expect(sessionToast({ ...valid, maxBoat: String(MAX_BOAT.max + 1) })).toBe(msg);
    expect(sessionToast({ ...valid, maxBoat: "9999999999" })).toBe(msg);
    for (const bad of ["abc", "1.5", "1e2", "0x10", "2 boats", "+3"])
      expect(sessionToast({ ...valid, maxBoat: bad }), bad).toBe(msg);
  });

  it("refuses an end equal to or before the start", () => {
    expect(sessionToast({ ...valid, endTime: valid.startTime })).toBe(MSG.sessionTimeOrder);
    expect(sessionToast({ ...valid, endTime: "2026-12-01T06:59" })).toBe(MSG.sessionTimeOrder);
    expect(sessionToast({ ...valid, endTime: "2026-11-30T23:00" })).toBe(MSG.sessionTimeOrder);
    expect(sessionToast({ ...valid, endTime: "2026-12-01T07:01" })).toBeNull();
    const s = parseSession({ ...valid, endTime: valid.startTime });
    expect(s.status === "success" ? null : s.error?.endTime).toEqual([MSG.sessionTimeOrder]);
  });

  it("refuses a session longer than the most hours; exactly that long passes", () => {
    expect(SESSION_MAX_HOURS).toBe(24);
    expect(sessionToast({ ...valid, endTime: "2026-12-02T07:00" })).toBeNull();
    expect(sessionToast({ ...valid, endTime: "2026-12-02T07:01" })).toBe(
      MSG.sessionTooLong(SESSION_MAX_HOURS),
    );
    expect(sessionToast({ ...valid, endTime: "2027-12-01T07:00" })).toBe(
      MSG.sessionTooLong(SESSION_MAX_HOURS),
    );
  });

  it("refuses impossible or malformed dates rather than rolling them over", () => {
    for (const bad of [
      "2026-02-31T10:00",
      "2026-02-29T10:00",
      "2026-13-01T10:00",
      "2026-04-31T10:00",
      "2026-12-01T24:00",
      "2026-12-01T10:60",
      "2026-12-01 10:00",
      "2026-12-01",
      "01/12/2026 10:00",
      "2026-12-01T10:00:00",
      "tomorrow",
    ]) {
      expect(sessionToast({ ...valid, startTime: bad }), bad).toBe(MSG.sessionBadTime);
      expect(sessionToast({ ...valid, endTime: bad }), bad).toBe(MSG.sessionBadTime);
    }
    expect(sessionToast({ ...valid, startTime: "2028-02-29T06:00", endTime: "2028-02-29T08:00" })).toBeNull();
    expect(sessionToast({ ...valid, startTime: "x".repeat(21) })).toBe(MSG.sessionBadTime);
  });

  it("refuses a time outside the box's own range (2000 to 2100) as an invalid date", () => {
    expect(sessionToast({ ...valid, startTime: "1999-12-31T23:59" })).toBe(MSG.sessionBadTime);
    expect(sessionToast({ ...valid, endTime: "2101-01-01T00:00" })).toBe(MSG.sessionBadTime);
    expect(sessionToast({ ...valid, startTime: "20266-12-01T07:00" })).toBe(MSG.sessionBadTime);
  });

  it("reads midnight Malaysia time as 16:00 UTC of the day before", () => {
    const s = parseSession({ startTime: "2027-01-01T00:00", endTime: "2027-01-01T01:00", maxBoat: "1" });
    if (s.status !== "success") throw new Error("refused");
    expect(new Date(s.value.startTime).toISOString()).toBe("2026-12-31T16:00:00.000Z");
  });
});

describe("sessionFormError", () => {
  it("prefers the fill-in sentence wherever it is", () => {
    expect(sessionFormError({ startTime: [MSG.sessionBadTime], maxBoat: [MSG.fillAll] })).toBe(MSG.fillAll);
    expect(sessionToast({ startTime: "2026-02-31T10:00", endTime: "", maxBoat: "5" })).toBe(MSG.fillAll);
  });

  it("otherwise gives the first field's message in form order", () => {
    expect(sessionFormError({ maxBoat: [MSG.sessionMaxBoat(1, 200)], endTime: [MSG.sessionTimeOrder] })).toBe(
      MSG.sessionTimeOrder,
    );
    expect(sessionFormError({ startTime: null, endTime: undefined, maxBoat: ["x"] })).toBe("x");
  });

  it("falls back to a message on another key, then to the fill-in sentence", () => {
    expect(sessionFormError({ "": ["form level"] })).toBe("form level");
    expect(sessionFormError({})).toBe(MSG.fillAll);
    expect(sessionFormError(null)).toBe(MSG.fillAll);
    expect(sessionFormError(undefined)).toBe(MSG.fillAll);
  });
});

describe("bookingSchema", () => {
  const parse = (values: Record<string, string>) => parseWithZod(formOf(values), { schema: bookingSchema });
  const errorOf = (values: Record<string, string>) => {
    const s = parse(values);
    return s.status === "success" ? null : Object.values(s.error ?? {}).flat()[0];
  };

  it("reads the session id and the number of boats", () => {
    const s = parse({ session: " 12 ", boat: " 3 " });
    if (s.status !== "success") throw new Error("refused");
    expect(s.value).toEqual({ session: 12, boat: 3 });
  });

  it("refuses a missing or forged session id as gone", () => {
    expect(errorOf({ boat: "1" })).toBe(MSG.bookingSessionGone);
    for (const bad of ["", "abc", "-1", "1.0", "1234567890"])
      expect(errorOf({ session: bad, boat: "1" }), bad).toBe(MSG.bookingSessionGone);
  });

  it("needs at least 1 whole boat and at most the cap", () => {
    expect(errorOf({ session: "1" })).toBe(MSG.bookingBoatMin);
    expect(errorOf({ session: "1", boat: "" })).toBe(MSG.bookingBoatMin);
    expect(errorOf({ session: "1", boat: "0" })).toBe(MSG.bookingBoatMin);
    expect(errorOf({ session: "1", boat: "-2" })).toBe(MSG.bookingBoatMin);
    expect(errorOf({ session: "1", boat: "1" })).toBeNull();
    expect(errorOf({ session: "1", boat: String(MAX_BOAT.max) })).toBeNull();
    expect(errorOf({ session: "1", boat: String(MAX_BOAT.max + 1) })).toBe(
      MSG.bookingBoatTooMany(MAX_BOAT.max),
    );
    for (const bad of ["1.5", "two", "1e2", "1234567"])
      expect(errorOf({ session: "1", boat: bad }), bad).toBe(MSG.bookingBoatWhole);
  });
});

describe("decisionSchema", () => {
  const parse = (values: Record<string, string>) => parseWithZod(formOf(values), { schema: decisionSchema });
  const errors = (values: Record<string, string>) => {
    const s = parse(values);
    return s.status === "success" ? null : s.error;
  };

  it("needs Approve or Reject: no action, the placeholder's empty value or a forged one is refused", () => {
    expect(errors({})?.action).toEqual([MSG.reservationPickAction]);
    expect(errors({ action: "" })?.action).toEqual([MSG.reservationPickAction]);
    expect(errors({ action: "approve" })?.action).toEqual([MSG.reservationPickAction]);
    expect(errors({ action: "CANCEL" })?.action).toEqual([MSG.reservationPickAction]);
  });

  it("refuses Reject without a reason, or with white space only", () => {
    expect(errors({ action: "REJECT" })?.rejectReason).toEqual([MSG.rejectReasonRequired]);
    expect(errors({ action: "REJECT", rejectReason: "" })?.rejectReason).toEqual([MSG.rejectReasonRequired]);
    expect(errors({ action: "REJECT", rejectReason: "  \n\t " })?.rejectReason).toEqual([
      MSG.rejectReasonRequired,
    ]);
  });

  it("keeps Reject's reason trimmed", () => {
    const s = parse({ action: "REJECT", rejectReason: "  Come at 7 am instead.\n" });
    if (s.status !== "success") throw new Error("refused");
    expect(s.value).toEqual({ action: "REJECT", rejectReason: "Come at 7 am instead." });
  });

  it("drops the reason of an Approve", () => {
    for (const values of [
      { action: "APPROVE" } as Record<string, string>,
      { action: "APPROVE", rejectReason: "typed, then Approve picked" },
    ]) {
      const s = parse(values);
      if (s.status !== "success") throw new Error("refused");
      expect(s.value).toEqual({ action: "APPROVE", rejectReason: null });
    }
  });

  it("takes a reason of exactly the most characters and refuses one more", () => {
    expect(errors({ action: "REJECT", rejectReason: "r".repeat(REJECT_REASON_MAX) })).toBeNull();
    expect(
      errors({ action: "REJECT", rejectReason: "r".repeat(REJECT_REASON_MAX + 1) })?.rejectReason,
    ).toEqual([MSG.tooLong("Reject reason", REJECT_REASON_MAX)]);
  });
});

describe("boatsLeft", () => {
  it("is max boats less the approved, never below 0", () => {
    expect(boatsLeft(10, 3)).toBe(7);
    expect(boatsLeft(10, 10)).toBe(0);
    expect(boatsLeft(5, 8)).toBe(0);
  });
});

describe("bookingRefusal", () => {
  const NOW = Date.parse("2026-12-01T00:00:00Z");
  const session = (over: Partial<{ startTime: number; maxBoat: number; approved: number }> = {}) => ({
    startTime: NOW + HOUR,
    maxBoat: 10,
    approved: 4,
    ...over,
  });

  it("refuses a vanished session, one in the past and one starting exactly now", () => {
    expect(bookingRefusal(undefined, 1, NOW)).toBe(MSG.bookingSessionGone);
    expect(bookingRefusal(session({ startTime: NOW - HOUR }), 1, NOW)).toBe(MSG.bookingSessionGone);
    expect(bookingRefusal(session({ startTime: NOW }), 1, NOW)).toBe(MSG.bookingSessionGone);
    expect(bookingRefusal(session({ startTime: NOW + 1 }), 1, NOW)).toBeNull();
  });

  it("takes exactly the boats left and refuses one more", () => {
    expect(bookingRefusal(session(), 6, NOW)).toBeNull();
    expect(bookingRefusal(session(), 7, NOW)).toBe(MSG.bookingTooMany(6));
    expect(bookingRefusal(session({ approved: 9 }), 2, NOW)).toBe(MSG.bookingTooMany(1));
    expect(MSG.bookingTooMany(1)).toBe("Only 1 boat is left in this session.");
  });

  it("refuses any request for a full session", () => {
    expect(bookingRefusal(session({ approved: 10 }), 1, NOW)).toBe(MSG.bookingTooMany(0));
    expect(MSG.bookingTooMany(0)).toBe("No boats are left in this session. Pick another session.");
  });

  it("refuses a second request while the club's first is pending, whatever the number; a gone session first", () => {
    for (const n of [1, 6, 7])
      expect(bookingRefusal(session(), n, NOW, true)).toBe(MSG.bookingAlreadyPending);
    expect(bookingRefusal(session(), 1, NOW, false)).toBeNull();
    expect(bookingRefusal(session({ startTime: NOW }), 1, NOW, true)).toBe(MSG.bookingSessionGone);
    expect(bookingRefusal(undefined, 1, NOW, true)).toBe(MSG.bookingSessionGone);
  });
});

describe("decisionRefusal", () => {
  const NOW = Date.parse("2026-12-01T00:00:00Z");
  const pending = { status: "PENDING" as const, boat: 3 };
  const session = (approved: number, startTime = NOW + HOUR) => ({ startTime, maxBoat: 10, approved });

  it("refuses any reservation that is not pending, either way", () => {
    for (const status of ["APPROVED", "REJECTED", "CANCELLED"] as const)
      for (const action of ["APPROVE", "REJECT"] as const) {
        expect(decisionRefusal({ status, boat: 1 }, session(0), action, NOW)).toBe(MSG.reservationNotPending);
        expect(decisionRefusal({ status, boat: 1 }, session(0, NOW - HOUR), action, NOW)).toBe(
          MSG.reservationNotPending,
        );
      }
  });

  it("approves up to exactly max boats and refuses one over", () => {
    expect(decisionRefusal(pending, session(7), "APPROVE", NOW)).toBeNull();
    expect(decisionRefusal(pending, session(8), "APPROVE", NOW)).toBe(MSG.reservationOverbooked(2, 3));
    expect(decisionRefusal(pending, session(10), "APPROVE", NOW)).toBe(MSG.reservationOverbooked(0, 3));
  });

  it("rejects whatever the session's boats", () => {
    expect(decisionRefusal(pending, session(10), "REJECT", NOW)).toBeNull();
  });

  it("refuses approving a session that has started (at its start or later); rejecting it stays allowed", () => {
    expect(decisionRefusal(pending, session(0, NOW + 1), "APPROVE", NOW)).toBeNull();
    expect(decisionRefusal(pending, session(0, NOW), "APPROVE", NOW)).toBe(MSG.reservationStarted);
    expect(decisionRefusal(pending, session(0, NOW - HOUR), "APPROVE", NOW)).toBe(MSG.reservationStarted);
    expect(decisionRefusal(pending, session(10, NOW - HOUR), "APPROVE", NOW)).toBe(MSG.reservationStarted);
    expect(decisionRefusal(pending, session(0, NOW), "REJECT", NOW)).toBeNull();
    expect(decisionRefusal(pending, session(10, NOW - HOUR), "REJECT", NOW)).toBeNull();
  });
});

describe("maxBoatRefusal", () => {
  it("lets max boats come down to the approved boats, not below", () => {
    expect(maxBoatRefusal(5, 5)).toBeNull();
    expect(maxBoatRefusal(6, 5)).toBeNull();
    expect(maxBoatRefusal(1, 0)).toBeNull();
    expect(maxBoatRefusal(4, 5)).toBe(MSG.sessionMaxBelowApproved(5));
    expect(MSG.sessionMaxBelowApproved(1)).toContain("the 1 boat already approved");
  });
});

describe("previousTimes (invalid date input keeps the previous value)", () => {
  const form = (entries: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(entries)) f.append(k, v);
    return f;
  };
  it("puts an invalid time box back to what it showed before", () => {
    expect(
      previousTimes(
        form({
          startTime: "1999-12-01T07:00",
          startTimeWas: "2026-12-01T07:00",
          endTime: "2026-02-31T09:00",
          endTimeWas: "2026-12-01T09:00",
        }),
      ),
    ).toEqual({ startTime: "2026-12-01T07:00", endTime: "2026-12-01T09:00" });
  });
  it("leaves valid and empty boxes alone; a previous value that is not valid is empty", () => {
    expect(
      previousTimes(form({ startTime: "2026-12-01T07:00", startTimeWas: "2026-11-01T07:00", endTime: "" })),
    ).toEqual({});
    expect(previousTimes(form({ startTime: "tomorrow", startTimeWas: "1999-01-01T00:00" }))).toEqual({
      startTime: "",
    });
    expect(previousTimes(form({ endTime: "tomorrow" }))).toEqual({ endTime: "" });
  });
});
