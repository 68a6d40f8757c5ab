// The demo seed (`npm run db:seed`, through db/seed-cli.ts): migrates if needed, then fills an
// EMPTY database with a believable regatta. Running it again on a filled database changes nothing.
//
// What the demo has (README "Demo logins"): five clubs with members in every lifecycle and photo
// state; the demo manager's orders in every status; and the regatta's entries: paid event teams with
// full crews (each checked against rules/crew.ts when seeded), paid dinner tickets, and a full event
// (TUG OF WAR MIXED, 4 teams: 3 paid, 1 held by a Processing order) with a club on its waitlist;
// and a race day under way (db/seed-rounds.ts): rounds, races, scores, the scoreboard, scan logs.
// Pre-season (db/seed-data.ts): five EOI events with four clubs' interest (three countries), and
// training sessions past and upcoming with requests in every state (the demo manager's club too).
// Last year (db/seed-last-year.ts, issue 21): an ARCHIVED edition "Regatta <year - 1>" with a few
// events, the clubs' teams, official results and the clubs' paid orders; this year's is the open one.
//
// Every row is written through a model's function, the ones the test factories (tests/factories)
// use, or the app's own (createOrder, scoreIntoColumns, recomputeRound), here, in db/seed-rounds.ts
// and in db/seed-last-year.ts (issue 30), in one transaction, and read back through
// models/dataset.server.ts; the dataset's digest (scripts/dataset-digest.ts) is
// db/seed-digest.demo.txt.
import { randomToken } from "~/lib/crypto.server";
import { db, type schema } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { insertAssociation } from "~/models/association.server";
import { eventNamed, paidMemberIds, userCount, usersByIds } from "~/models/dataset.server";
import { insertTeam } from "~/models/crew.server";
import { insertWaitlistEntry } from "~/models/entries.server";
import { insertEoiEvent, insertEoiUser, insertInterestLinks } from "~/models/eoi.server";
import { insertEvent, setEventColumns } from "~/models/event.server";
import { createOrder, insertOrderNotes, insertPaymentLog, setOrderColumns } from "~/models/order.server";
import { savePhoto } from "~/models/photo.server";
import { putSettingsRow } from "~/models/settings.server";
import { insertReservation, insertSession } from "~/models/training.server";
import { insertUser, setUserImage } from "~/models/user.server";
import { type CrewEvent, checkCrew, ineligibility, paddlerEligible } from "~/rules/crew";
import { nextTeamNames } from "~/rules/entries";
import type { DraftLine } from "~/rules/orders";
import { defaultSettings } from "~/rules/settings-schema";
import type { Gender, OrderStatus, Role } from "./enums";
import { VALID_IMAGE } from "./enums";
import { DEMO_EOI_EVENTS, DEMO_INTEREST, DEMO_SESSIONS, seedEvents } from "./seed-data";
import { demoPhotos } from "./seed-photos";
import { seedLastYear } from "./seed-last-year";
import { seedDemoRounds } from "./seed-rounds";

export const DEMO_PASSWORD = "Regatta2026!";

/** The full event of the demo: its cap, and the waitlist on it. */
export const DEMO_FULL_EVENT = { name: "TUG OF WAR MIXED", maxTeam: 4 } as const;

type Club = typeof schema.associations.$inferSelect;
type Event = typeof schema.events.$inferSelect;

/** Paid members with approved photos added to each club for its crews: how many of each gender,
 * their names, identification and address. */
type Roster = {
  males: number;
  females: number;
  maleName: (i: number) => string;
  femaleName: (i: number) => string;
  /** Identification of the i-th paddler of this gender and year of birth. */
  identification: (i: number, yob: number, gender: Gender) => string;
  phone: string;
  address: string;
};

const at = <T>(items: readonly T[], i: number) => items[i % items.length];
const split = (s: string) => s.split(",");

/** MyKad: YYMMDD, place of birth, serial; odd last digit for men. Every other one with dashes. */
const myKad =
  (place: string) =>
  (i: number, yob: number, gender: Gender): string => {
    const yymmdd = `${String(yob % 100).padStart(2, "0")}${String((i % 12) + 1).padStart(2, "0")}${String((i % 27) + 1).padStart(2, "0")}`;
    const serial = `${String(100 + i * 37).slice(-3)}${gender === "MALE" ? 1 + 2 * (i % 5) : 2 * (i % 5)}`;
    return i % 2 === 0 ? `${yymmdd}-${place}-${serial}` : `${yymmdd}${place}${serial}`;
  };
const passport = (prefix: string, base: number) => (i: number) => `${prefix}${base + i * 7919}`;

const MALAY_M = split("MUHAMMAD HAFIZ,AHMAD FAIZAL,MOHD IRFAN,AIMAN,HARIS,SYAFIQ,KHAIRUL,DANIAL");
const MALAY_F = split("SITI AMINAH,FARAH,NABILA,AMIRAH,HIDAYAH,ZARINA,SYAZWANI,ATIQAH");
const MALAY_FATHER = split("ROSLI,ISMAIL,HASSAN,OSMAN,YUSOF,IBRAHIM,HAMZAH,ZAINAL,SALLEH");
const SURNAME = split("TAN,LIM,LEE,WONG,NG,CHONG,OOI,KHOO,TEH,GOH,YAP,CHEAH");
const CHINESE_M = split("WEI JIE,KAH HOE,JUN HAO,CHEE KEONG,ZHI HAO,BOON HUAT,CHUN KIT,KAR LOK");
const CHINESE_F = split("MEI LING,HUI YING,XIN YI,SIEW LAN,LI TING,PEI SHAN,JIA HUI,SHU FEN");
const INDIAN_M = split("ARJUN,SURESH,VIKNESH,GANESH,PRAKASH,KARTHIK");
const INDIAN_F = split("PRIYA,KAVITHA,LAKSHMI,SHALINI,NITHYA,DIVYA");
const INDIAN_FATHER = split("MUNIANDY,KRISHNAN,RAMASAMY,PILLAI,SELVARAJ,PERUMAL");
/** Malaysian names, Malay, Chinese and Indian in turn. */
const malaysian = (gender: Gender) => (i: number) => {
  const k = Math.floor(i / 3);
  if (i % 3 === 0)
    return gender === "MALE"
      ? `${at(MALAY_M, k)} BIN ${at(MALAY_FATHER, k + 2)}`
      : `${at(MALAY_F, k)} BINTI ${at(MALAY_FATHER, k + 5)}`;
  if (i % 3 === 1)
    return `${at(SURNAME, k + (gender === "MALE" ? 0 : 5))} ${at(gender === "MALE" ? CHINESE_M : CHINESE_F, k)}`;
  return gender === "MALE"
    ? `${at(INDIAN_M, k)} A/L ${at(INDIAN_FATHER, k + 1)}`
    : `${at(INDIAN_F, k)} A/P ${at(INDIAN_FATHER, k + 3)}`;
};
/** Given name then family name. */
const western = (given: string, family: string) => (i: number) =>
  `${at(split(given), i)} ${at(split(family), i * 3 + 1)}`;

const ROSTERS: Record<string, Roster> = {
  "Penang Dragon Warriors": {
    males: 15,
    females: 15,
    maleName: malaysian("MALE"),
    femaleName: malaysian("FEMALE"),
    identification: myKad("07"),
    phone: "60124455667",
    address: "No. 1, Jalan Regatta, 10000 George Town, Pulau Pinang",
  },
  "Singapore Paddle Club": {
    males: 6,
    females: 7,
    maleName: (i) => `${at(SURNAME, i + 3)} ${at(CHINESE_M, i + 2)}`,
    femaleName: (i) => `${at(SURNAME, i + 7)} ${at(CHINESE_F, i + 3)}`,
    identification: (i) => `S${9_012_345 + i * 4_409}${at(split("A,B,C,D,E,F,G,H,I,Z,J"), i)}`,
    phone: "6591234567",
    address: "Blk 123 Tampines Street 11, #05-120, Singapore 521123",
  },
  "Jakarta Naga Rowers": {
    males: 6,
    females: 11,
    maleName: western("BUDI,AGUS,RIZKY,HENDRA,WAHYU,FAJAR", "SANTOSO,WIJAYA,SAPUTRA,HIDAYAT,PRATAMA,NUGROHO"),
    femaleName: western(
      "SRI,DEWI,PUTRI,AYU,RATNA,INDAH,WULAN,RINA,SARI,MAYA,LESTARI",
      "SANTOSO,WIJAYA,SAPUTRA,HIDAYAT,KURNIAWAN,PRATAMA,SETIAWAN,NUGROHO,HALIM",
    ),
    identification: passport("B", 1_204_311),
    phone: "6281234567890",
    address: "Jl. Sudirman No. 45, Jakarta 10220, Indonesia",
  },
  "Kuching Hornbill Dragons": {
    males: 10,
    females: 10,
    maleName: (i) =>
      i % 2 === 0
        ? `${at(split("JOHNNY,ROBERT,DANIEL,EDWIN,MARCUS"), i / 2)} ANAK ${at(split("JUGAH,NYALAU,LINGGANG,ENTERI,GUMIS"), i / 2 + 1)}`
        : malaysian("MALE")(i),
    femaleName: (i) =>
      i % 2 === 0
        ? `${at(split("MARY,JUSTINA,FLORA,GRACE,VERONICA"), i / 2)} ANAK ${at(split("JUGAH,NYALAU,LINGGANG,ENTERI,GUMIS"), i / 2 + 2)}`
        : malaysian("FEMALE")(i),
    identification: myKad("13"),
    phone: "60198765432",
    address: "No. 8, Jalan Padungan, 93100 Kuching, Sarawak",
  },
  "Bangkok River Dragons": {
    males: 9,
    females: 4,
    maleName: western(
      "SOMCHAI,ANAN,KITTI,NATTAPONG,THANAWAT,PRASERT,WICHAI,CHAIYA,ARTHIT",
      "SRISUK,CHAIYAPORN,WONGSAKUL,SAETANG,BOONMA,THONGCHAI,KAEWKAN",
    ),
    femaleName: western(
      "SIRIPORN,PORNTIP,NATTAYA,KANYA",
      "SRISUK,CHAIYAPORN,WONGSAKUL,SAETANG,BOONMA,THONGCHAI,KAEWKAN",
    ),
    identification: passport("AA", 3_300_127),
    phone: "66812345678",
    address: "88/12 Soi Sukhumvit 24, Bangkok 10110, Thailand",
  },
};

/** A crew from a club's roster: its males `m` and females `f` by index range (slice), and the demo
 * competitor (Penang only). */
type CrewPick = { m?: [number, number]; f?: [number, number]; competitor?: true };
/** Each club's paid entries: the event, and per team the crew picked (null: no crew yet). */
type Entry = { event: string; teams: (CrewPick | null)[] };
const ENTRIES: Record<string, { entries: Entry[]; tickets: number; processing?: string }> = {
  // The demo manager's two teams: A with a full crew (the demo competitor in it), B for them to pick.
  "Penang Dragon Warriors": {
    entries: [{ event: "250M PREMIER MIXED", teams: [{ m: [0, 6], f: [0, 5], competitor: true }, null] }],
    tickets: 6,
  },
  "Singapore Paddle Club": {
    entries: [{ event: "250M PREMIER MIXED", teams: [{ m: [0, 6], f: [0, 6] }] }],
    tickets: 5,
  },
  "Jakarta Naga Rowers": {
    entries: [
      { event: "250M PREMIER WOMEN", teams: [{ f: [0, 11] }] },
      { event: "TUG OF WAR MIXED", teams: [{ m: [0, 5], f: [0, 5] }] },
    ],
    tickets: 3,
  },
  "Kuching Hornbill Dragons": {
    entries: [
      { event: "250M MALAYSIA OPEN", teams: [{ m: [0, 10], f: [0, 2] }] },
      {
        event: "TUG OF WAR MIXED",
        teams: [
          { m: [0, 4], f: [0, 4] },
          { m: [4, 9], f: [4, 9] },
        ],
      },
    ],
    tickets: 4,
  },
  // The fourth team of the full event: held by a Processing order, not yet a team.
  "Bangkok River Dragons": {
    entries: [{ event: "400M PREMIER OPEN", teams: [{ m: [0, 9], f: [0, 3] }] }],
    tickets: 2,
    processing: "TUG OF WAR MIXED",
  },
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Throws unless every member may be picked for the event and the crew passes the five checks. */
function assertValidCrew(team: string, event: Event, memberIds: number[], regattaYear: number) {
  const caps: CrewEvent = event;
  const rows = usersByIds(memberIds);
  for (const u of rows) {
    const why = ineligibility({ ...u, inOtherTeam: false }, caps, regattaYear);
    if (why) throw new Error(`demo seed: ${u.name} may not race in ${team} (${event.name}): ${why}`);
  }
  const error = checkCrew(
    rows.map((u) => ({ gender: u.gender, paddlerEligible: paddlerEligible(u, caps) })),
    caps,
  );
  if (error) throw new Error(`demo seed: ${team} (${event.name}): ${error}`);
}

const MYT = 8 * HOUR; // Asia/Kuala_Lumpur, no daylight saving

/** The clubs' expressions of interest (each saved by the club's manager) and the training sessions
 * with their requests, all relative to now: session times in whole hours of Malaysia time. */
function seedPreseason(clubs: Club[], managers: Map<number, { email: string; name: string }>) {
  const now = Date.now();
  const clubNamed = (name: string) => {
    const club = clubs.find((c) => c.name === name);
    if (!club) throw new Error(`demo seed: no club ${name}`);
    return club;
  };

  const eoiEvents = new Map<string, number>();
  for (const [i, name] of DEMO_EOI_EVENTS.entries()) {
    const when = new Date(now - (40 - i) * DAY);
    const { id } = insertEoiEvent({ name, createdAt: when, updatedAt: when });
    eoiEvents.set(name, id);
  }
  for (const interest of DEMO_INTEREST) {
    const club = clubNamed(interest.club);
    const manager = managers.get(club.id)!;
    const when = new Date(now - interest.daysAgo * DAY);
    const id = insertEoiUser({
      email: manager.email.toLowerCase(),
      name: manager.name,
      team: club.name,
      country: club.country,
      createdAt: when,
      updatedAt: when,
    });
    insertInterestLinks(interest.events.map((name) => ({ eoiUserId: id, eoiEventId: eoiEvents.get(name)! })));
  }

  // Midnight today in Malaysia, as a UTC instant.
  const today = Math.floor((now + MYT) / DAY) * DAY - MYT;
  for (const plan of DEMO_SESSIONS) {
    const start = today + plan.day * DAY + plan.hour * HOUR;
    // Sessions were put up three weeks ahead; requests came in after, decisions a day later.
    const created = Math.min(now, start - 21 * DAY);
    const approved = plan.requests.filter((r) => r.status === "APPROVED").reduce((n, r) => n + r.boats, 0);
    if (approved > plan.maxBoat) throw new Error(`demo seed: session on day ${plan.day} overbooked`);
    if (start <= now && plan.requests.some((r) => r.status === "PENDING"))
      throw new Error(`demo seed: a pending request on the past session of day ${plan.day}`);
    const { id } = insertSession({
      startTime: new Date(start),
      endTime: new Date(start + plan.hours * HOUR),
      maxBoat: plan.maxBoat,
      createdAt: new Date(created),
      updatedAt: new Date(created),
    });
    for (const [i, r] of plan.requests.entries()) {
      const asked = Math.min(now - HOUR, created + (i + 1) * 2 * HOUR);
      const decided = r.status === "PENDING" ? asked : Math.min(now, asked + DAY);
      insertReservation({
        sessionId: id,
        associationId: clubNamed(r.club).id,
        boat: r.boats,
        status: r.status,
        rejectReason: r.rejectReason ?? null,
        createdAt: new Date(asked),
        updatedAt: new Date(decided),
      });
    }
  }
}

/** `lastYear`: also make last year's archived edition (db/seed-last-year.ts); the race-day seed
 * leaves it out (its dataset is one edition's, and its counts are that edition's). */
export async function seed({ lastYear = true }: { lastYear?: boolean } = {}): Promise<boolean> {
  const d = db();
  if (userCount() > 0) return false;

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
    setUserImage(userId, savePhoto(userId, photos[nextPhoto++ % photos.length]), validImage);
  };
  // Ages count at the regatta: the settings' default year (this year) until an admin saves another.
  const regattaYear = defaultSettings().regattaYear;

  d.transaction((tx) => {
    // The demo keeps 'Require signed crew tags' off (a new installation has it on): a plain `#<id>`
    // typed at the kiosk works there, as well as the crew tags' signed codes (README, Demo logins).
    putSettingsRow({
      id: 1,
      ...defaultSettings(),
      requireSignedTags: false,
      entriesCloseAt: null,
      crewCloseAt: null,
    });

    const clubs: Club[] = [
      { name: "Penang Dragon Warriors", country: "MY" },
      { name: "Singapore Paddle Club", country: "SG" },
      { name: "Jakarta Naga Rowers", country: "ID" },
      { name: "Kuching Hornbill Dragons", country: "MY" },
      { name: "Bangkok River Dragons", country: "TH" },
    ].map((c) => insertAssociation({ ...c, token: randomToken(24) }));
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
      phone?: string;
      address?: string;
    }) =>
      insertUser({
        hash,
        phone: "60123456789",
        address: "No. 1, Jalan Regatta, 10000 George Town, Pulau Pinang",
        identification: v.identification ?? "",
        verified: true,
        ...v,
      });

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
      membershipPaid: true,
      identification: "980722075122",
    });
    withPhoto(competitor.id, VALID_IMAGE.APPROVED);
    const managers = new Map<number, typeof manager>([[penang.id, manager]]);

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
        const m = user({
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
        managers.set(club.id, m);
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

    // Each club's paddlers: paid, photo approved, aged 18 to 45 at the regatta, men and women.
    const paddlers = new Map<number, { m: number[]; f: number[] }>();
    for (const club of clubs) {
      const roster = ROSTERS[club.name];
      const slug = club.name.toLowerCase().split(" ")[0];
      const ids = { m: [] as number[], f: [] as number[] };
      let k = 0;
      for (const gender of ["MALE", "FEMALE"] as const) {
        const many = gender === "MALE" ? roster.males : roster.females;
        for (let i = 0; i < many; i++, k++) {
          const yob = regattaYear - (18 + ((k * 11 + 3) % 28));
          const p = user({
            email: `${slug}.paddler${k + 1}@example.com`,
            role: "COMPETITOR",
            name: gender === "MALE" ? roster.maleName(i) : roster.femaleName(i),
            associationId: club.id,
            gender,
            yob,
            identification: roster.identification(k, yob, gender),
            approved: true,
            membershipPaid: true,
            phone: roster.phone,
            address: roster.address,
          });
          withPhoto(p.id, VALID_IMAGE.APPROVED);
          (gender === "MALE" ? ids.m : ids.f).push(p.id);
        }
      }
      paddlers.set(club.id, ids);
    }

    for (const event of seedEvents()) {
      const { id } = insertEvent(event);
      if (event.name === DEMO_FULL_EVENT.name) setEventColumns(id, { maxTeam: DEMO_FULL_EVENT.maxTeam });
    }
    const eventOf = (name: string): Event => {
      const e = eventNamed(name);
      if (!e) throw new Error(`demo seed: no event ${name}`);
      return e;
    };

    const settings = defaultSettings();
    const ticket = (count: number) => [
      { kind: "TICKET" as const, label: "Dinner Ticket", price: settings.ticketPriceSen, count },
    ];
    const fees = (members: { id: number }[]) =>
      members.map((m) => ({
        kind: "MEMBERSHIP" as const,
        label: "",
        price: settings.crewTagFeeSen,
        count: 1,
        userId: m.id,
      }));
    const paidMembersOf = (clubId: number, ids?: number[]) => paidMemberIds(clubId, ids);
    /** An order as if bought through the payment provider: its status, time and payment log. */
    const order = (
      ownerId: number,
      lines: DraftLine[],
      status: OrderStatus,
      ago: number,
      statusId?: string,
    ) => {
      const created = createOrder(1, ownerId, lines, tx); // edition 1: this year's, the open one
      const when = new Date(Date.now() - ago);
      setOrderColumns(created.id, {
        status,
        createdAt: when,
        updatedAt: when,
        transactionId: statusId ? `DEMO${created.id}` : null,
        effectsAppliedAt: status === "PAID" ? when : null,
      });
      if (statusId) {
        insertPaymentLog({
          createdAt: when,
          statusId,
          msg: statusId === "1" ? "Payment_was_successful" : "Payment_failed",
          transactionId: `DEMO${created.id}`,
          orderId: String(created.id),
          verified: true,
          source: "callback",
        });
      }
      return created.id;
    };

    // The demo manager's orders, one in every status: the crew tag fee of the paid members (PAID,
    // with its callback in the payment log and an admin's note), an earlier failed attempt, a
    // cancelled dinner-ticket order, and a dinner-ticket order still Processing. The club's
    // paddlers' fees were paid before.
    const penangPaddlers = paddlers.get(penang.id)!;
    const paddlerIds = new Set([...penangPaddlers.m, ...penangPaddlers.f]);
    const earlyFee = paidMembersOf(penang.id).filter((m) => !paddlerIds.has(m.id));
    order(manager.id, fees(paidMembersOf(penang.id, [...paddlerIds])), "PAID", 9 * DAY, "1");
    order(manager.id, fees(earlyFee), "FAILED", 6 * DAY, "0");
    const paidOrder = order(manager.id, fees(earlyFee), "PAID", 5 * DAY, "1");
    insertOrderNotes([
      { orderId: paidOrder, userId: admin.id, author: admin.name, note: "Paid online; crew tags printed." },
    ]);
    order(manager.id, ticket(4), "CANCELLED", 3 * DAY);
    order(manager.id, ticket(2), "PROCESSING", 0);

    // Every other club's crew tag fees, in one paid order by its manager.
    for (const club of clubs.slice(1)) {
      order(managers.get(club.id)!.id, fees(paidMembersOf(club.id)), "PAID", 10 * DAY, "1");
    }

    // Paid entries: each club's order of its events, the teams it made (CLUB NAME A, B, ...) and
    // their crews; then its dinner tickets.
    for (const [ci, club] of clubs.entries()) {
      const plan = ENTRIES[club.name];
      const owner = managers.get(club.id)!.id;
      const lines: DraftLine[] = plan.entries.map((entry) => {
        const e = eventOf(entry.event);
        return { kind: "EVENT", label: e.name, price: e.price, count: entry.teams.length, eventId: e.id };
      });
      order(owner, lines, "PAID", (4 + ci * 0.5) * DAY, "1");
      const roster = paddlers.get(club.id)!;
      for (const entry of plan.entries) {
        const e = eventOf(entry.event);
        const names = nextTeamNames(club.name, [], entry.teams.length);
        const inEvent = new Set<number>();
        for (const [ti, pick] of entry.teams.entries()) {
          const values = { name: names[ti], associationId: club.id, eventId: e.id };
          if (!pick) {
            insertTeam(values);
            continue;
          }
          const crew = [
            ...(pick.m ? roster.m.slice(...pick.m) : []),
            ...(pick.f ? roster.f.slice(...pick.f) : []),
            ...(pick.competitor ? [competitor.id] : []),
          ];
          for (const id of crew) {
            if (inEvent.has(id)) throw new Error(`demo seed: ${id} in two teams of ${e.name}`);
            inEvent.add(id);
          }
          assertValidCrew(values.name, e, crew, regattaYear);
          insertTeam(values, crew);
        }
      }
      order(owner, ticket(plan.tickets), "PAID", (2 + ci * 0.5) * DAY, "1");
      if (plan.processing) {
        const e = eventOf(plan.processing);
        order(
          owner,
          [{ kind: "EVENT", label: e.name, price: e.price, count: 1, eventId: e.id }],
          "PROCESSING",
          2 * HOUR,
        );
      }
    }

    // The full event's waitlist: Singapore Paddle Club waits for one team since yesterday.
    const singapore = clubs[1];
    insertWaitlistEntry({
      eventId: eventOf(DEMO_FULL_EVENT.name).id,
      associationId: singapore.id,
      userId: managers.get(singapore.id)!.id,
      teams: 1,
      createdAt: new Date(Date.now() - DAY),
      updatedAt: new Date(Date.now() - DAY),
    });

    // Rounds and races: a scored heat on the scoreboard with its crews scanned in, a final drawn,
    // a tug-of-war round drawn (db/seed-rounds.ts).
    seedDemoRounds(tx);

    seedPreseason(clubs, managers);

    // Last year's regatta, archived, with its official results and orders (issue 21).
    if (lastYear) seedLastYear();
  });
  return true;
}
