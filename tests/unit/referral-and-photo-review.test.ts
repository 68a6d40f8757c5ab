// Issue 18 against a real SQLite file: a club's referral link regenerated (a new token, the old one
// no longer resolves, another club untouched, audited), and photo review that applies only to the
// photo the admin saw (a member who replaced their photo meanwhile stays pending).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { VALID_IMAGE } from "../../db/enums";
import { db, schema } from "~/lib/db.server";
import {
  findAssociation,
  findAssociationByToken,
  regenerateAssociationToken,
} from "~/models/association.server";
import { listAudit } from "~/models/audit.server";
import { reviewPhotos } from "~/models/photo-review.server";
import { club } from "../factories";

const admin = { id: 0, name: "REFERRAL ADMIN", email: "referral.admin@example.test" };
let clubA = 0;
let clubB = 0;

function member(associationId: number, n: number, image: string | null, validImage: number) {
  return db()
    .insert(schema.users)
    .values({
      email: `rp${associationId}-${n}@example.test`,
      hash: "x",
      name: `PADDLER ${n}`,
      role: "COMPETITOR",
      associationId,
      image,
      validImage,
    })
    .returning()
    .get();
}

const userRow = (id: number) => db().select().from(schema.users).where(eq(schema.users.id, id)).get()!;

beforeAll(() => {
  admin.id = db()
    .insert(schema.users)
    .values({ email: admin.email, hash: "x", name: admin.name, role: "ADMIN" })
    .returning()
    .get().id;
  clubA = club({ name: "Referral Alpha", token: "token-alpha-old" }).id;
  clubB = club({ name: "Referral Bravo", token: "token-bravo" }).id;
});

describe("regenerateAssociationToken", () => {
  it("gives the club a new random token; the old one no longer resolves; audited", () => {
    const club = regenerateAssociationToken(admin, clubA);
    expect(club?.id).toBe(clubA);
    expect(club?.token).not.toBe("token-alpha-old");
    expect(club?.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes, base64url
    expect(findAssociation(clubA)?.token).toBe(club?.token);
    expect(findAssociationByToken("token-alpha-old")).toBeUndefined();
    expect(findAssociationByToken(club!.token)?.id).toBe(clubA);

    // Another club is untouched.
    expect(findAssociation(clubB)?.token).toBe("token-bravo");
    expect(findAssociationByToken("token-bravo")?.id).toBe(clubB);

    // Twice: a different token again.
    const again = regenerateAssociationToken(admin, clubA);
    expect(again?.token).not.toBe(club?.token);
    expect(findAssociationByToken(club!.token)).toBeUndefined();

    const log = listAudit({ actor: "referral admin" }, { sort: "createdAt", dir: "asc" }, null).rows;
    expect(log.map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ["association.referral_regenerated", "association", String(clubA)],
      ["association.referral_regenerated", "association", String(clubA)],
    ]);
    expect(JSON.parse(log[0].details)).toEqual({ name: "Referral Alpha" });
    expect(log[0].details).not.toContain(club!.token); // the secret stays out of the log
    expect(log[0].actorName).toBe("REFERRAL ADMIN <referral.admin@example.test>");
  });

  it("a club that does not exist: null, nothing audited", () => {
    const before = listAudit({}, { sort: "createdAt", dir: "asc" }, null).total;
    expect(regenerateAssociationToken(admin, 999_999)).toBeNull();
    expect(listAudit({}, { sort: "createdAt", dir: "asc" }, null).total).toBe(before);
  });
});

describe("reviewPhotos: only the photo the admin saw", () => {
  // Photo file names only (the model compares names; no bytes are needed for approval).
  const img = (n: number) => `${String(n).padStart(32, "a")}.jpg`;

  it("skips a member whose photo changed since the grid was loaded and applies the rest", () => {
    const kept = member(clubB, 1, img(1), VALID_IMAGE.PENDING);
    const replaced = member(clubB, 2, img(3), VALID_IMAGE.PENDING); // the grid showed img(2)
    const { changed, skipped } = reviewPhotos(admin, "approve", [
      { id: kept.id, image: img(1) },
      { id: replaced.id, image: img(2) },
    ]);
    expect(changed.map((c) => c.id)).toEqual([kept.id]);
    expect(skipped).toEqual([{ id: replaced.id, name: "PADDLER 2" }]);
    expect(userRow(kept.id)).toMatchObject({ validImage: VALID_IMAGE.APPROVED, image: img(1) });
    expect(userRow(replaced.id)).toMatchObject({ validImage: VALID_IMAGE.PENDING, image: img(3) });
    const log = listAudit({ action: "photos.approved" }, { sort: "createdAt", dir: "asc" }, null).rows;
    expect(JSON.parse(log.at(-1)!.details)).toEqual({ userIds: [kept.id] });
  });

  it("a reject of only changed photos changes nothing and audits nothing", () => {
    const replaced = member(clubB, 3, img(5), VALID_IMAGE.PENDING);
    const before = listAudit({}, { sort: "createdAt", dir: "asc" }, null).total;
    expect(reviewPhotos(admin, "reject", [{ id: replaced.id, image: img(4) }])).toEqual({
      changed: [],
      skipped: [{ id: replaced.id, name: "PADDLER 3" }],
    });
    expect(userRow(replaced.id)).toMatchObject({ validImage: VALID_IMAGE.PENDING, image: img(5) });
    expect(listAudit({}, { sort: "createdAt", dir: "asc" }, null).total).toBe(before);
  });

  it("a photo no longer pending is neither changed nor reported as replaced", () => {
    const approved = member(clubB, 4, img(6), VALID_IMAGE.APPROVED);
    expect(reviewPhotos(admin, "reject", [{ id: approved.id, image: img(7) }])).toEqual({
      changed: [],
      skipped: [],
    });
    expect(userRow(approved.id)).toMatchObject({ validImage: VALID_IMAGE.APPROVED, image: img(6) });
  });
});
