// The archive sweep of the Editions screens (issue 21, ed-screens): with an edition archived, every
// write of this area aimed at it is refused and its rows stay as they were. Open on an archived
// edition (the service and the route) is refused; New Edition may copy FROM an archive (a read:
// the copy is a new draft) and leaves the archive's rows untouched; the picker only sets a cookie
// (no database write); and while staff look at an archive the editions screens still answer
// (choosing, creating and opening never write into it) while any other action is refused.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { archivedRefusal } from "~/services/edition.server";
import { createEdition, getEdition, openEdition } from "~/models/edition.server";
import { action as openAction } from "~/routes/_app.editions.$id.open";
import { action as newAction } from "~/routes/_app.editions.new";
import { action as viewAction } from "~/routes/editions.view";
import { openEditionAndInvite } from "~/services/editions.server";
import { EN } from "~/messages";
import {
  callerOf,
  type Caller,
  type Made,
  makeClub,
  makeUser,
  ORIGIN,
  postRequest,
  run,
  writes,
} from "./route-request";

const actor = () => ({ id: admin.id, name: "Admin", email: admin.email });
const sql = () => db().$client;
const insert = (q: string, ...args: unknown[]) =>
  Number(
    sql()
      .prepare(q)
      .run(...args).lastInsertRowid,
  );

/** Every row of the archived edition in the tables this area could touch, and every edition. */
function snapshot(editionId: number) {
  const all = (q: string) => sql().prepare(q).all(editionId);
  return {
    editions: sql().prepare("SELECT * FROM editions ORDER BY id").all(),
    events: all("SELECT * FROM events WHERE edition_id = ? ORDER BY id"),
    rounds: all("SELECT * FROM rounds WHERE edition_id = ? ORDER BY id"),
    teams: all(
      "SELECT t.* FROM teams t JOIN events e ON e.id = t.event_id WHERE e.edition_id = ? ORDER BY t.id",
    ),
    plans: all(
      "SELECT p.* FROM progression_plans p JOIN events e ON e.id = p.event_id WHERE e.edition_id = ? ORDER BY p.to_round_id",
    ),
    orders: all("SELECT * FROM orders WHERE edition_id = ? ORDER BY id"),
    settings: all("SELECT * FROM settings WHERE id = ?"),
    members: all("SELECT * FROM edition_members WHERE edition_id = ? ORDER BY user_id"),
  };
}

let admin: Made;
let caller: Caller;
let archived: number;

beforeAll(async () => {
  admin = makeUser("ADMIN");
  caller = await callerOf(admin);
  const club = makeClub();
  const manager = makeUser("MANAGER", club.id);
  const event = insert("INSERT INTO events (name, edition_id) VALUES ('SWEEP 250M', 1)");
  const heat = insert("INSERT INTO rounds (name, event_id) VALUES ('HEAT 1', ?)", event);
  const final = insert("INSERT INTO rounds (name, event_id) VALUES ('FINAL', ?)", event);
  insert(
    "INSERT INTO progression_plans (to_round_id, event_id, mode, count, lanes) VALUES (?, ?, 'TIME', 4, 6)",
    final,
    event,
  );
  insert("INSERT INTO progression_sources (to_round_id, from_round_id) VALUES (?, ?)", final, heat);
  insert("INSERT INTO teams (name, association_id, event_id) VALUES ('SWEEP A', ?, ?)", club.id, event);
  insert(
    "INSERT INTO orders (owner_id, status, token, edition_id) VALUES (?, 'PAID', 'tok-sweep', 1)",
    manager.id,
  );
  sql().prepare("UPDATE users SET membership_paid = 1 WHERE id = ?").run(manager.id);
  const next = createEdition(actor(), {
    fromId: 1,
    name: "Regatta 2050",
    year: 2050,
    startsOn: "2050-06-01",
    endsOn: "2050-06-02",
  });
  if (!next.ok || !openEdition(actor(), next.id).ok) throw new Error("setup");
  archived = 1;
  expect(getEdition(archived)?.state).toBe("ARCHIVED");
});

describe("the Editions screens against an archived edition", () => {
  it("Open (the service, the model and the route) refuses it and changes nothing", async () => {
    const before = snapshot(archived);
    const w = writes();
    expect(await openEditionAndInvite(actor(), archived)).toEqual({ ok: false, code: "not-draft" });
    expect(openEdition(actor(), archived)).toEqual({ ok: false, code: "not-draft" });
    const name = getEdition(archived)?.name ?? "";
    const outcome = await run(openAction, postRequest(caller, `/editions/${archived}/open`), {
      id: String(archived),
    });
    expect(outcome).toMatchObject({
      status: 302,
      location: "/editions",
      toasts: [EN.MSG.edScNotDraft(name)],
    });
    expect(writes()).toBe(w);
    expect(snapshot(archived)).toEqual(before);
  });

  it("New Edition copies from it into a new draft, leaving its rows as they were", async () => {
    const before = snapshot(archived);
    const outcome = await run(
      newAction,
      postRequest(caller, "/editions/new", {
        name: "Regatta 2051",
        year: "2051",
        startsOn: "2051-06-01",
        endsOn: "2051-06-02",
        fromId: String(archived),
      }),
    );
    expect(outcome).toMatchObject({ status: 302, location: "/editions" });
    const after = snapshot(archived);
    expect({ ...after, editions: undefined }).toEqual({ ...before, editions: undefined });
    // Only a new draft was added to the editions.
    expect(after.editions.slice(0, before.editions.length)).toEqual(before.editions);
    const copy = sql().prepare("SELECT id, state FROM editions WHERE year = 2051").get() as {
      id: number;
      state: string;
    };
    expect(copy.state).toBe("DRAFT");
    expect(sql().prepare("SELECT name FROM events WHERE edition_id = ?").pluck().all(copy.id)).toContain(
      "SWEEP 250M",
    );
  });

  it("the picker choosing it writes nothing; the editions screens answer while looking at it, no other action", async () => {
    const w = writes();
    const response = await viewAction({
      request: postRequest(caller, "/editions/view", { edition: String(archived), back: "/races" }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(302);
    expect(writes()).toBe(w);
    const looking = (path: string) =>
      new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Cookie: `__edition=${archived}` } });
    for (const path of ["/editions/view", "/editions/new", "/editions/3/open"])
      expect(archivedRefusal(looking(path)), path).toBeNull();
    expect(archivedRefusal(looking("/races"))?.id).toBe(archived);
  });
});
