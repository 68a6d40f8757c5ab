// Last year's regatta in the demo (issue 21; db/seed.ts calls this at the end of its transaction,
// after this year's data): an ARCHIVED edition "Regatta <this year - 1>" held on the same day a year
// ago, so the demo shows the archive, /results/<year> and the invitation. What it has:
// - four events (copied from this year's by name) with teams of the demo clubs and their crews;
// - five rounds, all declared OFFICIAL with places and times: heats and finals, a penalty, a DNF, a
//   DSQ, a revised result ("Official (revised)") and a Tug of War with win-loss records;
// - each club's paid orders (crew tag fees, entries) with their payment callbacks, and the demo
//   manager's dinner tickets: the demo manager's receipts of last year;
// - its settings (its own year) and its members' crew tag fee status (`edition_members`).
// Made as a DRAFT, filled, then archived at the end (setEditionColumns): migration 0018's triggers
// refuse any write into an archived edition's rows. Every row names its edition explicitly. Written
// and read through the models (issue 30), inside db/seed.ts's transaction.
import { randomToken } from "~/lib/crypto.server";
import type { schema } from "~/lib/db.server";
import { insertTeam } from "~/models/crew.server";
import {
  clubsById,
  eventNamed,
  firstManagerOf,
  openEditionRow,
  paidMemberIdsInOrder,
  userIdByEmail,
  usersWithEmailLike,
} from "~/models/dataset.server";
import { insertEditionMembers, insertEditionRow, setEditionColumns } from "~/models/edition.server";
import { insertEvent } from "~/models/event.server";
import { insertOrderRow, insertPaymentLog, setOrderColumns } from "~/models/order.server";
import { insertRace } from "~/models/race.server";
import { insertRound } from "~/models/round.server";
import { putSettingsRow } from "~/models/settings.server";
import { formatResult, type LaneResult, rankLanes } from "~/rules/results";
import { defaultSettings } from "~/rules/settings-schema";
import type { LaneStatus } from "./enums";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MYT = 8 * HOUR;

/** A club's crew in one of last year's events: its roster's males and females by index range
 * (the club's paddlers, in the order db/seed.ts made them), and the demo competitor (Penang). */
type Crew = { m?: [number, number]; f?: [number, number]; competitor?: true };
/** Last year's entries: per event (this year's name) the clubs' teams ("<CLUB> A") and crews. */
export const LAST_YEAR_ENTRIES: { event: string; teams: { club: string; crew: Crew }[] }[] = [
  {
    event: "250M PREMIER MIXED",
    teams: [
      { club: "Penang Dragon Warriors", crew: { m: [0, 6], f: [0, 5], competitor: true } },
      { club: "Singapore Paddle Club", crew: { m: [0, 6], f: [0, 6] } },
      { club: "Jakarta Naga Rowers", crew: { m: [0, 6], f: [0, 6] } },
      { club: "Kuching Hornbill Dragons", crew: { m: [0, 6], f: [0, 6] } },
    ],
  },
  {
    event: "250M PREMIER WOMEN",
    teams: [
      { club: "Jakarta Naga Rowers", crew: { f: [0, 11] } },
      { club: "Penang Dragon Warriors", crew: { f: [5, 15] } },
      { club: "Kuching Hornbill Dragons", crew: { f: [0, 10] } },
    ],
  },
  {
    event: "250M MALAYSIA OPEN",
    teams: [
      { club: "Penang Dragon Warriors", crew: { m: [0, 12] } },
      { club: "Kuching Hornbill Dragons", crew: { m: [0, 10], f: [6, 8] } },
    ],
  },
  {
    event: "TUG OF WAR MIXED",
    teams: [
      { club: "Jakarta Naga Rowers", crew: { m: [0, 4], f: [0, 4] } },
      { club: "Kuching Hornbill Dragons", crew: { m: [4, 8], f: [4, 8] } },
      { club: "Bangkok River Dragons", crew: { m: [0, 4], f: [0, 4] } },
    ],
  },
];

/** A lane's result as race control saved it: a time (with a penalty), a status, or a record. */
type Lane = {
  club: string;
  lane: string;
  time?: number;
  penalty?: [number, string];
  status?: [LaneStatus, string];
  record?: [number, number];
};
/** Last year's race day, in race number order, every round OFFICIAL (revision 2: revised once). */
export const LAST_YEAR_ROUNDS: { event: string; label: string; revision: number; lanes: Lane[] }[] = [
  {
    event: "250M PREMIER MIXED",
    label: "HEAT 1",
    revision: 1,
    lanes: [
      { club: "Singapore Paddle Club", lane: "1", time: 65_870 },
      { club: "Penang Dragon Warriors", lane: "2", time: 62_410 },
      { club: "Jakarta Naga Rowers", lane: "3", time: 64_120 },
      { club: "Kuching Hornbill Dragons", lane: "4", status: ["DNF", "Capsized at 150 m"] },
    ],
  },
  {
    event: "250M PREMIER WOMEN",
    label: "FINAL",
    revision: 2,
    lanes: [
      { club: "Jakarta Naga Rowers", lane: "2", time: 68_350, penalty: [2_000, "Steering out of lane"] },
      { club: "Penang Dragon Warriors", lane: "3", time: 69_900 },
      { club: "Kuching Hornbill Dragons", lane: "4", time: 71_240 },
    ],
  },
  {
    event: "250M MALAYSIA OPEN",
    label: "FINAL",
    revision: 1,
    lanes: [
      { club: "Kuching Hornbill Dragons", lane: "3", time: 60_880 },
      { club: "Penang Dragon Warriors", lane: "4", time: 61_530 },
    ],
  },
  {
    event: "TUG OF WAR MIXED",
    label: "ROUND 1",
    revision: 1,
    lanes: [
      { club: "Jakarta Naga Rowers", lane: "1", record: [1, 1] },
      { club: "Kuching Hornbill Dragons", lane: "2", record: [2, 0] },
      { club: "Bangkok River Dragons", lane: "3", record: [0, 2] },
    ],
  },
  {
    event: "250M PREMIER MIXED",
    label: "FINAL",
    revision: 1,
    lanes: [
      { club: "Jakarta Naga Rowers", lane: "2", time: 62_880 },
      { club: "Penang Dragon Warriors", lane: "3", time: 61_950 },
      { club: "Singapore Paddle Club", lane: "4", time: 63_500 },
      { club: "Kuching Hornbill Dragons", lane: "5", time: 62_100, status: ["DSQ", "Crossed into lane 4"] },
    ],
  },
];

/** The demo manager's dinner tickets last year. */
const LAST_YEAR_TICKETS = 6;

/** A team's name in last year's events (every club had one team per event: "<CLUB> A"). */
const teamName = (club: string) => `${club.toUpperCase()} A`;

/** Adds last year's archived edition; returns its id. `now` moves the dates (tests). */
export function seedLastYear(now = Date.now()): number {
  const open = openEditionRow();
  if (!open) throw new Error("demo seed: no open edition (run the migrations)");
  const year = open.year - 1;
  // Today in Malaysia and the same day a year ago: this year's race day and last year's.
  const today = Math.floor((now + MYT) / DAY) * DAY - MYT;
  const raceDay = today - 364 * DAY; // the same weekday
  const iso = (ms: number) => new Date(ms + MYT).toISOString().slice(0, 10);
  setEditionColumns(open.id, { startsOn: iso(today), endsOn: iso(today + DAY) });
  const edition = insertEditionRow({
    name: `Regatta ${year}`,
    year,
    startsOn: iso(raceDay),
    endsOn: iso(raceDay + DAY),
    state: "DRAFT",
    createdAt: new Date(raceDay - 150 * DAY),
  });
  if (edition === undefined) throw new Error(`demo seed: an edition of ${year} is there already`);
  const settings = defaultSettings();
  putSettingsRow({
    ...settings,
    id: edition,
    regattaYear: year,
    requireSignedTags: false,
    entriesCloseAt: new Date(raceDay - 14 * DAY),
    crewCloseAt: new Date(raceDay - 2 * DAY),
  });

  // The demo clubs, their managers and paddlers (as db/seed.ts made them).
  const clubs = clubsById();
  const clubNamed = (name: string) => {
    const club = clubs.find((c) => c.name === name);
    if (!club) throw new Error(`demo seed: no club ${name}`);
    return club;
  };
  const managerOf = (clubId: number) => {
    const m = firstManagerOf(clubId);
    if (!m) throw new Error(`demo seed: club ${clubId} has no manager`);
    return m.id;
  };
  const rosterOf = (club: (typeof clubs)[number]) => {
    const slug = club.name.toLowerCase().split(" ")[0];
    const rows = usersWithEmailLike(`${slug}.paddler%@example.com`);
    return { m: rows.filter((r) => r.gender === "MALE"), f: rows.filter((r) => r.gender === "FEMALE") };
  };
  const competitor = userIdByEmail("competitor@example.com");

  // Events: this year's of the same names, as they were.
  const eventIds = new Map<string, { id: number; price: number }>();
  for (const name of new Set(LAST_YEAR_ENTRIES.map((x) => x.event))) {
    const current = eventNamed(name, open.id);
    if (!current) throw new Error(`demo seed: no event ${name}`);
    const { id: _id, createdAt: _c, updatedAt: _u, editionId: _e, ...rest } = current;
    const when = new Date(raceDay - 120 * DAY);
    const made = insertEvent({ ...rest, maxTeam: 50, editionId: edition, createdAt: when, updatedAt: when });
    eventIds.set(name, { id: made.id, price: made.price });
  }

  // Teams and crews.
  const teamIds = new Map<string, number>();
  const entriesOf = new Map<number, Map<string, number>>();
  for (const entry of LAST_YEAR_ENTRIES) {
    const event = eventIds.get(entry.event)!;
    for (const { club: clubName, crew } of entry.teams) {
      const club = clubNamed(clubName);
      const roster = rosterOf(club);
      const members = [
        ...(crew.m ? roster.m.slice(...crew.m) : []),
        ...(crew.f ? roster.f.slice(...crew.f) : []),
        ...(crew.competitor && competitor ? [competitor] : []),
      ];
      const team = insertTeam(
        { name: teamName(club.name), associationId: club.id, eventId: event.id },
        members.map((m) => m.id),
      ).id;
      teamIds.set(`${entry.event}|${clubName}`, team);
      const counts = entriesOf.get(club.id) ?? new Map<string, number>();
      counts.set(entry.event, (counts.get(entry.event) ?? 0) + 1);
      entriesOf.set(club.id, counts);
    }
  }

  // The race day: every round declared Official ten minutes after its start.
  for (const [i, plan] of LAST_YEAR_ROUNDS.entries()) {
    const event = eventIds.get(plan.event)!;
    const scheduledAt = raceDay + 9 * HOUR + i * 20 * MINUTE; // from 09:00 Malaysia time
    const startedAt = scheduledAt + 2 * MINUTE;
    const resultsAt = startedAt + (plan.revision > 1 ? 40 : 10) * MINUTE;
    const round = insertRound({
      eventId: event.id,
      editionId: edition,
      name: `${plan.event} ${plan.label}`,
      description: `${plan.label[0]}${plan.label.slice(1).toLowerCase()} of ${plan.event}.`,
      raceNumber: i + 1,
      scheduledAt: new Date(scheduledAt),
      startedAt: new Date(startedAt),
      resultState: "OFFICIAL",
      revision: plan.revision,
      resultsAt: new Date(resultsAt),
    }).id;
    const tug = plan.lanes.some((l) => l.record);
    const lanes: (LaneResult & { teamId: number; statusReason: string; penaltyReason: string })[] =
      plan.lanes.map((l, k) => ({
        id: k,
        lane: l.lane,
        teamId: teamIds.get(`${plan.event}|${l.club}`)!,
        timeMs: l.time ?? null,
        status: l.status?.[0] ?? null,
        statusReason: l.status?.[1] ?? "",
        penaltyMs: l.penalty?.[0] ?? 0,
        penaltyReason: l.penalty?.[1] ?? "",
        wins: l.record?.[0] ?? null,
        losses: l.record?.[1] ?? null,
      }));
    const places = rankLanes(lanes, tug);
    for (const { id, ...l } of lanes) {
      insertRace({ ...l, roundId: round, place: places.get(id) ?? null, score: formatResult(l, tug) });
    }
  }

  // Orders: each club's crew tag fees and entries (by its manager, paid online), the demo
  // manager's dinner tickets; each with its payment callback.
  const paid = (
    ownerId: number,
    lines: Omit<typeof schema.orderLines.$inferInsert, "orderId">[],
    daysBefore: number,
  ) => {
    const when = new Date(raceDay - daysBefore * DAY);
    const order = insertOrderRow(
      {
        ownerId,
        status: "PAID",
        token: randomToken(24),
        editionId: edition,
        createdAt: when,
        updatedAt: when,
        effectsAppliedAt: when,
      },
      lines,
    ).id;
    setOrderColumns(order, { transactionId: `DEMO${order}` });
    insertPaymentLog({
      createdAt: when,
      statusId: "1",
      msg: "Payment_was_successful",
      transactionId: `DEMO${order}`,
      orderId: String(order),
      verified: true,
      source: "callback",
      editionId: edition,
    });
    return order;
  };
  const paidMembers = new Set<number>();
  for (const [ci, club] of clubs.slice(0, 5).entries()) {
    const owner = managerOf(club.id);
    const members = paidMemberIdsInOrder(club.id);
    for (const m of members) paidMembers.add(m.id);
    if (members.length)
      paid(
        owner,
        members.map((m) => ({
          kind: "MEMBERSHIP" as const,
          count: 1,
          price: settings.crewTagFeeSen,
          userId: m.id,
        })),
        40 - ci,
      );
    const entries = [...(entriesOf.get(club.id) ?? new Map<string, number>()).entries()];
    if (entries.length)
      paid(
        owner,
        entries.map(([name, count]) => {
          const event = eventIds.get(name)!;
          return { kind: "EVENT" as const, count, price: event.price, eventId: event.id };
        }),
        30 - ci,
      );
    if (ci === 0)
      paid(owner, [{ kind: "TICKET", count: LAST_YEAR_TICKETS, price: settings.ticketPriceSen }], 10);
  }
  insertEditionMembers(
    [...paidMembers].map((userId) => ({ editionId: edition, userId, membershipPaid: true })),
  );

  // Over: archived a while after its race day (read-only from here on).
  setEditionColumns(edition, {
    state: "ARCHIVED",
    openedAt: new Date(raceDay - 150 * DAY),
    archivedAt: new Date(Math.min(now, raceDay + 60 * DAY)),
  });
  return edition;
}
