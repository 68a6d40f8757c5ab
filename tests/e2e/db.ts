// Browser and HTTP tests make their own data: factories that write straight into the e2e
// database (the one scripts/e2e-server.mjs seeded and the app serves), so tests never share
// mutable demo rows.
import { E2E_DIR } from "./e2e-env";
import { createHmac } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import * as make from "../factories";
import * as raceDay from "../factories/race-day";
import { deletePhoto } from "../../app/models/photo.server";
import { findCredentials, findUserByEmail, findUserById } from "../../app/models/user.server";
import { paymentRef } from "../../app/rules/payment-ref";
import { DEMO, PASSWORD } from "./helpers";
import { PINNED_TAG_VERSION } from "./test-context";

export { E2E_DIR };
let conn: Database.Database | undefined;

export function e2eDb(): Database.Database {
  if (!conn) {
    conn = new Database(path.join(E2E_DIR, "e2e.db"));
    conn.pragma("busy_timeout = 5000");
  }
  return conn;
}

/** A name no other test takes (tests/factories' uniq with a prefix). */
export const unique = (prefix: string) => make.uniq(prefix);

/** The seeded hash of PASSWORD (hashing here would duplicate the app's scrypt settings). */
function passwordHash(): string {
  return findCredentials(DEMO.ADMIN)!.hash;
}

export type Made = { id: number; email: string; password: string };

/** A verified user of any role (staff have no association; others join a new one). */
export function createUser(
  role: "ADMIN" | "COMMITTEE" | "MANAGER" | "COMPETITOR",
  overrides: { email?: string; verified?: boolean } = {},
): Made {
  const email = overrides.email ?? `${unique(role.toLowerCase())}@example.test`;
  const associationId =
    role === "MANAGER" || role === "COMPETITOR" ? make.club({ name: unique("Club") }).id : null;
  const { id } = make.user({
    email,
    hash: passwordHash(),
    name: unique("NAME").toUpperCase(),
    role,
    verified: overrides.verified !== false,
    approved: true,
    associationId,
  });
  return { id, email, password: PASSWORD };
}

// ---- Staff console factories (clubs of members with photos in any state) ----

export type PhotoState = make.PhotoState;
export type Member = {
  id: number;
  email: string;
  name: string;
  role: "MANAGER" | "COMPETITOR";
  /** The photo's file name (`/uploads/{image}`), null when the member has none. */
  image: string | null;
};
export type Club = { id: number; name: string; token: string; members: Member[] };

/**
 * A new club with `members` verified, team-approved members (the first is its MANAGER when
 * `manager`, the rest COMPETITORs). Names are `{prefix} 01`, `{prefix} 02`, ... (upper case, the
 * prefix unique), so a Name filter on the prefix finds exactly this club's members. Each member's
 * photo is in `photo` state (or `photo(i)`): a row in `photos` holding a small real JPEG, named by
 * users.image, with users.valid_image set (approved 1, pending 0, rejected 2); "none": no photo.
 */
export async function createClub(
  opts: {
    members?: number;
    photo?: PhotoState | ((i: number) => PhotoState);
    manager?: boolean;
    name?: string;
    prefix?: string;
    country?: string;
  } = {},
): Promise<Club & { prefix: string }> {
  const count = opts.members ?? 1;
  const prefix = (opts.prefix ?? unique("MEMBER")).toUpperCase();
  const hash = passwordHash();
  const stateOf = (i: number): PhotoState =>
    typeof opts.photo === "function" ? opts.photo(i) : (opts.photo ?? "none");
  const club = make.club({ name: opts.name ?? unique("Club"), country: opts.country ?? "MY" });
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const role = opts.manager && i === 0 ? "MANAGER" : "COMPETITOR";
    const memberName = `${prefix} ${String(i + 1).padStart(2, "0")}`;
    const { id, email } = make.user({
      email: `${unique(`m${i + 1}`)}@example.test`,
      hash,
      name: memberName,
      role,
      verified: true,
      approved: true,
      associationId: club.id,
      identification: `A${1000000 + i}`,
      gender: i % 2 ? "FEMALE" : "MALE",
      yob: 1990,
      phone: "60123456789",
      address: "1 Jalan Ujian, Penang",
    });
    const image = await make.photo(id, stateOf(i));
    members.push({ id, email, name: memberName, role, image });
  }
  return { id: club.id, name: club.name, token: club.token, members, prefix };
}

export type UserRecord = {
  id: number;
  email: string;
  name: string;
  role: string;
  image: string | null;
  valid_image: number;
  verified: number;
};

/** A user's current row (by id or email), or undefined. */
export function findUser(idOrEmail: number | string): UserRecord | undefined {
  const where = typeof idOrEmail === "number" ? "id = ?" : "email = ? COLLATE NOCASE";
  return e2eDb()
    .prepare(`SELECT id, email, name, role, image, valid_image, verified FROM users WHERE ${where}`)
    .get(idOrEmail) as UserRecord | undefined;
}

/** Whether a photo's bytes are still stored. */
export function photoStored(name: string): boolean {
  return Boolean(e2eDb().prepare("SELECT 1 FROM photos WHERE name = ?").get(name));
}

/** A user's photo state, as set by tests or the app. */
export function setPhotoState(userId: number, validImage: number): void {
  make.setUser(userId, { validImage });
}

/** The member uploads a new photo (as the profile's upload does: a new file name, pending again,
 * the old file removed); returns the new file name. */
export async function replacePhoto(userId: number): Promise<string> {
  const old = findUserById(userId)?.image ?? null;
  const image = (await make.photo(userId, "pending"))!;
  deletePhoto(old);
  return image;
}

/** A club's current referral token. */
export function clubToken(clubId: number): string | undefined {
  return (
    e2eDb().prepare("SELECT token FROM associations WHERE id = ?").get(clubId) as
      | { token: string }
      | undefined
  )?.token;
}

/** How many members with a photo in this state have an id below `id` (to find a grid's page). */
export function photosBefore(id: number, state: "pending" | "approved"): number {
  const row = e2eDb()
    .prepare("SELECT COUNT(*) AS n FROM users WHERE image IS NOT NULL AND valid_image = ? AND id < ?")
    .get(make.VALID_IMAGE_OF[state], id) as { n: number };
  return row.n;
}

/** Audit entries written by one actor (newest first). */
export function auditOf(actorId: number): { action: string; target_id: string | null; details: string }[] {
  return e2eDb()
    .prepare("SELECT action, target_id, details FROM audit_log WHERE actor_id = ? ORDER BY id DESC")
    .all(actorId) as { action: string; target_id: string | null; details: string }[];
}

// ---- Members and payments factories (tests/e2e/members-payments.spec.ts) ----

/** Sets a member's lifecycle flags (email verified, approved by the manager, crew tag fee paid). */
export function setMemberState(
  userId: number,
  state: { verified?: boolean; approved?: boolean; paid?: boolean },
): void {
  make.setUser(userId, { verified: state.verified, approved: state.approved, membershipPaid: state.paid });
}

export type MemberFlags = { verified: number; approved: number; membership_paid: number };

export function memberFlags(userId: number): MemberFlags {
  return e2eDb()
    .prepare("SELECT verified, approved, membership_paid FROM users WHERE id = ?")
    .get(userId) as MemberFlags;
}

export type OrderRecord = {
  id: number;
  status: string;
  owner_id: number;
  transaction_id: string | null;
  updated_at: number;
  effects_applied_at: number | null;
};

/** The orders a user owns, oldest first. */
export function ordersOwnedBy(ownerId: number): OrderRecord[] {
  return e2eDb()
    .prepare(
      "SELECT id, status, owner_id, transaction_id, updated_at, effects_applied_at FROM orders WHERE owner_id = ? ORDER BY id",
    )
    .all(ownerId) as OrderRecord[];
}

export function orderRecord(orderId: number): OrderRecord | undefined {
  return e2eDb()
    .prepare(
      "SELECT id, status, owner_id, transaction_id, updated_at, effects_applied_at FROM orders WHERE id = ?",
    )
    .get(orderId) as OrderRecord | undefined;
}

export function orderLinesOf(
  orderId: number,
): { kind: string; user_id: number | null; price: number; count: number }[] {
  return e2eDb()
    .prepare("SELECT kind, user_id, price, count FROM order_lines WHERE order_id = ? ORDER BY id")
    .all(orderId) as { kind: string; user_id: number | null; price: number; count: number }[];
}

export type PaymentLogRecord = {
  source: string;
  verified: number;
  status_id: string;
  msg: string;
  transaction_id: string;
};

/** The payment log of an order (every verified return and callback under its reference, and the
 * day's first refused ones), oldest first. */
export function paymentLogsOf(orderId: number): PaymentLogRecord[] {
  return e2eDb()
    .prepare(
      "SELECT source, verified, status_id, msg, transaction_id FROM payment_logs WHERE order_id = ? ORDER BY id",
    )
    .all(paymentRefOfOrder(orderId)) as PaymentLogRecord[];
}

/** The reference the checkout sends as order_id for this order (app/rules/payment-ref.ts). */
export function paymentRefOfOrder(orderId: number): string {
  const row = e2eDb().prepare("SELECT id, token FROM orders WHERE id = ?").get(orderId) as
    | { id: number; token: string }
    | undefined;
  if (!row) throw new Error(`no order ${orderId}`);
  return paymentRef(row);
}

/** The simulator's secret as app/lib/payments/provider.server.ts derives it from the e2e server's
 * SESSION_SECRET (scripts/e2e-server.mjs). */
const SIMULATOR_SECRET = createHmac("sha256", "e2e-secret-0123456789abcdef")
  .update("payment-simulator")
  .digest("base64url");

export type ReturnFields = { status_id: string; order_id: string; transaction_id: string; msg: string };

/** A return or callback signed as the simulator signs it (SenangPay's sha256 mode). */
export function simulatorSigned(fields: ReturnFields): ReturnFields & { hash: string } {
  const text = `${SIMULATOR_SECRET}${fields.status_id}${fields.order_id}${fields.transaction_id}${fields.msg}`;
  return { ...fields, hash: createHmac("sha256", SIMULATOR_SECRET).update(text).digest("hex") };
}

/** Today's counted (not logged) payment calls from one client address. */
export function paymentRejectsFrom(address: string): { source: string; reason: string; calls: number }[] {
  return e2eDb()
    .prepare("SELECT source, reason, calls FROM payment_rejects WHERE address = ? ORDER BY source, reason")
    .all(address) as { source: string; reason: string; calls: number }[];
}

/** A Processing crew tag fee order of `ownerId` for these members (as the checkout makes it). */
export function createMembershipOrder(ownerId: number, memberIds: number[], priceSen = 3000): number {
  const lines = memberIds.map((userId) => ({
    kind: "MEMBERSHIP" as const,
    count: 1,
    price: priceSen,
    userId,
  }));
  return make.order(ownerId, { status: "PROCESSING" }, lines).id;
}

// ---- Events and settings factories ----

export type EventMade = { id: number; name: string };

/** A live event (or a deleted one) with the spec's defaults; the name is unique and upper case.
 * `limits`: its team cap and crew limits (the rest: the schema's defaults). */
export function createEvent(
  opts: { name?: string; price?: number; deleted?: boolean } = {},
  limits: CrewLimits & { maxTeam?: number } = {},
): EventMade {
  const name = opts.name ?? unique("E2E EVENT").toUpperCase();
  const { id } = make.event({
    name,
    description: `Description of ${name}.`,
    price: opts.price ?? 10000,
    deleted: opts.deleted ?? false,
    maxTeam: limits.maxTeam,
    minRace: limits.minRace,
    maxRace: limits.maxRace,
    reserveCount: limits.reserveCount,
    maxMale: limits.maxMale,
    minFemale: limits.minFemale,
    minAge: limits.minAge,
    maxAge: limits.maxAge,
    limitMalaysia: limits.limitMalaysia,
  });
  return { id, name };
}

/** An event team of a club in an event, with these members (team_members). */
export function createTeam(
  associationId: number,
  eventId: number,
  name: string,
  memberIds: number[] = [],
): number {
  return make.team(associationId, eventId, { name }, memberIds).id;
}

export type EventRecord = {
  id: number;
  name: string;
  description: string;
  price: number;
  max_race: number;
  limit_malaysia: number;
  deleted: number;
};

/** An event's current row by id or exact name (newest first), or undefined. */
export function findEvent(idOrName: number | string): EventRecord | undefined {
  const where = typeof idOrName === "number" ? "id = ?" : "name = ?";
  return e2eDb()
    .prepare(
      `SELECT id, name, description, price, max_race, limit_malaysia, deleted FROM events WHERE ${where} ORDER BY id DESC`,
    )
    .get(idOrName) as EventRecord | undefined;
}

/** How many events (live or deleted) have this name in any case. */
export function eventsNamed(name: string): number {
  const row = e2eDb().prepare("SELECT COUNT(*) AS n FROM events WHERE name = ? COLLATE NOCASE").get(name) as {
    n: number;
  };
  return row.n;
}

export type SettingsRecord = {
  crew_tag_fee_sen: number;
  ticket_price_sen: number;
  ticket_description: string;
  regatta_name: string;
  regatta_year: number;
  payment_due_hours: number;
};

/** The saved settings row, or undefined while the regatta runs on the defaults. */
export function settingsRow(): SettingsRecord | undefined {
  return e2eDb().prepare("SELECT * FROM settings WHERE id = 1").get() as SettingsRecord | undefined;
}

/** Puts a ticket description a test saved back to `original` (only if it is still the test's). */
export function restoreTicketDescription(mine: string, original: string): void {
  make.restoreTicket(1, mine, original);
}

// ---- Orders factories (orders in any status with lines, notes and payment logs) ----

export type OrderStatusName = "PROCESSING" | "PAID" | "FAILED" | "CANCELLED";
export type OrderLineSpec = {
  kind: "MEMBERSHIP" | "EVENT" | "TICKET";
  price: number;
  count?: number;
  userId?: number | null;
  eventId?: number | null;
};
export type OrderMade = { id: number; token: string; total: number; status: OrderStatusName };

/**
 * An order of `ownerId` in `status` (created `createdAt`, default now) with its lines (default: one
 * dinner ticket at RM 80.00), optional notes (by `noteAuthor`) and payment log entries. A PAID
 * order gets effects_applied_at, as if its payment had gone through.
 */
export function createOrder(
  ownerId: number,
  opts: {
    status?: OrderStatusName;
    lines?: OrderLineSpec[];
    createdAt?: number;
    transactionId?: string | null;
    notes?: string[];
    noteAuthor?: { id: number; name: string };
    payments?: {
      statusId: string;
      msg: string;
      transactionId: string;
      verified?: boolean;
      source?: string;
    }[];
  } = {},
): OrderMade {
  const status = opts.status ?? "PROCESSING";
  const lines = opts.lines ?? [{ kind: "TICKET", price: 8000, count: 1 }];
  const at = opts.createdAt ?? Date.now();
  const author = opts.notes?.length ? (opts.noteAuthor ?? adminRow()) : null;
  const { id, token } = make.order(
    ownerId,
    {
      createdAt: new Date(at),
      updatedAt: new Date(at),
      transactionId: opts.transactionId ?? null,
      status,
      effectsAppliedAt: status === "PAID" ? new Date(at) : null,
    },
    lines.map((l) => ({
      kind: l.kind,
      count: l.count ?? 1,
      price: l.price,
      eventId: l.eventId ?? null,
      userId: l.userId ?? null,
    })),
    (opts.notes ?? []).map((note, i) => ({
      createdAt: new Date(at + i + 1),
      updatedAt: new Date(at + i + 1),
      note,
      userId: author!.id,
      author: author!.name,
    })),
  );
  for (const p of opts.payments ?? []) addPaymentLog({ orderId: String(id), ...p });
  const total = lines.reduce((sum, l) => sum + l.price * (l.count ?? 1), 0);
  return { id, token, total, status };
}

function adminRow(): { id: number; name: string } {
  const admin = findUserByEmail(DEMO.ADMIN)!;
  return { id: admin.id, name: admin.name };
}

/** A payment log entry (verified unless said otherwise: `verified: false` is a forged call). */
export function addPaymentLog(p: {
  orderId: string;
  statusId: string;
  msg: string;
  transactionId: string;
  verified?: boolean;
  source?: string;
  createdAt?: number;
}): void {
  make.paymentLog({
    createdAt: new Date(p.createdAt ?? Date.now()),
    statusId: p.statusId,
    msg: p.msg,
    transactionId: p.transactionId,
    orderId: p.orderId,
    verified: p.verified !== false,
    source: p.source ?? "callback",
  });
}

/** An order's current status (undefined if there is no such order). */
export function orderStatus(id: number): OrderStatusName | undefined {
  const row = e2eDb().prepare("SELECT status FROM orders WHERE id = ?").get(id) as
    | { status: OrderStatusName }
    | undefined;
  return row?.status;
}

/** An order's notes, oldest first. */
export function orderNotesOf(id: number): { note: string; author: string }[] {
  return e2eDb()
    .prepare("SELECT note, author FROM order_notes WHERE order_id = ? ORDER BY created_at, id")
    .all(id) as { note: string; author: string }[];
}

/** Whether a member's crew tag fee is paid. */
export function membershipPaid(userId: number): boolean {
  const row = e2eDb().prepare("SELECT membership_paid AS paid FROM users WHERE id = ?").get(userId) as {
    paid: number;
  };
  return row.paid === 1;
}

// crews (tests/e2e/crews.spec.ts): events with crew limits, members' crew details, team members,
// and the crew deadline (a setting every test shares, so changing it takes a lock; see below).

export type CrewLimits = {
  minRace?: number;
  maxRace?: number;
  reserveCount?: number;
  maxMale?: number;
  minFemale?: number;
  minAge?: number;
  maxAge?: number;
  limitMalaysia?: boolean;
};

/** A live event (unique upper-case name) with these crew limits (the rest: the schema's defaults). */
export function createCrewEvent(limits: CrewLimits = {}): EventMade {
  return createEvent({}, limits);
}

/** Sets what crew selection reads of a member: gender, year of birth, MyKad/passport number. */
export function setCrewDetails(
  userId: number,
  details: { gender?: "MALE" | "FEMALE"; yob?: number; identification?: string },
): void {
  make.setUser(userId, { gender: details.gender, yob: details.yob, identification: details.identification });
}

/** The members of an event team (user ids, ascending). */
export function teamMemberIds(teamId: number): number[] {
  return (
    e2eDb().prepare("SELECT user_id FROM team_members WHERE team_id = ? ORDER BY user_id").all(teamId) as {
      user_id: number;
    }[]
  ).map((r) => r.user_id);
}

// entries and waitlist (tests/e2e/entries.spec.ts): events with a cap, other clubs' paid teams and
// Processing entry orders, waitlist rows. The deadlines and 'Require signed crew tags' are set per
// test, per request (tests/e2e/test-context.ts), never in the settings row.

/** A live event (unique upper-case name) capped at `maxTeam` teams, at `price` sen an entry. */
export function createEntryEvent(opts: { maxTeam?: number; price?: number } = {}): EventMade {
  return createEvent({ price: opts.price }, { maxTeam: opts.maxTeam });
}

/** A PROCESSING (or other status) order of `ownerId` for `teams` entries of an event. */
export function createEntryOrder(
  ownerId: number,
  eventId: number,
  teams: number,
  status: OrderStatusName = "PROCESSING",
): OrderMade {
  const price = findEvent(eventId)!.price;
  return createOrder(ownerId, { status, lines: [{ kind: "EVENT", price, count: teams, eventId }] });
}

/** The event teams of a club in an event, by name. */
export function teamNamesOf(associationId: number, eventId: number): string[] {
  return (
    e2eDb()
      .prepare("SELECT name FROM teams WHERE association_id = ? AND event_id = ? ORDER BY name")
      .all(associationId, eventId) as { name: string }[]
  ).map((r) => r.name);
}

/** The EVENT lines of an order: event id and number of teams. */
export function entryLinesOf(orderId: number): { event_id: number; count: number; price: number }[] {
  return e2eDb()
    .prepare(
      "SELECT event_id, count, price FROM order_lines WHERE order_id = ? AND kind = 'EVENT' ORDER BY id",
    )
    .all(orderId) as { event_id: number; count: number; price: number }[];
}

export type WaitlistRecord = {
  id: number;
  association_id: number;
  user_id: number;
  teams: number;
  status: string;
  held: number;
  hold_until: number | null;
};

/** A waitlist entry of a club's manager (WAITING unless said otherwise). */
export function createWaitlistEntry(
  eventId: number,
  associationId: number,
  userId: number,
  teams: number,
  status: "WAITING" | "OFFERED" | "BOUGHT" | "LEFT" | "EXPIRED" = "WAITING",
): number {
  return make.waitlistEntry(eventId, associationId, userId, teams, { status }).id;
}

/** An event's waitlist, in the order it was joined. */
export function waitlistRows(eventId: number): WaitlistRecord[] {
  return e2eDb()
    .prepare(
      "SELECT id, association_id, user_id, teams, status, held, hold_until FROM waitlist WHERE event_id = ? ORDER BY id",
    )
    .all(eventId) as WaitlistRecord[];
}

// journey (tests/e2e/journey-entries.spec.ts): an event with a chosen name (so the summary maps it
// to a category), a price, a cap and crew limits at once.

/** A live event named `name` (upper-cased) at `price` sen, capped at `maxTeam`, with these crew
 * limits (the rest: the schema's defaults). */
export function createJourneyEvent(
  opts: { name: string; price?: number; maxTeam?: number } & CrewLimits,
): EventMade {
  return createEvent({ name: opts.name.toUpperCase(), price: opts.price }, opts);
}

// scanning (tests/e2e/scanning.spec.ts): an event with crew caps, a round whose races hold a club's
// team and another club's, the scan logs a kiosk wrote, signed crew tag codes, and the setting
// 'Require signed crew tags' (one value for the whole app, so it takes a lock like the deadlines).

export type ScanSetup = {
  event: EventMade;
  round: { id: number; name: string };
  /** Lane 1: members 01..05 (01 the MANAGER; even-numbered female), approved photos. */
  team: { id: number; name: string; members: Member[]; clubId: number; clubName: string };
  /** Lane 2: another club's team. */
  other: { id: number; name: string; members: Member[] };
};

/** A round (unique upper-case name) of a new event with these caps, racing two clubs' teams. */
export async function createScanSetup(
  limits: { maxRace?: number; maxMale?: number; minFemale?: number } = {},
): Promise<ScanSetup> {
  const event = createCrewEvent({ maxRace: 12, maxMale: 12, minFemale: 0, ...limits });
  const club = await createClub({ members: 5, manager: true, photo: "approved" });
  const rival = await createClub({ members: 2, photo: "approved" });
  const teamName = `${club.name.toUpperCase()} A`;
  const otherName = `${rival.name.toUpperCase()} A`;
  const teamId = createTeam(
    club.id,
    event.id,
    teamName,
    club.members.map((m) => m.id),
  );
  const otherId = createTeam(
    rival.id,
    event.id,
    otherName,
    rival.members.map((m) => m.id),
  );
  const name = unique("E2E ROUND").toUpperCase();
  // The round and its races: createRaceRound and createRaceRow (rounds and races, below).
  const roundId = createRaceRound(event.id, name, "Heat");
  createRaceRow(roundId, teamId, "1");
  createRaceRow(roundId, otherId, "2");
  return {
    event,
    round: { id: roundId, name },
    team: { id: teamId, name: teamName, members: club.members, clubId: club.id, clubName: club.name },
    other: { id: otherId, name: otherName, members: rival.members },
  };
}

/** Gives a round another name (two events' rounds may share one: "FINAL"). */
export function renameRound(roundId: number, name: string): void {
  raceDay.setRoundColumns(roundId, { name });
}

/** A round's scan logs (team and user), oldest first. */
export function scanLogsOf(roundId: number): { team_id: number; user_id: number; created_at: number }[] {
  return e2eDb()
    .prepare("SELECT team_id, user_id, created_at FROM scan_logs WHERE round_id = ? ORDER BY id")
    .all(roundId) as { team_id: number; user_id: number; created_at: number }[];
}

/** The crew tag version the e2e server signs with now (settings.crew_tag_version; 1 before any). */
export function crewTagVersionNow(): number {
  const row = e2eDb().prepare("SELECT crew_tag_version AS v FROM settings WHERE id = 1").get() as
    | { v: number }
    | undefined;
  return row?.v ?? 1;
}

/** The crew tag code of a user as app/lib/scan-code.server.ts signs it, with the e2e server's
 * SESSION_SECRET (scripts/e2e-server.mjs): `#<id>.<version>.<signature>`, of the version the tests
 * pin (OPEN in tests/e2e/test-context.ts) unless one is given. */
export function signedCodeOf(userId: number, version = PINNED_TAG_VERSION): string {
  const sig = createHmac("sha256", "crew-tag:e2e-secret-0123456789abcdef")
    .update(`${userId}.v${version}`)
    .digest("base64url")
    .slice(0, 10);
  return `#${userId}.${version}.${sig}`;
}

// crew tags (tests/e2e/crew-tags.spec.ts)

export type CrewTagClub = Club & { prefix: string; manager: Member; paid: Member[]; unpaid: Member[] };

/**
 * A club of `members` (default 4: its MANAGER and competitors) with approved photos, whose first
 * `paid` members (default all but the last) have paid their crew tag fee and race in one event
 * team (`{CLUB} A` in a new event); `paid: 0` gives a club with nobody paid yet.
 */
export async function createCrewTagClub(
  opts: { members?: number; paid?: number } = {},
): Promise<CrewTagClub> {
  const club = await createClub({ members: opts.members ?? 4, manager: true, photo: "approved" });
  const count = opts.paid ?? club.members.length - 1;
  const paid = club.members.slice(0, count);
  raceDay.paid(paid.map((m) => m.id));
  if (paid.length > 0) {
    const event = createEvent({ name: unique("CREW TAG EVENT").toUpperCase() });
    createTeam(
      club.id,
      event.id,
      `${club.name.toUpperCase()} A`,
      paid.map((m) => m.id),
    );
  }
  return { ...club, manager: club.members[0], paid, unpaid: club.members.slice(count) };
}

// rounds and races (tests/e2e/rounds-races.spec.ts): an event with teams of new clubs, rounds,
// races, and the rows deleting them must take along (scan logs, the scoreboard entry).

export type RaceTeam = { id: number; name: string };

/** A live event with `count` event teams, each of its own new club; team names unique, upper case. */
export function createRaceEvent(count: number): { event: EventMade; teams: RaceTeam[] } {
  const event = createEvent();
  const prefix = unique("RR TEAM").toUpperCase();
  const teams = Array.from({ length: count }, (_, i) => {
    const clubId = make.club({ name: unique("Race Club") }).id;
    const name = `${prefix} ${String.fromCharCode(65 + i)}`;
    return { id: createTeam(clubId, event.id, name), name };
  });
  return { event, teams };
}

/** A round of an event. */
export function createRaceRound(eventId: number, name: string, description = `${name}.`): number {
  return raceDay.round(eventId, { name, description }).id;
}

/** A race of a team in a round. */
export function createRaceRow(
  roundId: number,
  teamId: number,
  lane: string,
  score: string | null = null,
): number {
  return raceDay.race(roundId, teamId, lane, { score }).id;
}

export type RoundRecord = { id: number; name: string; description: string; event_id: number };
/** An event's rounds, oldest first. */
export function roundsOfEvent(eventId: number): RoundRecord[] {
  return e2eDb()
    .prepare("SELECT id, name, description, event_id FROM rounds WHERE event_id = ? ORDER BY id")
    .all(eventId) as RoundRecord[];
}

export type RaceRecord = { id: number; lane: string; score: string | null; team_id: number };
/** A round's races, by id. */
export function racesOfRound(roundId: number): RaceRecord[] {
  return e2eDb()
    .prepare("SELECT id, lane, score, team_id FROM races WHERE round_id = ? ORDER BY id")
    .all(roundId) as RaceRecord[];
}

/** A scan log of a member of a team in a round (a club member made for it). */
export function addScanLog(roundId: number, teamId: number): void {
  const userId = make.user({
    email: `${unique("scanned")}@example.test`,
    name: unique("SCANNED").toUpperCase(),
    verified: true,
  }).id;
  raceDay.scanLog(roundId, teamId, userId);
}

/** Puts a round on the public scoreboard. */
export function showOnScoreboard(roundId: number): void {
  raceDay.showRound(roundId);
}

/** How many scan logs and scoreboard entries a round has (a deleted round: none). */
export function roundLeftovers(roundId: number): { races: number; scans: number; board: number } {
  const n = (sql: string) => (e2eDb().prepare(sql).get(roundId) as { n: number }).n;
  return {
    races: n("SELECT count(*) AS n FROM races WHERE round_id = ?"),
    scans: n("SELECT count(*) AS n FROM scan_logs WHERE round_id = ?"),
    board: n("SELECT count(*) AS n FROM scoreboard_rounds WHERE round_id = ?"),
  };
}

// draws (tests/e2e/draws.spec.ts): an event with named teams of one club, rounds, the races a draw
// wrote and the scores the results desk would type.

/** A live event with `count` teams of a new club, named `${prefix} A`, `${prefix} B` ... */
export function createDrawEvent(
  count: number,
  prefix = "DRAW",
): { event: EventMade; teams: { id: number; name: string }[] } {
  const event = createEvent();
  const clubId = make.club({ name: unique("Draw Club") }).id;
  const teams = Array.from({ length: count }, (_, i) => {
    const name = `${prefix} ${String.fromCharCode(65 + i)}`;
    return { id: createTeam(clubId, event.id, name), name };
  });
  return { event, teams };
}

/** A round of an event (no races). */
export function createDrawRound(eventId: number, name: string): number {
  return raceDay.round(eventId, { name, description: "" }).id;
}

/** An event's rounds, as made. */
export function drawRoundsOf(eventId: number): { id: number; name: string }[] {
  return e2eDb().prepare("SELECT id, name FROM rounds WHERE event_id = ? ORDER BY id").all(eventId) as {
    id: number;
    name: string;
  }[];
}

/** A round's races in lane order. */
export function drawRacesOf(roundId: number): { lane: string; team_id: number; score: string | null }[] {
  return e2eDb()
    .prepare("SELECT lane, team_id, score FROM races WHERE round_id = ? ORDER BY CAST(lane AS INTEGER)")
    .all(roundId) as { lane: string; team_id: number; score: string | null }[];
}

/** Types scores into a round's races by lane, as the results desk would. */
export function setDrawScores(roundId: number, byLane: Record<string, string | null>): void {
  for (const [lane, score] of Object.entries(byLane)) raceDay.setLaneColumns(roundId, lane, { score });
}
