// tests/factories' orders, payment logs, waitlist entries, user columns and the ticket description
// restore: each writes the row the raw SQL of tests/e2e/db.ts wrote before (issue 30), defaults and
// the edition trigger's edition_id included.
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { findUserById } from "~/models/user.server";
import { club, event, order, paymentLog, restoreTicket, setUser, user, waitlistEntry } from "../factories";

const sqlite = () => db().$client;
const row = (table: string, id: number) =>
  sqlite().prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Record<string, unknown>;
const rowsOf = (table: string, orderId: number) =>
  sqlite().prepare(`SELECT * FROM ${table} WHERE order_id = ? ORDER BY id`).all(orderId) as Record<
    string,
    unknown
  >[];
/** A row without the columns that differ between two inserts by design. */
const facts = (r: Record<string, unknown>, ...skip: string[]) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => !["id", "order_id", ...skip].includes(k)));

describe("tests/factories: orders and the rest", () => {
  it("order: as a raw INSERT with the schema's defaults (times now, open edition, no effects)", () => {
    const owner = user();
    const member = user();
    const made = order(owner.id, {}, [{ kind: "MEMBERSHIP", count: 1, price: 3000, userId: member.id }]);
    const rawId = Number(
      sqlite()
        .prepare("INSERT INTO orders (owner_id, status, token) VALUES (?, 'PROCESSING', ?)")
        .run(owner.id, `raw-${made.token}`).lastInsertRowid,
    );
    sqlite()
      .prepare(
        "INSERT INTO order_lines (kind, count, price, order_id, user_id) VALUES ('MEMBERSHIP', 1, ?, ?, ?)",
      )
      .run(3000, rawId, member.id);
    const mine = row("orders", made.id);
    expect(mine.edition_id).not.toBeNull();
    expect(Math.abs(Number(mine.created_at) - Date.now())).toBeLessThan(60_000);
    expect(facts(mine, "token", "created_at", "updated_at")).toEqual(
      facts(row("orders", rawId), "token", "created_at", "updated_at"),
    );
    expect(rowsOf("order_lines", made.id).map((r) => facts(r))).toEqual(
      rowsOf("order_lines", rawId).map((r) => facts(r)),
    );
  });

  it("order: status, times, transaction id, effects, lines and notes as given", () => {
    const owner = user();
    const e = event();
    const at = Date.UTC(2026, 5, 1, 4);
    const made = order(
      owner.id,
      {
        status: "PAID",
        createdAt: new Date(at),
        updatedAt: new Date(at),
        transactionId: "T-1",
        effectsAppliedAt: new Date(at),
      },
      [
        { kind: "EVENT", count: 2, price: 10000, eventId: e.id },
        { kind: "TICKET", count: 1, price: 8000 },
      ],
      [
        {
          note: "first",
          userId: owner.id,
          author: "ADMIN",
          createdAt: new Date(at + 1),
          updatedAt: new Date(at + 1),
        },
      ],
    );
    expect(row("orders", made.id)).toMatchObject({
      status: "PAID",
      created_at: at,
      updated_at: at,
      transaction_id: "T-1",
      effects_applied_at: at,
      replaced_by: null,
      owner_id: owner.id,
    });
    expect(rowsOf("order_lines", made.id).map((r) => facts(r))).toEqual([
      { kind: "EVENT", count: 2, price: 10000, event_id: e.id, user_id: null },
      { kind: "TICKET", count: 1, price: 8000, event_id: null, user_id: null },
    ]);
    expect(rowsOf("order_notes", made.id).map((r) => facts(r))).toEqual([
      { note: "first", user_id: owner.id, author: "ADMIN", created_at: at + 1, updated_at: at + 1 },
    ]);
  });

  it("paymentLog: a verified callback in the open edition unless told", () => {
    const ref = `ref-${Date.now()}`;
    paymentLog({ orderId: ref, statusId: "1", msg: "ok", transactionId: "T-9", createdAt: new Date(5000) });
    paymentLog({ orderId: ref, statusId: "0", verified: false, source: "return" });
    const logs = sqlite()
      .prepare("SELECT * FROM payment_logs WHERE order_id = ? ORDER BY id")
      .all(ref) as Record<string, unknown>[];
    expect(logs.map((r) => facts(r, "created_at"))).toEqual([
      { status_id: "1", msg: "ok", transaction_id: "T-9", verified: 1, source: "callback", edition_id: 1 },
      { status_id: "0", msg: "", transaction_id: "", verified: 0, source: "return", edition_id: 1 },
    ]);
    expect(logs[0].created_at).toBe(5000);
  });

  it("waitlistEntry: WAITING, nothing held, unless told", () => {
    const c = club();
    const m = user({ associationId: c.id });
    const e = event();
    const waiting = waitlistEntry(e.id, c.id, m.id, 2);
    expect(facts(row("waitlist", waiting.id), "created_at", "updated_at")).toEqual({
      event_id: e.id,
      association_id: c.id,
      user_id: m.id,
      teams: 2,
      status: "WAITING",
      held: 0,
      hold_until: null,
    });
    expect(waitlistEntry(e.id, club().id, m.id, 1, { status: "LEFT" }).status).toBe("LEFT");
  });

  it("setUser: only the columns given (undefined ones stay)", () => {
    const u = user({ verified: true, gender: "MALE", yob: 1990 });
    setUser(u.id, { approved: true, verified: undefined, yob: 1985 });
    expect(findUserById(u.id)).toMatchObject({ verified: true, approved: true, gender: "MALE", yob: 1985 });
    setUser(u.id, {});
    expect(findUserById(u.id)).toMatchObject({ verified: true, approved: true });
  });

  it("restoreTicket: only while the description is still the test's", () => {
    sqlite()
      .prepare(
        `INSERT INTO settings (id, crew_tag_fee_sen, ticket_price_sen, ticket_description, regatta_name, regatta_year, payment_due_hours)
         VALUES (1, 3000, 8000, 'mine', 'R', 2026, 48)
         ON CONFLICT(id) DO UPDATE SET ticket_description = 'mine'`,
      )
      .run();
    expect(restoreTicket(1, "other", "original")).toBe(false);
    expect(restoreTicket(1, "mine", "original")).toBe(true);
    const description = sqlite()
      .prepare("SELECT ticket_description FROM settings WHERE id = 1")
      .pluck()
      .get();
    expect(description).toBe("original");
  });
});
