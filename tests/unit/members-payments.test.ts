// Members and payments against a real SQLite file: the tabs of a manager's own association, the
// approval (own pending members only, audited), the crew tag fee checkout (other clubs' ids, paid
// members and members already in a Processing order refused, in the same transaction as the
// order), and the callback, return and simulator routes running the real hashing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "~/services/access.server";
import { db, schema } from "~/lib/db.server";
import { requestHash, returnHash } from "~/lib/payments/senangpay";
import { simulatorSecret } from "~/lib/payments/provider.server";
import { listAudit } from "~/models/audit.server";
import {
  approveMembers,
  checkoutMembership,
  feeDraft,
  listMembers,
  memberCounts,
  memberPhoto,
  parseMemberIds,
} from "~/models/member.server";
import { createOrder, paymentRefOf } from "~/models/order.server";
import { paymentRef } from "~/rules/payment-ref";
import type { User } from "~/models/user.server";
import { action as callbackAction, loader as callbackLoader } from "~/routes/senangpay.callback";
import { loader as simulatorLoader } from "~/routes/simulator.pay";
import { club as makeClub } from "../factories";

type State = { verified?: boolean; approved?: boolean; membershipPaid?: boolean; image?: string | null };
type Club = {
  id: number;
  scope: Scope;
  manager: User;
  unverified: number[];
  pending: number[];
  fee: number[];
  paid: number[];
};

let n = 0;
function user(associationId: number, role: "MANAGER" | "COMPETITOR", state: State, name?: string): User {
  const row = db()
    .insert(schema.users)
    .values({
      email: `mp${++n}@example.test`,
      hash: "x",
      name: name ?? `MP MEMBER ${String(n).padStart(3, "0")}`,
      role,
      associationId,
      verified: state.verified ?? true,
      approved: state.approved ?? false,
      membershipPaid: state.membershipPaid ?? false,
      image: state.image ?? null,
      validImage: state.image ? 1 : 2,
    })
    .returning()
    .get();
  const { hash: _hash, ...safe } = row;
  return safe;
}

function clubOfMembers(name: string): Club {
  const { id } = makeClub({ name, token: `mp-${name}` });
  const manager = user(id, "MANAGER", { approved: true }, `${name} MANAGER`);
  const many = (k: number, s: State) => Array.from({ length: k }, () => user(id, "COMPETITOR", s).id);
  return {
    id,
    scope: { kind: "association", associationId: id },
    manager,
    unverified: many(2, { verified: false }),
    pending: many(3, { verified: true }),
    // The manager is a member too: approved, fee not paid.
    fee: [manager.id, ...many(4, { approved: true, image: "mp-photo.jpg" })],
    paid: many(2, { approved: true, membershipPaid: true }),
  };
}

const row = (id: number) => db().select().from(schema.users).where(eq(schema.users.id, id)).get()!;
const orderOf = (id: number) => db().select().from(schema.orders).where(eq(schema.orders.id, id)).get()!;
const ordersOwnedBy = (ownerId: number) =>
  db().select().from(schema.orders).where(eq(schema.orders.ownerId, ownerId)).all();
const page = { limit: 50, offset: 0 };
const FEE = 3000;

let a: Club;
let b: Club;

beforeAll(() => {
  a = clubOfMembers("MP Alpha");
  b = clubOfMembers("MP Beta");
});

describe("member tabs", () => {
  it("count and list only the manager's own association, each member in one tab", () => {
    expect(memberCounts(1, a.scope)).toEqual({ paid: 2, unverified: 2, pending: 3, fee: 5 });
    for (const [tab, ids] of [
      ["paid", a.paid],
      ["unverified", a.unverified],
      ["pending", a.pending],
      ["fee", a.fee],
    ] as const) {
      const listed = listMembers(1, a.scope, tab, page);
      expect(listed.total).toBe(ids.length);
      expect(listed.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    }
    const everyoneOfB = [...b.paid, ...b.unverified, ...b.pending, ...b.fee];
    const listedForA = (["paid", "unverified", "pending", "fee"] as const).flatMap((t) =>
      listMembers(1, a.scope, t, page).rows.map((r) => r.id),
    );
    expect(listedForA.filter((id) => everyoneOfB.includes(id))).toEqual([]);
  });

  it("pages by name and refuses a staff scope", () => {
    const first = listMembers(1, a.scope, "fee", { limit: 2, offset: 0 });
    const rest = listMembers(1, a.scope, "fee", { limit: 50, offset: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBe(5);
    const names = [...first.rows, ...rest.rows].map((r) => r.name);
    expect(names).toEqual([...names].sort());
    expect(() => memberCounts(1, { kind: "all" })).toThrow();
  });

  it("keeps the tabs only until the database changes, per club, and a caller's edits stay its own", () => {
    const c = clubOfMembers("MP Gamma");
    const before = memberCounts(1, c.scope);
    const listed = listMembers(1, c.scope, "pending", page);
    // Kept: the same answer again, and what a caller does to its copy changes no one else's.
    listed.rows[0].name = "EDITED BY A CALLER";
    before.pending = 99;
    expect(listMembers(1, c.scope, "pending", page).rows[0].name).not.toBe("EDITED BY A CALLER");
    expect(memberCounts(1, c.scope).pending).toBe(3);
    // Another club's tabs are its own (the key holds the association).
    expect(
      listMembers(1, b.scope, "pending", page)
        .rows.map((r) => r.id)
        .sort(),
    ).toEqual([...b.pending].sort());
    // A write (the manager approves one) shows at once, in the counts and in both tabs.
    approveMembers(c.manager, c.scope, [c.pending[0]]);
    expect(memberCounts(1, c.scope)).toMatchObject({ pending: 2, fee: 6 });
    expect(listMembers(1, c.scope, "pending", page).rows.map((r) => r.id)).not.toContain(c.pending[0]);
    expect(listMembers(1, c.scope, "fee", page).rows.map((r) => r.id)).toContain(c.pending[0]);
  });

  it("shows a photo only of an own member", () => {
    expect(memberPhoto(a.scope, a.fee[1])?.image).toBe("mp-photo.jpg");
    expect(memberPhoto(b.scope, a.fee[1])).toBeNull();
    expect(memberPhoto(a.scope, a.pending[0])).toBeNull(); // no photo
  });

  it("reads ticked ids strictly", () => {
    expect(parseMemberIds(["1", "22"])).toEqual([1, 22]);
    expect(parseMemberIds(["1", "x"])).toBeNull();
    expect(parseMemberIds(["-1"])).toBeNull();
    expect(parseMemberIds(Array.from({ length: 201 }, () => "1"))).toBeNull();
  });
});

describe("approve", () => {
  it("approves own pending members only, audited; stale ids are skipped", () => {
    const [p1, p2] = a.pending;
    const result = approveMembers(a.manager, a.scope, [p1, p2, a.paid[0], a.unverified[0]]);
    expect(result).toEqual({
      kind: "approved",
      members: expect.arrayContaining([
        expect.objectContaining({ id: p1 }),
        expect.objectContaining({ id: p2 }),
      ]),
    });
    if (result.kind !== "approved") throw new Error("approved");
    expect(result.members).toHaveLength(2);
    expect([row(p1).approved, row(p2).approved]).toEqual([true, true]);
    expect(row(a.unverified[0]).approved).toBe(false); // email not verified: not approvable
    const entry = listAudit({ action: "members.approved" }, { sort: "createdAt", dir: "desc" }, page).rows[0];
    expect(entry.actorId).toBe(a.manager.id);
    expect(JSON.parse(entry.details)).toEqual({ userIds: [p1, p2] });
    // Again: nothing is pending any more.
    expect(approveMembers(a.manager, a.scope, [p1])).toEqual({ kind: "approved", members: [] });
  });

  it("refuses everything when any id is another club's (or unknown)", () => {
    const theirs = b.pending[0];
    const ours = a.pending[2];
    expect(approveMembers(a.manager, a.scope, [ours, theirs])).toEqual({ kind: "foreign" });
    expect(approveMembers(a.manager, a.scope, [ours, 99_999_999])).toEqual({ kind: "foreign" });
    expect([row(theirs).approved, row(ours).approved]).toEqual([false, false]);
  });
});

describe("crew tag fee checkout", () => {
  it("drafts one line per member at the fee, sorted by name", () => {
    const draft = feeDraft(1, a.scope, [a.fee[2], a.fee[1]], FEE);
    if (!draft.ok) throw new Error(draft.code);
    expect(draft.total).toBe(2 * FEE);
    expect(draft.lines.map((l) => l.userId)).toEqual([a.fee[1], a.fee[2]]);
    expect(draft.lines.every((l) => l.price === FEE && l.count === 1 && l.kind === "MEMBERSHIP")).toBe(true);
    expect(feeDraft(1, a.scope, [], FEE)).toEqual({ ok: false, code: "noneSelected" });
  });

  it("refuses another club's members, paid members and unapproved members, and creates nothing", () => {
    const before = ordersOwnedBy(b.manager.id).length;
    expect(checkoutMembership(1, b.manager, b.scope, [a.fee[1]], FEE)).toEqual({
      ok: false,
      code: "foreign",
    });
    expect(checkoutMembership(1, b.manager, b.scope, [b.fee[1], a.fee[1]], FEE)).toEqual({
      ok: false,
      code: "foreign",
    });
    expect(checkoutMembership(1, b.manager, b.scope, [b.paid[0]], FEE)).toEqual({
      ok: false,
      code: "alreadyPaid",
    });
    expect(checkoutMembership(1, b.manager, b.scope, [b.pending[0]], FEE)).toEqual({
      ok: false,
      code: "notApproved",
    });
    expect(checkoutMembership(1, b.manager, b.scope, [b.unverified[0]], FEE)).toEqual({
      ok: false,
      code: "notApproved",
    });
    expect(ordersOwnedBy(b.manager.id)).toHaveLength(before);
  });

  it("creates one Processing order; the club's next fee checkout replaces it (its members may be chosen again)", () => {
    const [m1, m2, m3] = [a.fee[1], a.fee[2], a.fee[3]];
    const first = checkoutMembership(1, a.manager, a.scope, [m1, m2], FEE);
    if (!first.ok) throw new Error(first.code);
    expect(orderOf(first.order.id).status).toBe("PROCESSING");
    expect(first.order.total).toBe(2 * FEE);
    expect(listMembers(1, a.scope, "fee", page).rows.find((r) => r.id === m1)?.openOrderId).toBe(
      first.order.id,
    );
    // m2 is in the club's open fee order: the draft takes them again (that order will be cancelled).
    const draft = feeDraft(1, a.scope, [m2, m3], FEE);
    expect("lines" in draft && draft.lines.map((l) => l.userId).sort()).toEqual([m2, m3].sort());
    const second = checkoutMembership(1, a.manager, a.scope, [m2, m3], FEE);
    if (!second.ok) throw new Error(second.code);
    expect(second.order.replaced).toEqual([first.order.id]);
    expect(orderOf(first.order.id)).toMatchObject({ status: "CANCELLED", replacedBy: second.order.id });
    expect(orderOf(second.order.id)).toMatchObject({ status: "PROCESSING", replacedBy: null });
    expect(listMembers(1, a.scope, "fee", page).rows.find((r) => r.id === m1)?.openOrderId).toBeNull();
    // A member held by another club's open order (moved clubs meanwhile) is still refused.
    const foreign = createOrder(1, b.manager.id, [
      { kind: "MEMBERSHIP", label: "X", price: FEE, count: 1, userId: m1 },
    ]);
    expect(checkoutMembership(1, a.manager, a.scope, [m1], FEE)).toEqual({
      ok: false,
      code: "alreadyInOrder",
    });
    expect(orderOf(foreign.id).status).toBe("PROCESSING");
    expect(orderOf(second.order.id).status).toBe("PROCESSING");
    expect([row(m1).membershipPaid, row(m2).membershipPaid]).toEqual([false, false]);
  });
});

const callback = (fields: Record<string, string>, method = "POST") =>
  callbackAction({
    request: new Request("http://127.0.0.1:3999/senangpay/callback", {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
    params: {},
    context: {},
  });

function signed(orderId: number, statusId: string, msg: string, transactionId: string) {
  const p = {
    status_id: statusId,
    order_id: paymentRefOf(orderId) ?? paymentRef({ id: orderId, token: "no-such-order" }),
    msg,
    transaction_id: transactionId,
  };
  return { ...p, hash: returnHash("sha256", simulatorSecret(), p) };
}

describe("callback route", () => {
  it("pays an order once, logs every call, forged ones as unverified", async () => {
    const members = [b.fee[1], b.fee[2]];
    const made = checkoutMembership(1, b.manager, b.scope, members, FEE);
    if (!made.ok) throw new Error(made.code);
    const id = made.order.id;
    const paid = signed(id, "1", "Payment_was_successful", "SIM000000000001");

    const forged = await callback({ ...paid, hash: "0".repeat(64) });
    expect(forged.status).toBe(400);
    expect(orderOf(id).status).toBe("PROCESSING");

    const ok = await callback(paid);
    expect([ok.status, await ok.text()]).toEqual([200, "OK"]);
    expect(ok.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const afterFirst = orderOf(id);
    expect(afterFirst.status).toBe("PAID");
    expect(members.map((m) => row(m).membershipPaid)).toEqual([true, true]);

    const replay = await callback(paid);
    expect(await replay.text()).toBe("OK");
    expect(orderOf(id).updatedAt).toEqual(afterFirst.updatedAt);
    expect(orderOf(id).effectsAppliedAt).toEqual(afterFirst.effectsAppliedAt);

    const logs = db()
      .select()
      .from(schema.paymentLogs)
      .where(eq(schema.paymentLogs.orderId, paymentRefOf(id) ?? ""))
      .all();
    expect(logs.map((l) => [l.source, l.verified])).toEqual([
      ["callback", false],
      ["callback", true],
      ["callback", true],
    ]);
  });

  it("answers 400 to a missing parameter and 405 to a GET", async () => {
    const { hash: _h, ...noHash } = signed(1, "1", "x", "y");
    expect((await callback(noHash)).status).toBe(400);
    const get = callbackLoader();
    expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
  });

  it("answers OK to a verified call for an order it does not know", async () => {
    const res = await callback(signed(987_654_321, "1", "Payment_was_successful", "T"));
    expect(await res.text()).toBe("OK");
  });
});

describe("simulator page", () => {
  const load = async (q: Record<string, string>) =>
    (await simulatorLoader({
      request: new Request(`http://127.0.0.1:3999/simulator/pay?${new URLSearchParams(q)}`),
      params: {},
      context: {},
    })) as Response;

  it("shows a correctly hashed request and refuses a tampered one", async () => {
    const q = { detail: "Crew_tag_fee_for_2_members", amount: "60.00", order_id: "42" };
    const hash = requestHash("sha256", simulatorSecret(), q.detail, q.amount, q.order_id);
    const good = await load({ ...q, hash });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({
      ok: true,
      detail: "Crew tag fee for 2 members",
      amount: "RM 60.00",
    });
    const tampered = await load({ ...q, amount: "0.01", hash });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ ok: false });
    expect((await load(q)).status).toBe(400);
  });
});
