// tests/factories: the rows they write through the models, as the app reads them back.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { findAssociation } from "~/models/association.server";
import { findUserById } from "~/models/user.server";
import { club, event, manager, photo, team, uniq, user } from "../factories";

describe("tests/factories", () => {
  it("uniq: never the same twice; with a prefix it starts with it", () => {
    const made = new Set(Array.from({ length: 50 }, () => uniq()));
    expect(made.size).toBe(50);
    expect(uniq("Club")).toMatch(/^Club-[0-9a-z]+-[0-9a-f]{6}$/);
    expect(uniq("Club")).not.toBe(uniq("Club"));
  });

  it("club: a row with its scope; values given win", () => {
    const c = club({ name: `FACTORY CLUB ${uniq()}`, country: "SG" });
    expect(findAssociation(c.id)).toMatchObject({ name: c.name, country: "SG", token: c.token });
    expect(c.scope).toEqual({ kind: "association", associationId: c.id });
    expect(club().token).not.toBe(club().token);
  });

  it("user and manager: no hash handed back; a manager is approved in the club", () => {
    const c = club();
    const u = user({ name: "FACTORY PADDLER" });
    expect(u).not.toHaveProperty("hash");
    expect(findUserById(u.id)).toMatchObject({
      role: "COMPETITOR",
      name: "FACTORY PADDLER",
      associationId: null,
    });
    const m = manager(c.id);
    expect(findUserById(m.id)).toMatchObject({ role: "MANAGER", approved: true, associationId: c.id });
  });

  it("event, team with members, and a photo in a review state", async () => {
    const c = club();
    const e = event({ price: 12000 });
    const members = [user({ associationId: c.id }).id, user({ associationId: c.id }).id];
    const t = team(c.id, e.id, {}, members);
    const rows = db().select().from(schema.teamMembers).where(eq(schema.teamMembers.teamId, t.id)).all();
    expect(rows.map((r) => r.userId).sort()).toEqual([...members].sort());
    expect(e).toMatchObject({ price: 12000, deleted: false });
    const name = await photo(members[0], "rejected");
    expect(findUserById(members[0])).toMatchObject({ image: name, validImage: 2 });
    expect(await photo(members[1], "none")).toBeNull();
  });
});
