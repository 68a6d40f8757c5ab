// Staff console models against a real SQLite file: the Users list (filters, sort, paging in SQL),
// photo review (only pending photos change; audit entries; rejected photos deleted), the Teams
// table's counts, the audit log, and the CSV writer.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { VALID_IMAGE } from "../../db/enums";
import type { Column } from "~/components/DataTable";
import { toCsv } from "~/lib/csv.server";
import { db, schema } from "~/lib/db.server";
import { processPhoto } from "~/lib/photos.server";
import { readPhoto, savePhoto } from "~/models/photo.server";
import { listTeams } from "~/models/association.server";
import { dayStart, listAudit } from "~/models/audit.server";
import { listPhotos, reviewPhotos } from "~/models/photo-review.server";
import { createStaffUser, UserExistsError } from "~/models/user.server";
import { listUsers } from "~/models/user-list.server";

let clubA = 0;
let clubB = 0;
let admin = { id: 0, name: "ADMIN ONE", email: "admin.one@example.test" };
let photoName = "";

function member(associationId: number, n: number, extra: Partial<typeof schema.users.$inferInsert> = {}) {
  return db()
    .insert(schema.users)
    .values({
      email: `m${associationId}-${n}@example.test`,
      hash: "x",
      name: `MEMBER ${String(n).padStart(2, "0")}`,
      role: n === 0 ? "MANAGER" : "COMPETITOR",
      associationId,
      ...extra,
    })
    .returning()
    .get();
}

beforeAll(async () => {
  const jpg = await sharp({ create: { width: 1000, height: 1200, channels: 3, background: "#468" } })
    .jpeg()
    .toBuffer();
  const photo = await processPhoto(jpg, "image/jpeg");
  if (!photo.ok) throw new Error("photo");
  photoName = savePhoto(null, photo);
  clubA = db()
    .insert(schema.associations)
    .values({ name: "Alpha Paddlers", country: "MY", token: "ta" })
    .returning()
    .get().id;
  clubB = db()
    .insert(schema.associations)
    .values({ name: "Beta Dragons", country: "SG", token: "tb" })
    .returning()
    .get().id;
  for (let n = 0; n < 25; n++) {
    member(clubA, n, {
      verified: n % 2 === 0,
      approved: n % 3 === 0,
      membershipPaid: n % 3 === 0 && n % 2 === 0,
      image: n % 5 === 0 ? null : photoName,
      validImage:
        n % 5 === 0 ? VALID_IMAGE.REJECTED_OR_NONE : n % 5 === 1 ? VALID_IMAGE.APPROVED : VALID_IMAGE.PENDING,
    });
  }
  for (let n = 0; n < 5; n++) member(clubB, n, { approved: true, membershipPaid: true });
  const a = await createStaffUser({
    role: "ADMIN",
    email: admin.email,
    password: "Password1",
    name: "Admin One",
  });
  admin = { id: a.id, name: a.name, email: a.email };
});

describe("Users list", () => {
  const order = { sort: "id" as const, dir: "asc" as const };
  it("pages in SQL and counts every matching row", () => {
    const first = listUsers(1, { team: String(clubA) }, order, { limit: 20, offset: 0 });
    const second = listUsers(1, { team: String(clubA) }, order, { limit: 20, offset: 20 });
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(25);
    expect(first.rows[0]).not.toHaveProperty("hash");
  });
  it("filters by role, photo state, verification, approval, payment and name", () => {
    const count = (f: Parameters<typeof listUsers>[1]) =>
      listUsers(1, { team: String(clubA), ...f }, order, null).total;
    expect(count({ role: "MANAGER" })).toBe(1);
    expect(count({ role: "PARTICIPANT" })).toBe(25);
    expect(count({ photo: "na" })).toBe(5);
    expect(count({ photo: "valid" })).toBe(5);
    expect(count({ photo: "pending" })).toBe(15);
    expect(count({ verified: "yes" })).toBe(13);
    expect(count({ approved: "no" })).toBe(16);
    expect(count({ paid: "yes" })).toBe(5);
    expect(count({ name: "member 1" })).toBe(10); // 10-19
    expect(count({ name: "%" })).toBe(0); // taken literally
    expect(count({ role: "HACKER" })).toBe(25); // unknown values are no filter
  });
  it("sorts by team name, then id", () => {
    const rows = listUsers(
      1,
      { role: "PARTICIPANT" },
      { sort: "team", dir: "desc" },
      { limit: 5, offset: 0 },
    ).rows;
    expect(rows.map((r) => r.team)).toEqual(Array(5).fill("Beta Dragons"));
  });
});

describe("Photo review", () => {
  it("approves and rejects only pending photos, deletes rejected ones, and audits both", () => {
    const pending = listPhotos("pending", { limit: 100, offset: 0 }).rows;
    expect(pending.length).toBe(15);
    const approved = listUsers(
      1,
      { team: String(clubA), photo: "valid" },
      { sort: "id", dir: "asc" },
      null,
    ).rows;
    const [p1, p2, p3] = pending;
    const seen = (id: number) => ({ id, image: photoName });
    const { changed } = reviewPhotos(
      admin,
      "approve",
      [p1, p2, approved[0], { id: 999_999 }].map((p) => seen(p.id)),
    );
    expect(changed.map((c) => c.id).sort()).toEqual([p1.id, p2.id].sort());

    // A rejected photo of its own (the shared seed photo stays for the others).
    const own = savePhoto(p3.id, { jpeg: readPhoto(photoName)!, width: 1000, height: 1200 });
    db().update(schema.users).set({ image: own }).where(eq(schema.users.id, p3.id)).run();
    expect(reviewPhotos(admin, "reject", [{ id: p3.id, image: own }]).changed.map((c) => c.id)).toEqual([
      p3.id,
    ]);
    const rejected = db().select().from(schema.users).where(eq(schema.users.id, p3.id)).get()!;
    expect(rejected).toMatchObject({ image: null, validImage: VALID_IMAGE.REJECTED_OR_NONE });
    expect(readPhoto(own)).toBeNull();

    // Nothing pending among the ids: nothing changes, nothing is audited.
    expect(reviewPhotos(admin, "reject", [seen(p1.id)])).toEqual({ changed: [], skipped: [] });
    const log = listAudit({ actor: "admin one" }, { sort: "createdAt", dir: "asc" }, null).rows;
    expect(log.map((e) => e.action)).toEqual(["photos.approved", "photos.rejected"]);
    expect(JSON.parse(log[0].details).userIds.sort()).toEqual([p1.id, p2.id].sort());
    expect(log[0].actorName).toBe("ADMIN ONE <admin.one@example.test>");
  });
});

describe("Create user", () => {
  it("an admin creates an unverified COMMITTEE user, audited; a duplicate is refused", async () => {
    const u = await createStaffUser({
      role: "COMMITTEE",
      email: "c.new@example.test",
      password: "Password1",
      verified: false,
      actor: admin,
    });
    expect(u.verified).toBe(false);
    const entries = listAudit({ action: "user.created" }, { sort: "createdAt", dir: "desc" }, null).rows;
    expect(entries[0]).toMatchObject({ targetType: "user", targetId: String(u.id) });
    await expect(
      createStaffUser({ role: "ADMIN", email: "C.NEW@example.test", password: "Password1", actor: admin }),
    ).rejects.toBeInstanceOf(UserExistsError);
  });
});

describe("Teams table", () => {
  it("counts members paid and approved, events, event teams and paid tickets per club", () => {
    const ev = db()
      .insert(schema.events)
      .values({ name: `EV ${Math.random()}` })
      .returning()
      .get();
    db()
      .insert(schema.teams)
      .values([
        { name: "Alpha A", associationId: clubA, eventId: ev.id },
        { name: "Alpha B", associationId: clubA, eventId: ev.id },
      ])
      .run();
    const owner = listUsers(1, { team: String(clubA), role: "MANAGER" }, { sort: "id", dir: "asc" }, null)
      .rows[0];
    for (const status of ["PAID", "FAILED"] as const) {
      const order = db()
        .insert(schema.orders)
        .values({ ownerId: owner.id, status, token: `t-${status}-${Math.random()}` })
        .returning()
        .get();
      db()
        .insert(schema.orderLines)
        .values({ kind: "TICKET", count: 4, price: 5000, orderId: order.id })
        .run();
    }
    const { rows, total } = listTeams(
      1,
      { name: "alpha" },
      { sort: "name", dir: "asc" },
      { limit: 50, offset: 0 },
    );
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      name: "Alpha Paddlers",
      managerEmail: owner.email,
      membersApproved: 9,
      membersPaid: 5,
      events: 1,
      eventTeams: 2,
      tickets: 4,
    });
    const byTeams = listTeams(1, {}, { sort: "teams", dir: "desc" }, { limit: 1, offset: 0 }).rows;
    expect(byTeams[0].name).toBe("Alpha Paddlers");
  });
});

describe("audit log filters", () => {
  it("reads a Malaysia day as its first UTC instant", () => {
    expect(dayStart("2026-11-22")?.toISOString()).toBe("2026-11-21T16:00:00.000Z");
    expect(dayStart("22/11/2026")).toBeNull();
  });
  it("filters by date range", () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(
      listAudit({ from: today, to: today }, { sort: "createdAt", dir: "asc" }, null).total,
    ).toBeGreaterThan(0);
    expect(listAudit({ to: "2000-01-01" }, { sort: "createdAt", dir: "asc" }, null).total).toBe(0);
  });
});

describe("CSV", () => {
  type R = { name: string; n: number };
  const cols: Column<R>[] = [
    { label: "Name", cell: (r) => r.name },
    { label: "N", cell: (r) => r.n },
  ];
  it("writes a BOM, the column names, quotes what needs it and defuses formulas", () => {
    const csv = toCsv(cols, [
      { name: "SITI NURHALIZA, BINTI", n: 1 },
      { name: 'say "hi"', n: 2 },
      { name: "=HYPERLINK(1)", n: 3 },
      { name: "陈小明", n: 4 },
    ]);
    expect(csv.startsWith("\uFEFFName,N\r\n")).toBe(true);
    expect(csv).toContain('"SITI NURHALIZA, BINTI",1\r\n');
    expect(csv).toContain('"say ""hi""",2\r\n');
    expect(csv).toContain("'=HYPERLINK(1),3\r\n");
    expect(csv).toContain("陈小明,4");
  });
});

describe("safe user shape", () => {
  it("models and sessions never hand out the password hash", async () => {
    const { findUserByEmail, findUserById } = await import("~/models/user.server");
    const { createUserSession, getUser } = await import("~/models/session.server");
    const u = findUserByEmail(admin.email)!;
    expect(u).not.toHaveProperty("hash");
    expect(findUserById(u.id)).not.toHaveProperty("hash");
    const cookie = await createUserSession(u.id);
    const user = await getUser(new Request("http://t/", { headers: { Cookie: cookie.split(";")[0] } }));
    expect(user?.id).toBe(u.id);
    expect(user).not.toHaveProperty("hash");
  });
});
