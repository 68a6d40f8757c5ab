// Editions (issue 21, ADR 0033): New Edition copies the shape of a year (events, rounds, plans,
// settings) and nothing of its people; Open archives the previous edition, keeps who had paid the
// crew tag fee and makes it due again; and every table of an archived edition refuses every write
// under the app (migration 0018's triggers), whatever code sends it. The models' own sweeps are in
// tests/unit/archive-*.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { isArchivedWrite } from "~/services/edition.server";
import {
  createEdition,
  currentEdition,
  getEdition,
  listEditions,
  managersOfEdition,
  membershipPaidIn,
  openEdition,
} from "~/models/edition.server";
import { crewTagVersion, getSettings } from "~/models/settings.server";

const actor = { id: 1, name: "Admin", email: "admin@example.test" };
const sql = () => db().$client;
const one = <T>(q: string, ...args: unknown[]) =>
  sql()
    .prepare(q)
    .get(...args) as T;
const insert = (q: string, ...args: unknown[]) =>
  Number(
    sql()
      .prepare(q)
      .run(...args).lastInsertRowid,
  );

/** Last year's regatta, as a club would leave it: every table of an edition has a row. */
function lastYear() {
  const club = insert(
    "INSERT INTO associations (name, country, token) VALUES ('Penang', 'MY', 'tok-penang')",
  );
  const other = insert("INSERT INTO associations (name, country, token) VALUES ('Quiet', 'MY', 'tok-quiet')");
  const user = (email: string, role: string, association: number | null, paid = 0, locale = "en") =>
    insert(
      `INSERT INTO users (email, hash, name, role, verified, approved, association_id, membership_paid, locale)
       VALUES (?, 'x', ?, ?, 1, 1, ?, ?, ?)`,
      email,
      email.toUpperCase(),
      role,
      association,
      paid,
      locale,
    );
  user("admin@example.test", "ADMIN", null);
  const manager = user("manager@example.test", "MANAGER", club, 1, "ms");
  const member = user("member@example.test", "COMPETITOR", club, 1);
  const unpaid = user("unpaid@example.test", "COMPETITOR", club, 0);
  user("quiet@example.test", "MANAGER", other, 1);
  const event = insert(
    "INSERT INTO events (name, price, max_team, edition_id) VALUES ('250M MIXED', 12000, 20, 1)",
  );
  insert("INSERT INTO events (name, deleted, edition_id) VALUES ('GONE', 1, 1)");
  const team = insert(
    "INSERT INTO teams (name, association_id, event_id) VALUES ('PENANG A', ?, ?)",
    club,
    event,
  );
  insert("INSERT INTO team_members (team_id, user_id) VALUES (?, ?)", team, member);
  insert(
    "INSERT INTO waitlist (association_id, event_id, user_id, teams) VALUES (?, ?, ?, 1)",
    other,
    event,
    manager,
  );
  const heat = insert(
    "INSERT INTO rounds (name, event_id, race_number, scheduled_at, result_state, revision) VALUES ('HEAT 1', ?, 1, 1790000000000, 'OFFICIAL', 1)",
    event,
  );
  const final = insert("INSERT INTO rounds (name, event_id, race_number) VALUES ('FINAL', ?, 2)", event);
  insert(
    "INSERT INTO progression_plans (to_round_id, event_id, mode, count, lanes) VALUES (?, ?, 'TIME', 4, 6)",
    final,
    event,
  );
  insert("INSERT INTO progression_sources (to_round_id, from_round_id) VALUES (?, ?)", final, heat);
  insert(
    "INSERT INTO races (round_id, team_id, lane, time_ms, place) VALUES (?, ?, 1, 61000, 1)",
    heat,
    team,
  );
  insert("INSERT INTO scan_logs (round_id, team_id, user_id) VALUES (?, ?, ?)", heat, team, member);
  insert("INSERT INTO scoreboard_rounds (round_id) VALUES (?)", heat);
  insert("INSERT INTO notices (text, edition_id) VALUES ('Lunch at 12', 1)");
  const order = insert(
    "INSERT INTO orders (owner_id, status, token, edition_id) VALUES (?, 'PAID', 'tok-order', 1)",
    manager,
  );
  insert(
    "INSERT INTO order_lines (kind, count, price, order_id, event_id) VALUES ('EVENT', 1, 12000, ?, ?)",
    order,
    event,
  );
  insert(
    "INSERT INTO order_notes (note, user_id, order_id, author) VALUES ('paid cash', ?, ?, 'Admin')",
    manager,
    order,
  );
  const session = insert(
    "INSERT INTO training_sessions (start_time, end_time, max_boat, edition_id) VALUES (1790000000000, 1790003600000, 4, 1)",
  );
  insert(
    "INSERT INTO training_reservations (boat, association_id, session_id) VALUES (1, ?, ?)",
    club,
    session,
  );
  const eoiEvent = insert("INSERT INTO eoi_events (name, edition_id) VALUES ('500M', 1)");
  const eoiUser = insert(
    "INSERT INTO eoi_users (email, name, country, team) VALUES ('e@x.test', 'E', 'MY', 'Penang')",
  );
  insert("INSERT INTO eois (eoi_user_id, eoi_event_id) VALUES (?, ?)", eoiUser, eoiEvent);
  insert(
    `INSERT INTO settings (id, crew_tag_fee_sen, ticket_price_sen, ticket_description, regatta_name, regatta_year,
       payment_due_hours, entries_close_at, crew_tag_version, protest_minutes)
     VALUES (1, 5000, 8000, 'Dinner', 'Regatta', 2026, 24, 1790000000000, 3, 20)`,
  );
  return { club, manager, member, unpaid, event, team, heat, final, order, session, eoiEvent };
}

let made: ReturnType<typeof lastYear>;
let next: number;

beforeAll(() => {
  made = lastYear();
  const created = createEdition(actor, {
    fromId: 1,
    name: "Regatta 2027",
    year: 2027,
    startsOn: "2027-09-25",
    endsOn: "2027-09-26",
  });
  if (!created.ok) throw new Error(`not created: ${created.code}`);
  next = created.id;
});

describe("New Edition", () => {
  it("copies events, rounds (names only), plans and settings into a Draft, audited", () => {
    expect(getEdition(next)).toMatchObject({ name: "Regatta 2027", year: 2027, state: "DRAFT" });
    const events = sql().prepare("SELECT name, price, max_team FROM events WHERE edition_id = ?").all(next);
    expect(events).toEqual([{ name: "250M MIXED", price: 12000, max_team: 20 }]); // not the deleted one
    const rounds = sql()
      .prepare(
        "SELECT name, race_number, scheduled_at, result_state, revision FROM rounds WHERE edition_id = ? ORDER BY id",
      )
      .all(next);
    expect(rounds).toEqual([
      { name: "HEAT 1", race_number: null, scheduled_at: null, result_state: "NONE", revision: 0 },
      { name: "FINAL", race_number: null, scheduled_at: null, result_state: "NONE", revision: 0 },
    ]);
    const plan = one<{ from: string; to: string }>(
      `SELECT f.name AS "from", t.name AS "to" FROM progression_sources s
       JOIN rounds f ON f.id = s.from_round_id JOIN rounds t ON t.id = s.to_round_id WHERE t.edition_id = ?`,
      next,
    );
    expect(plan).toEqual({ from: "HEAT 1", to: "FINAL" });
    // Fees and windows carry over; deadlines do not; tags are signed with the next version.
    expect(getSettings(next)).toMatchObject({
      crewTagFeeSen: 5000,
      protestMinutes: 20,
      regattaYear: 2027,
      entriesCloseAt: null,
    });
    expect(crewTagVersion(next)).toBe(4);
    // Nothing of the people: no teams, orders, results, bookings or answers.
    const counts = one<Record<string, number>>(
      `SELECT (SELECT count(*) FROM teams t JOIN events e ON e.id = t.event_id WHERE e.edition_id = @e) AS teams,
              (SELECT count(*) FROM orders WHERE edition_id = @e) AS orders,
              (SELECT count(*) FROM races r JOIN rounds o ON o.id = r.round_id WHERE o.edition_id = @e) AS races,
              (SELECT count(*) FROM training_sessions WHERE edition_id = @e) AS sessions,
              (SELECT count(*) FROM eoi_events WHERE edition_id = @e) AS eoi`,
      { e: next },
    );
    expect(counts).toEqual({ teams: 0, orders: 0, races: 0, sessions: 0, eoi: 0 });
    expect(one<{ n: number }>("SELECT count(*) AS n FROM audit_log WHERE action = 'edition.created'").n).toBe(
      1,
    );
  });

  it("refuses a year that exists and an edition to copy that does not", () => {
    const base = { name: "Again", startsOn: "2027-01-01", endsOn: "2027-01-02" };
    expect(createEdition(actor, { ...base, fromId: 1, year: 2027 })).toEqual({ ok: false, code: "year" });
    expect(createEdition(actor, { ...base, fromId: 999, year: 2030 })).toEqual({ ok: false, code: "from" });
    expect(listEditions().map((e) => e.year)).toEqual([2027, expect.any(Number)]);
  });
});

describe("Open", () => {
  it("archives the open edition, keeps who had paid and makes the fee due again", () => {
    const before = currentEdition();
    const opened = openEdition(actor, next);
    expect(opened).toMatchObject({
      ok: true,
      edition: { id: next, state: "OPEN" },
      previous: { id: before.id, state: "ARCHIVED" },
    });
    expect(currentEdition().id).toBe(next);
    const archived = getEdition(before.id);
    if (!archived) throw new Error("gone");
    expect(membershipPaidIn(archived, made.member)).toBe(true);
    expect(membershipPaidIn(archived, made.unpaid)).toBe(false);
    expect(membershipPaidIn(currentEdition(), made.member)).toBe(false);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM users WHERE membership_paid = 1").n).toBe(0);
    // The managers of the clubs that took part (a team or an order), not the quiet one's.
    expect(managersOfEdition(before.id).map((m) => [m.email, m.locale])).toEqual([
      ["manager@example.test", "ms"],
    ]);
    // Only a Draft opens.
    expect(openEdition(actor, before.id)).toEqual({ ok: false, code: "not-draft" });
    expect(openEdition(actor, 999)).toEqual({ ok: false, code: "missing" });
  });

  it("leaves every table of the archive refusing every write, and nothing changed", () => {
    const tables = [
      "events",
      "teams",
      "team_members",
      "waitlist",
      "rounds",
      "races",
      "progression_plans",
      "progression_sources",
      "scan_logs",
      "scoreboard_rounds",
      "notices",
      "orders",
      "order_lines",
      "order_notes",
      "training_sessions",
      "training_reservations",
      "eoi_events",
      "eois",
      "settings",
      "edition_members",
    ];
    const snapshot = () =>
      Object.fromEntries(tables.map((t) => [t, JSON.stringify(sql().prepare(`SELECT * FROM ${t}`).all())]));
    const before = snapshot();
    const refused = (q: string, ...args: unknown[]) => {
      let error: unknown = null;
      try {
        sql()
          .prepare(q)
          .run(...args);
      } catch (e) {
        error = e;
      }
      expect(isArchivedWrite(error), q).toBe(true);
    };
    const m = made;
    // Changes and removals of its rows.
    refused("UPDATE events SET price = 1 WHERE id = ?", m.event);
    refused("DELETE FROM events WHERE id = ?", m.event);
    refused("UPDATE teams SET name = 'X' WHERE id = ?", m.team);
    refused("DELETE FROM team_members WHERE team_id = ?", m.team);
    refused("UPDATE waitlist SET teams = 2 WHERE event_id = ?", m.event);
    refused("UPDATE rounds SET result_state = 'NONE' WHERE id = ?", m.heat);
    refused("UPDATE races SET time_ms = 1 WHERE round_id = ?", m.heat);
    refused("DELETE FROM progression_plans WHERE to_round_id = ?", m.final);
    refused("DELETE FROM progression_sources WHERE to_round_id = ?", m.final);
    refused("DELETE FROM scan_logs WHERE round_id = ?", m.heat);
    refused("DELETE FROM scoreboard_rounds WHERE round_id = ?", m.heat);
    refused("UPDATE notices SET removed_at = 1");
    refused("UPDATE orders SET status = 'CANCELLED' WHERE id = ?", m.order);
    refused("UPDATE order_lines SET count = 2 WHERE order_id = ?", m.order);
    refused("DELETE FROM order_notes WHERE order_id = ?", m.order);
    refused("UPDATE training_sessions SET max_boat = 9 WHERE id = ?", m.session);
    refused("UPDATE training_reservations SET status = 'APPROVED' WHERE session_id = ?", m.session);
    refused("DELETE FROM eoi_events WHERE id = ?", m.eoiEvent);
    refused("DELETE FROM eois WHERE eoi_event_id = ?", m.eoiEvent);
    refused("UPDATE settings SET crew_tag_fee_sen = 1 WHERE id = 1");
    refused("DELETE FROM edition_members WHERE edition_id = 1");
    // New rows in it, or rows moved into it.
    refused("INSERT INTO events (name, edition_id) VALUES ('NEW', 1)");
    refused("INSERT INTO teams (name, association_id, event_id) VALUES ('PENANG B', ?, ?)", m.club, m.event);
    refused("INSERT INTO team_members (team_id, user_id) VALUES (?, ?)", m.team, m.unpaid);
    refused("INSERT INTO rounds (name, event_id) VALUES ('HEAT 2', ?)", m.event);
    refused("INSERT INTO races (round_id, team_id, lane) VALUES (?, ?, 2)", m.heat, m.team);
    refused("INSERT INTO scan_logs (round_id, team_id, user_id) VALUES (?, ?, ?)", m.heat, m.team, m.unpaid);
    refused("INSERT INTO orders (owner_id, token, edition_id) VALUES (?, 'tok-2', 1)", m.manager);
    refused("INSERT INTO order_lines (kind, count, price, order_id) VALUES ('TICKET', 1, 1, ?)", m.order);
    refused(
      "INSERT INTO training_reservations (boat, association_id, session_id) VALUES (1, ?, ?)",
      m.club,
      m.session,
    );
    refused("INSERT INTO eoi_events (name, edition_id) VALUES ('1000M', 1)");
    refused("INSERT INTO notices (text, edition_id) VALUES ('x', 1)");
    refused("UPDATE events SET edition_id = 1 WHERE edition_id = ?", next);
    expect(snapshot()).toEqual(before);
  });

  it("lets the open edition be written, and a raw insert without an edition lands in it", () => {
    const id = insert("INSERT INTO events (name) VALUES ('RAW')");
    expect(one<{ e: number }>("SELECT edition_id AS e FROM events WHERE id = ?", id).e).toBe(next);
    const round = insert("INSERT INTO rounds (name, event_id, race_number) VALUES ('HEAT 1', ?, 1)", id);
    // Race numbers are unique per edition: race 1 of last year does not clash.
    expect(one<{ e: number }>("SELECT edition_id AS e FROM rounds WHERE id = ?", round).e).toBe(next);
    insert("INSERT INTO audit_log (actor_name, action, target_type) VALUES ('x', 'y', 'z')");
    expect(one<{ e: number }>("SELECT edition_id AS e FROM audit_log ORDER BY id DESC LIMIT 1").e).toBe(next);
  });
});
