// `npm run db:seed`: migrates if needed, then fills an EMPTY database with a believable regatta.
// Running it again on a filled database changes nothing.
import { and, count, eq } from "drizzle-orm";
import { randomToken } from "~/lib/crypto.server";
import { db, schema } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { seedEvents } from "./seed-data";
import { demoPhotos } from "./seed-photos";
import { savePhoto } from "~/lib/photos.server";
import { VALID_IMAGE } from "./enums";
import type { Gender, OrderStatus, Role } from "./enums";
import { createOrder } from "~/models/order.server";
import type { DraftLine } from "~/rules/orders";

export const DEMO_PASSWORD = "Regatta2026!";

export async function seed(): Promise<boolean> {
  const d = db();
  const existing = d.select({ n: count() }).from(schema.users).get()?.n ?? 0;
  if (existing > 0) return false;

  // One slow hash reused for every demo account (they share the demo password).
  const hash = await hashPassword(DEMO_PASSWORD);
  const photos = await demoPhotos([
    "NUR AISYAH",
    "AHMAD HASSAN",
    "TAN LING",
    "SITI ISMAIL",
    "RAJ KUMAR",
    "WONG CHEN",
  ]);
  let nextPhoto = 0;
  /** Gives a user a photo in the given state: approved (1), pending (0) or rejected (2). */
  const withPhoto = (userId: number, validImage: number) => {
    const image = savePhoto(userId, photos[nextPhoto++ % photos.length]);
    d.update(schema.users).set({ image, validImage }).where(eq(schema.users.id, userId)).run();
  };

  d.transaction((tx) => {
    const clubs = [
      { name: "Penang Dragon Warriors", country: "MY" },
      { name: "Singapore Paddle Club", country: "SG" },
      { name: "Jakarta Naga Rowers", country: "ID" },
      { name: "Kuching Hornbill Dragons", country: "MY" },
      { name: "Bangkok River Dragons", country: "TH" },
    ].map((c) =>
      tx
        .insert(schema.associations)
        .values({ ...c, token: randomToken(24) })
        .returning()
        .get(),
    );
    const [penang] = clubs;

    const user = (v: {
      email: string;
      role: Role;
      name: string;
      associationId?: number;
      gender?: Gender;
      yob?: number;
      verified?: boolean;
      approved?: boolean;
      membershipPaid?: boolean;
      identification?: string;
    }) =>
      tx
        .insert(schema.users)
        .values({
          hash,
          phone: "60123456789",
          address: "No. 1, Jalan Regatta, 10000 George Town, Pulau Pinang",
          identification: v.identification ?? "",
          verified: true,
          ...v,
        })
        .returning()
        .get();

    const admin = user({ email: "admin@example.com", role: "ADMIN", name: "REGATTA ADMIN" });
    user({ email: "committee@example.com", role: "COMMITTEE", name: "COMMITTEE MEMBER" });
    const manager = user({
      email: "manager@example.com",
      role: "MANAGER",
      name: "LIM WEI MING",
      associationId: penang.id,
      gender: "MALE",
      yob: 1984,
      approved: true,
      membershipPaid: true,
      identification: "840312075531",
    });
    const competitor = user({
      email: "competitor@example.com",
      role: "COMPETITOR",
      name: "NUR AISYAH BINTI AHMAD",
      associationId: penang.id,
      gender: "FEMALE",
      yob: 1998,
      approved: true,
      identification: "980722075122",
    });
    withPhoto(competitor.id, VALID_IMAGE.APPROVED);

    // Members in every lifecycle state in every club: unverified, verified not approved,
    // approved not paid, approved and paid.
    const first = [
      "AHMAD",
      "TAN",
      "SITI",
      "RAJ",
      "WONG",
      "MEI",
      "ARJUN",
      "FARAH",
      "CHONG",
      "PRIYA",
      "HAFIZ",
      "LEE",
    ];
    const last = ["HASSAN", "KUMAR", "LING", "ISMAIL", "CHEN", "NAIR", "OSMAN", "YAP"];
    const states = [
      { verified: false, approved: false, membershipPaid: false },
      { verified: true, approved: false, membershipPaid: false },
      { verified: true, approved: true, membershipPaid: false },
      { verified: true, approved: true, membershipPaid: true },
    ];
    let n = 0;
    for (const club of clubs) {
      const slug = club.name.toLowerCase().split(" ")[0];
      if (club.id !== penang.id) {
        user({
          email: `manager.${slug}@example.com`,
          role: "MANAGER",
          name: `${first[n % first.length]} ${last[n % last.length]}`,
          associationId: club.id,
          gender: "MALE",
          yob: 1980 + (n % 10),
          approved: true,
          membershipPaid: true,
          identification: `P${1000000 + n}`,
        });
        n++;
      }
      for (let i = 0; i < 8; i++, n++) {
        const member = user({
          email: `${slug}.member${i + 1}@example.com`,
          role: "COMPETITOR",
          name: `${first[n % first.length]} ${last[(n * 3) % last.length]}`,
          associationId: club.id,
          gender: i % 2 === 0 ? "MALE" : "FEMALE",
          yob: 1975 + ((n * 7) % 33),
          identification: club.country === "MY" ? `${900101070000 + n}` : `P${2000000 + n}`,
          ...states[i % states.length],
        });
        // Photos in every state: none, pending approval, approved, rejected.
        const photoState = [null, VALID_IMAGE.PENDING, VALID_IMAGE.APPROVED, VALID_IMAGE.REJECTED_OR_NONE][
          (i + n) % 4
        ];
        if (photoState !== null) withPhoto(member.id, photoState);
      }
    }

    for (const event of seedEvents()) tx.insert(schema.events).values(event).run();

    // The demo manager's orders, one in every status: the crew tag fee of the paid members (PAID,
    // with its callback in the payment log and an admin's note), an earlier failed attempt, a
    // cancelled dinner-ticket order, and a dinner-ticket order still Processing.
    const paidMembers = tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.associationId, penang.id), eq(schema.users.membershipPaid, true)))
      .all();
    const fee = paidMembers.map((m) => ({
      kind: "MEMBERSHIP" as const,
      label: "",
      price: 3000,
      count: 1,
      userId: m.id,
    }));
    const ticket = (count: number) => [
      { kind: "TICKET" as const, label: "Dinner Ticket", price: 8000, count },
    ];
    const day = 86_400_000;
    const order = (lines: DraftLine[], status: OrderStatus, daysAgo: number, statusId?: string) => {
      const created = createOrder(manager.id, lines, tx);
      const at = new Date(Date.now() - daysAgo * day);
      tx.update(schema.orders)
        .set({
          status,
          createdAt: at,
          updatedAt: at,
          transactionId: statusId ? `DEMO${created.id}` : null,
          effectsAppliedAt: status === "PAID" ? at : null,
        })
        .where(eq(schema.orders.id, created.id))
        .run();
      if (statusId) {
        tx.insert(schema.paymentLogs)
          .values({
            createdAt: at,
            statusId,
            msg: statusId === "1" ? "Payment_was_successful" : "Payment_failed",
            transactionId: `DEMO${created.id}`,
            orderId: String(created.id),
            verified: true,
            source: "callback",
          })
          .run();
      }
      return created.id;
    };
    order(fee, "FAILED", 6, "0");
    const paidOrder = order(fee, "PAID", 5, "1");
    tx.insert(schema.orderNotes)
      .values({
        orderId: paidOrder,
        userId: admin.id,
        author: admin.name,
        note: "Paid online; crew tags printed.",
      })
      .run();
    order(ticket(4), "CANCELLED", 3);
    order(ticket(2), "PROCESSING", 0);
  });
  return true;
}

// Run as a script (`npm run db:seed [-- --size race-day]`), not when imported by tests.
if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--size");
  const size = at > 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith("--size="))?.slice(7);
  if (size === "race-day") {
    // Not awaited: seed-race-day imports this module, and awaiting it here would deadlock.
    import("./seed-race-day")
      .then((m) => m.runRaceDaySeed())
      .then((code) => {
        process.exitCode = code;
      });
  } else if (size !== undefined) {
    console.error(`Unknown --size ${size}: the only size is race-day.`);
    process.exitCode = 1;
  } else {
    const filled = await seed();
    console.log(filled ? "Demo data added." : "Database already has data; seed skipped.");
  }
}
