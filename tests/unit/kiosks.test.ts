// Kiosk devices (issue 18; docs/decisions/0024-kiosk-enrolment.md) against a real SQLite file: the
// cookie's signature (any change to id, secret or signature, another key, another version: refused),
// enrolment (the row keeps only the secret's hash; audited), the device check per request, and
// revocation (the same cookie refused on the very next request; audited; a second revoke is no-op).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import {
  deviceOf,
  enrolDevice,
  kioskAccess,
  kioskCookieName,
  mayScan,
  readDevice,
  signDevice,
} from "~/services/kiosk-device.server";
import { listAudit } from "~/models/audit.server";
import { listKiosks, revokeKiosk } from "~/models/kiosk.server";
import { uniq } from "../factories";

const KEY = "unit-test-secret-0123456789"; // tests/setup-unit.ts
const SECRET = "abcdefghijklmnopqrstuvwxyzABCDEF";

function staff(role: "ADMIN" | "COMMITTEE" | "MANAGER" = "ADMIN") {
  return db()
    .insert(schema.users)
    .values({ email: `kiosk-${uniq()}@example.test`, hash: "x", name: `KIOSK STAFF ${uniq()}`, role })
    .returning()
    .get();
}

/** A request carrying a cookie header made of the Set-Cookie line's first part. */
const withCookie = (setCookie: string) =>
  new Request("http://127.0.0.1/scanning/entrance", { headers: { Cookie: setCookie.split(";")[0] } });

describe("the device cookie's signature", () => {
  it("reads back what it signed", () => {
    expect(readDevice(KEY, signDevice(KEY, 42, SECRET))).toEqual({ id: 42, secret: SECRET });
  });

  it("refuses a changed id, secret or signature, another key, another version and junk", () => {
    const good = signDevice(KEY, 42, SECRET);
    const [v, id, secret, sig] = good.split(".");
    expect(readDevice(KEY, [v, "43", secret, sig].join("."))).toBeNull();
    expect(readDevice(KEY, [v, id, `${secret.slice(0, -1)}G`, sig].join("."))).toBeNull();
    expect(
      readDevice(KEY, [v, id, secret, `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`].join(".")),
    ).toBeNull();
    expect(readDevice(KEY, ["k2", id, secret, sig].join("."))).toBeNull();
    expect(readDevice("another-secret-0123456789", good)).toBeNull();
    for (const junk of [
      null,
      undefined,
      "",
      "k1",
      "k1.1.2",
      `${good}.x`,
      "k1.0.x.y",
      "k1.-1.abc.d",
      "x".repeat(500),
    ])
      expect(readDevice(KEY, junk)).toBeNull();
  });
});

describe("enrolment and revocation", () => {
  it("enrols: a row with the secret's hash only, an audit entry, a long-lived HttpOnly cookie that names the device", async () => {
    const admin = staff("COMMITTEE");
    const name = `Gate A ${uniq()}`;
    const { id, setCookie } = enrolDevice(admin, name);
    expect(setCookie).toMatch(new RegExp(`^${kioskCookieName()}=k1\\.${id}\\.`));
    expect(setCookie).toMatch(/; Max-Age=31536000/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    const row = db().select().from(schema.kiosks).where(eq(schema.kiosks.id, id)).get();
    expect(row?.name).toBe(name);
    expect(row?.enrolledBy).toBe(admin.id);
    const secret = setCookie.split(";")[0].split(".")[2];
    expect(row?.secretHash).not.toContain(secret);
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceOf(withCookie(setCookie))).toEqual({ id, name });
    const access = await kioskAccess(withCookie(setCookie));
    expect(access.staff).toBeNull(); // the cookie is the device, not a login
    expect(mayScan(access)).toBe(true);
    expect(
      listAudit({ action: "kiosk.enrolled" }, { sort: "createdAt", dir: "desc" }, null).rows[0],
    ).toMatchObject({
      actorId: admin.id,
      targetId: String(id),
    });
    expect(listKiosks(null).rows.some((k) => k.id === id && k.revokedAt === null)).toBe(true);
  });

  it("a cookie whose secret does not match the row (a signed guess, another device's id) is refused", () => {
    const { id } = enrolDevice(staff(), `Gate B ${uniq()}`);
    const forged = `${kioskCookieName()}=${signDevice(KEY, id, SECRET)}`;
    expect(deviceOf(withCookie(forged))).toBeNull();
    expect(deviceOf(withCookie(`${kioskCookieName()}=${signDevice(KEY, 999_999_999, SECRET)}`))).toBeNull();
    expect(deviceOf(new Request("http://127.0.0.1/"))).toBeNull();
  });

  it("revoked: the same cookie is refused on the next request; audited once; revoking again changes nothing", async () => {
    const admin = staff();
    const name = `Gate C ${uniq()}`;
    const { id, setCookie } = enrolDevice(admin, name);
    expect(deviceOf(withCookie(setCookie))).not.toBeNull();
    expect(revokeKiosk(admin, id)).toEqual({ ok: true });
    expect(deviceOf(withCookie(setCookie))).toBeNull();
    expect(mayScan(await kioskAccess(withCookie(setCookie)))).toBe(false);
    expect(revokeKiosk(admin, id)).toEqual({ ok: false, code: "gone" });
    const entries = listAudit(
      { action: "kiosk.revoked" },
      { sort: "createdAt", dir: "desc" },
      null,
    ).rows.filter((e) => e.targetId === String(id));
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0].details)).toEqual({ name });
    expect(listKiosks(null).rows.find((k) => k.id === id)?.revokedAt).toBeGreaterThan(0);
  });
});
