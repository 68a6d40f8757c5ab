// Crew tag PDFs (issue 10, item 5) on a real SQLite file with real photos (sharp) and pdfmake: the
// members a club's PDF holds, the pages, and the Done-when: every QR code in the PDF decodes
// (jsQR) to that member's signed code, which the kiosk's reader accepts with 'Require signed crew
// tags' on. The QR codes are read twice: from the squares the PDF draws (always), and from page 1
// rendered by pdftoppm the way a printer would see it (when poppler-utils is installed).
import { execFileSync } from "node:child_process";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import {
  CARD_H,
  CARD_W,
  cardOrigin,
  cardsOf,
  crewTagJobs,
  crewTagKey,
  crewTagsPdf,
  crewTagsResponse,
  GRID_X,
  GRID_Y,
} from "~/services/crew-tags.server";
import { savePhoto } from "~/models/photo.server";
import { readScanCode, signedCode } from "~/lib/scan-code.server";
import { crewTagCount, crewTagMembers } from "~/models/crew-tags.server";
import { CARDS_ACROSS, CARDS_PER_PAGE } from "~/rules/crew-tags";
import { VALID_IMAGE } from "../../db/enums";
import { crewTagVersion } from "~/models/settings.server";
import { pdfPageCount as pageCount, qrCodesInPdf } from "../pdf-qr";
import { type ClubMade, club } from "../factories";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

let n = 0;
function member(
  associationId: number,
  name: string,
  opts: { paid?: boolean; role?: "MANAGER" | "COMPETITOR" } = {},
) {
  return db()
    .insert(schema.users)
    .values({
      email: `ct${++n}@example.test`,
      hash: "x",
      name,
      role: opts.role ?? "COMPETITOR",
      associationId,
      verified: true,
      approved: true,
      membershipPaid: opts.paid ?? true,
    })
    .returning()
    .get();
}
async function givePhoto(userId: number, validImage: number, colour: string) {
  const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const name = savePhoto(userId, { jpeg, width: 300, height: 400 });
  db().update(schema.users).set({ image: name, validImage }).where(eq(schema.users.id, userId)).run();
  return name;
}
function event(name: string, deleted = false) {
  return db().insert(schema.events).values({ name, deleted }).returning().get();
}
function team(associationId: number, eventId: number, name: string, userIds: number[]) {
  const t = db().insert(schema.teams).values({ name, associationId, eventId }).returning().get();
  for (const userId of userIds) db().insert(schema.teamMembers).values({ teamId: t.id, userId }).run();
  return t;
}

const hasPdftoppm = (() => {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let clubA: ClubMade;
let clubB: ClubMade;
/** Club A's ten paid members, by name. */
let paid: ReturnType<typeof member>[] = [];
let unpaid: ReturnType<typeof member>;
let outsider: ReturnType<typeof member>;

beforeAll(async () => {
  clubA = club({ name: `Crew Tag Warriors ${process.pid}` });
  clubB = club({ name: `Other Club ${process.pid}` });
  // Inserted out of name order: the PDF is by name.
  const names = ["JOHAN", "AINA", "HARI", "BALA", "IVY", "CHONG", "GITA", "DANIEL", "FARAH", "ELLA"];
  const made = names.map((name, i) =>
    member(clubA.id, `CT ${name}`, { role: i === 0 ? "MANAGER" : "COMPETITOR" }),
  );
  paid = [...made].sort((a, b) => a.name.localeCompare(b.name));
  unpaid = member(clubA.id, "CT ZED UNPAID", { paid: false });
  outsider = member(clubB.id, "CT OUTSIDER");
  // Photos: approved for most, one pending and one rejected (neither is printed), one none.
  for (const [i, m] of paid.entries()) {
    if (i === 7) continue;
    const state =
      i === 3 ? VALID_IMAGE.PENDING : i === 5 ? VALID_IMAGE.REJECTED_OR_NONE : VALID_IMAGE.APPROVED;
    await givePhoto(m.id, state, ["#4a7a9c", "#9c4a4a", "#4a9c5a"][i % 3]);
  }
  const e250 = event(`CT 250M OPEN ${n}`);
  const e400 = event(`CT 400M MIXED ${n}`);
  const gone = event(`CT GONE ${n}`, true);
  const base = clubA.name.toUpperCase();
  team(clubA.id, e250.id, `${base} A`, [paid[0].id, paid[1].id, unpaid.id]);
  team(clubA.id, e400.id, `${base} A`, [paid[0].id]);
  team(clubA.id, gone.id, `${base} A`, [paid[0].id, paid[2].id]);
  team(clubB.id, e250.id, "OTHER CLUB A", [outsider.id]);
});

describe("crewTagMembers", () => {
  it("holds the club's paid members only, by name, with approved photos and live event teams", () => {
    expect(crewTagCount(clubA.id)).toBe(10);
    const list = crewTagMembers(ED, clubA.id, { offset: 0, limit: 500 });
    expect(list.total).toBe(10);
    expect(list.members.map((m) => m.id)).toEqual(paid.map((m) => m.id));
    expect(list.members.some((m) => m.id === unpaid.id || m.id === outsider.id)).toBe(false);
    const photoOf = (i: number) => list.members[i].photo;
    expect(photoOf(0)).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(photoOf(3)).toBeNull(); // pending
    expect(photoOf(5)).toBeNull(); // rejected
    expect(photoOf(7)).toBeNull(); // none
    const base = clubA.name.toUpperCase();
    expect(list.members[0].entries).toEqual([
      { event: expect.stringMatching(/^CT 250M OPEN/), team: `${base} A` },
      { event: expect.stringMatching(/^CT 400M MIXED/), team: `${base} A` },
    ]);
    expect(list.members[2].entries).toEqual([]); // only in a deleted event
  });
  it("pages by name", () => {
    const page = crewTagMembers(ED, clubA.id, { offset: 8, limit: 5 });
    expect(page.total).toBe(10);
    expect(page.members.map((m) => m.id)).toEqual(paid.slice(8).map((m) => m.id));
    expect(crewTagMembers(ED, clubA.id, { offset: 20, limit: 5 })).toEqual({ total: 10, members: [] });
  });
});

describe("crew tag PDF of a club of 10 paid members", () => {
  let pdf: Buffer;
  beforeAll(async () => {
    const { members } = crewTagMembers(ED, clubA.id, { offset: 0, limit: 500 });
    const cards = await cardsOf(ED, members);
    expect(cards.filter((c) => c.photo).length).toBe(7);
    pdf = await crewTagsPdf({ regattaName: "Test Regatta", association: clubA.name, cards });
  });

  it("is a PDF of two A4 pages (8 cards, then 2)", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(2);
    expect(pdf.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it("draws on every card a QR code that decodes to that member's signed code, which the kiosk accepts", () => {
    const codes = qrCodesInPdf(pdf);
    expect(codes).toHaveLength(10);
    for (const [i, qr] of codes.entries()) {
      // On its own card: page, then slot (2 across, 4 down).
      expect(qr.page).toBe(Math.floor(i / CARDS_PER_PAGE));
      const slot = Math.floor((qr.y - GRID_Y) / CARD_H) * CARDS_ACROSS + Math.floor((qr.x - GRID_X) / CARD_W);
      expect(slot).toBe(i % CARDS_PER_PAGE);
      expect(qr.modules).toBe(25); // version 2 for every code: all the same size
      expect(qr.text).toBe(signedCode(paid[i].id, crewTagVersion(1)));
      expect(readScanCode(qr.text ?? "", true, crewTagVersion(1))).toBe(paid[i].id);
    }
  });

  it.skipIf(!hasPdftoppm)(
    "prints QR codes a camera reads: page 1 rendered at 150 dpi, card by card",
    async () => {
      const png = execFileSync("pdftoppm", ["-r", "150", "-f", "1", "-l", "1", "-png", "-"], { input: pdf });
      const scale = 150 / 72;
      for (let i = 0; i < CARDS_PER_PAGE; i++) {
        const { x, y } = cardOrigin(i);
        const { data, info } = await sharp(png)
          .extract({
            left: Math.round(x * scale),
            top: Math.round(y * scale),
            width: Math.floor(CARD_W * scale),
            height: Math.floor(CARD_H * scale),
          })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const code = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
        expect(code, `card ${i + 1}`).toBe(signedCode(paid[i].id, crewTagVersion(1)));
      }
      const text = execFileSync("pdftotext", ["-f", "1", "-l", "1", "-", "-"], { input: pdf }).toString(
        "utf8",
      );
      for (const m of paid.slice(0, CARDS_PER_PAGE)) {
        expect(text).toContain(m.name.toUpperCase());
        expect(text).toContain(signedCode(m.id, crewTagVersion(1)));
      }
      expect(text).toContain("TEAM A");
      expect(text).toContain("NO PHOTO");
    },
  );
});

describe("crewTagsResponse", () => {
  const get = (query = "") => new Request(`http://127.0.0.1/members/crew-tags.pdf${query}`);

  it("answers the PDF as an attachment named after the club", async () => {
    const res = await crewTagsResponse(get(), ED, clubA.id, "/members", 1);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="crew-tags-crew-tag-warriors-\d+\.pdf"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pageCount(bytes)).toBe(2);
  });

  it("is a 404 for a part that does not exist or a club that does not exist", async () => {
    expect((await crewTagsResponse(get("?part=2"), ED, clubA.id, "/members", 1)).status).toBe(404);
    expect((await crewTagsResponse(get("?part=x"), ED, clubA.id, "/members", 1)).status).toBe(404);
    expect((await crewTagsResponse(get(), ED, 987_654_321, "/members", 1)).status).toBe(404);
  });

  it("sends the user back with a warning when the club has no paid member", async () => {
    const empty = club({ name: `Nobody Paid ${process.pid}` });
    member(empty.id, "CT NOT YET", { paid: false });
    const res = await crewTagsResponse(get(), ED, empty.id, "/associations", 1);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/associations");
  });

  it("refuses with 429 while one PDF is being made and eight more wait", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const blockers = Array.from({ length: 9 }, (_, i) => crewTagJobs.run(() => held, crewTagKey(9000 + i)));
    try {
      const res = await crewTagsResponse(get(), ED, clubA.id, "/members", 1);
      expect(res.status).toBe(429);
    } finally {
      release();
      await Promise.all(blockers);
    }
  });

  it("limits each user, not everyone: user A looping has one PDF at a time, user B still gets theirs", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const userA = 7001;
    const userB = 7002;
    // A's PDF is being made (held), and A keeps asking: every further request of A is refused...
    const first = crewTagJobs.run(() => held, crewTagKey(userA));
    try {
      for (let i = 0; i < 5; i++) {
        expect((await crewTagsResponse(get(), ED, clubA.id, "/members", userA)).status).toBe(429);
      }
      // ...while B's request waits its turn and gets the PDF once A's is done.
      const forB = crewTagsResponse(get(), ED, clubA.id, "/members", userB);
      release();
      const res = await forB;
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/pdf");
    } finally {
      release();
      await first;
    }
  });
});
