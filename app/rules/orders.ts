// Order rules, pure: draft totals, what a payment result does to an order, who may change a
// status, when an unpaid order is overdue. The models apply them inside transactions.
import type { OrderLineKind, OrderStatus } from "../../db/enums";
import { type Failure, fail } from "./failure";
import { compareText } from "./compare";

export type DraftLine = {
  kind: OrderLineKind;
  /** What the line is for, as shown: a member's name, an event's name, 'Dinner Ticket'. */
  label: string;
  /** Unit price in sen. */
  price: number;
  count: number;
  userId?: number | null;
  eventId?: number | null;
};

export type Draft = { lines: DraftLine[]; total: number };

export const lineSubtotal = (l: Pick<DraftLine, "price" | "count">) => l.price * l.count;
export const draftTotal = (lines: Pick<DraftLine, "price" | "count">[]) =>
  lines.reduce((sum, l) => sum + lineSubtotal(l), 0);

export type MemberForFee = {
  id: number;
  name: string;
  approved: boolean;
  membershipPaid: boolean;
  inOpenOrder: boolean;
};
export type FeeRefusal = "noneSelected" | "notApproved" | "alreadyPaid" | "alreadyInOrder";

/** The crew tag fee draft for the selected members: one line each at the fee, or why not. */
export function membershipDraft(
  members: MemberForFee[],
  feeSen: number,
): ({ ok: true } & Draft) | Failure<FeeRefusal> {
  if (members.length === 0) return fail("noneSelected");
  if (members.some((m) => !m.approved)) return fail("notApproved");
  if (members.some((m) => m.membershipPaid)) return fail("alreadyPaid");
  if (members.some((m) => m.inOpenOrder)) return fail("alreadyInOrder");
  const lines = [...members]
    .sort((a, b) => compareText(a.name, b.name))
    .map((m) => ({ kind: "MEMBERSHIP" as const, label: m.name, price: feeSen, count: 1, userId: m.id }));
  return { ok: true, lines, total: draftTotal(lines) };
}

/**
 * What a verified payment result does: status 1 (paid) makes any unpaid order PAID (a late success
 * after a failure, a cancellation or the auto-cancel still took the buyer's money); 0 (failed)
 * fails only a PROCESSING order; 2 (pending) and anything else change nothing.
 */
export function paymentTransition(current: OrderStatus, statusId: string): OrderStatus | null {
  if (statusId === "1") return current === "PAID" ? null : "PAID";
  if (statusId === "0") return current === "PROCESSING" ? "FAILED" : null;
  return null;
}

/** A manager may cancel their own order only while it is Processing. */
export const managerMayCancel = (status: OrderStatus) => status === "PROCESSING";

/** Admin: any status but the current one. */
export const adminMaySet = (from: OrderStatus, to: OrderStatus) => from !== to;

/** An unpaid order is cancelled once it is older than the due hours. */
export function isOverdue(createdAt: number, now: number, dueHours: number): boolean {
  return now - createdAt >= dueHours * 3_600_000;
}
