import { describe, expect, it } from "vitest";
import {
  adminMaySet,
  draftTotal,
  isOverdue,
  managerMayCancel,
  membershipDraft,
  paymentTransition,
} from "./orders";

const m = (id: number, extra: Partial<Parameters<typeof membershipDraft>[0][number]> = {}) => ({
  id,
  name: `M${id}`,
  approved: true,
  membershipPaid: false,
  inOpenOrder: false,
  ...extra,
});

describe("crew tag fee draft", () => {
  it("one line per member at the fee, by name, and the total", () => {
    const d = membershipDraft([m(2), m(1)], 3000);
    expect(d).toEqual({
      ok: true,
      lines: [
        { kind: "MEMBERSHIP", label: "M1", price: 3000, count: 1, userId: 1 },
        { kind: "MEMBERSHIP", label: "M2", price: 3000, count: 1, userId: 2 },
      ],
      total: 6000,
    });
  });
  it("refuses nobody, unapproved, paid, or already-in-an-open-order members", () => {
    expect(membershipDraft([], 3000)).toEqual({ ok: false, code: "noneSelected" });
    expect(membershipDraft([m(1, { approved: false })], 3000)).toEqual({ ok: false, code: "notApproved" });
    expect(membershipDraft([m(1), m(2, { membershipPaid: true })], 3000)).toEqual({
      ok: false,
      code: "alreadyPaid",
    });
    expect(membershipDraft([m(1, { inOpenOrder: true })], 3000)).toEqual({
      ok: false,
      code: "alreadyInOrder",
    });
  });
  it("totals price x count", () => {
    expect(
      draftTotal([
        { price: 8000, count: 3 },
        { price: 50, count: 1 },
      ]),
    ).toBe(24050);
  });
});

describe("payment results", () => {
  it("paid makes any unpaid order PAID, once", () => {
    for (const s of ["PROCESSING", "FAILED", "CANCELLED"] as const)
      expect(paymentTransition(s, "1")).toBe("PAID");
    expect(paymentTransition("PAID", "1")).toBeNull();
  });
  it("failed fails only a processing order", () => {
    expect(paymentTransition("PROCESSING", "0")).toBe("FAILED");
    for (const s of ["PAID", "FAILED", "CANCELLED"] as const) expect(paymentTransition(s, "0")).toBeNull();
  });
  it("pending and unknown change nothing", () => {
    expect(paymentTransition("PROCESSING", "2")).toBeNull();
    expect(paymentTransition("PROCESSING", "x")).toBeNull();
  });
});

describe("who may change a status", () => {
  it("a manager cancels only a processing order; an admin sets any other status", () => {
    expect(managerMayCancel("PROCESSING")).toBe(true);
    expect(managerMayCancel("PAID")).toBe(false);
    expect(adminMaySet("PAID", "PAID")).toBe(false);
    expect(adminMaySet("PAID", "FAILED")).toBe(true);
  });
  it("an order is overdue after the due hours", () => {
    expect(isOverdue(0, 24 * 3_600_000 - 1, 24)).toBe(false);
    expect(isOverdue(0, 24 * 3_600_000, 24)).toBe(true);
  });
});
