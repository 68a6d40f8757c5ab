// Drizzle schema: every entity of spec section 3, plus the tables the app itself needs
// (sessions, one-time tokens, photo bytes, throttling). Money is integer sen; times are UTC
// milliseconds since the epoch.
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import {
  GENDERS,
  LANE_STATUSES,
  ORDER_LINE_KINDS,
  ORDER_STATUSES,
  LOCALES,
  PROGRESSION_MODES,
  RESERVATION_STATUSES,
  RESULT_STATES,
  ROLES,
  TOKEN_PURPOSES,
  VALID_IMAGE,
  WAITLIST_STATUSES,
  EDITION_STATES,
  CREW_CHANGE_STATUSES,
  POINTS_SCHEMES,
  WEBHOOK_EVENTS,
} from "./enums";

export * from "./enums";

const created = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);
const updated = () =>
  integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);
const bool = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);

/** A year's regatta (issue 21, docs/decisions/0033-editions.md). Exactly one is OPEN (the current
 * one: managers, competitors and the public see it); an ARCHIVED one is read-only (the triggers of
 * migration 0018 refuse every write into its rows); a DRAFT is being prepared by ADMIN. */
export const editions = sqliteTable(
  "editions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    name: text("name").notNull(),
    year: integer("year").notNull(),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
    state: text("state", { enum: EDITION_STATES }).notNull().default("DRAFT"),
    openedAt: integer("opened_at", { mode: "timestamp_ms" }),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("editions_year").on(t.year),
    uniqueIndex("editions_open").on(t.state).where(sql`${t.state} = 'OPEN'`),
  ],
);

/** Whether a member had paid the crew tag fee of an archived edition: written when the edition is
 * archived, as `users.membership_paid` is then reset for the new one (the fee is due again). */
export const editionMembers = sqliteTable(
  "edition_members",
  {
    editionId: integer("edition_id")
      .notNull()
      .references(() => editions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    membershipPaid: bool("membership_paid"),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.userId] })],
);

/** The edition a row belongs to (issue 21). Filled by the models; a raw insert without it gets the
 * open edition (migration 0018's fallback trigger). */
const edition = () => integer("edition_id").references(() => editions.id);

export const associations = sqliteTable(
  "associations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    name: text("name").notNull(),
    country: text("country").notNull(),
    token: text("token").notNull(),
  },
  (t) => [
    uniqueIndex("associations_name_nocase").on(sql`${t.name} COLLATE NOCASE`),
    uniqueIndex("associations_token").on(t.token),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    email: text("email").notNull(),
    hash: text("hash").notNull(),
    identification: text("identification").notNull().default(""),
    name: text("name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    phoneEmergency: text("phone_emergency").notNull().default(""),
    address: text("address").notNull().default(""),
    gender: text("gender", { enum: GENDERS }),
    image: text("image"),
    validImage: integer("valid_image").notNull().default(VALID_IMAGE.REJECTED_OR_NONE),
    yob: integer("yob"),
    associationId: integer("association_id").references(() => associations.id),
    verified: bool("verified"),
    approved: bool("approved"),
    membershipPaid: bool("membership_paid"),
    /** The language of the user's emails and PDFs: the one they last picked (issue 12). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    role: text("role", { enum: ROLES }).notNull(),
    /** Issue 28: "Email me when my race is called" on their profile (on by default). */
    callEmails: integer("call_emails", { mode: "boolean" }).notNull().default(true),
    /** Issue 28: the key of their calendar feed (/my-races.ics?key=...); null until first shown.
     * Regenerate replaces it (the old link stops working). */
    calendarKey: text("calendar_key"),
  },
  (t) => [
    uniqueIndex("users_calendar_key").on(t.calendarKey).where(sql`${t.calendarKey} IS NOT NULL`),
    uniqueIndex("users_email_nocase").on(sql`${t.email} COLLATE NOCASE`),
    index("users_association").on(t.associationId),
    index("users_valid_image").on(t.validImage, t.id),
    index("users_role").on(t.role),
    index("users_name").on(t.name),
  ],
);

/** Re-encoded JPEG bytes; `uploads/{name}` is a disk cache of these (LiteFS replicates only the db). */
export const photos = sqliteTable("photos", {
  name: text("name").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: created(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
});

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    price: integer("price").notNull().default(10000),
    maxTeam: integer("max_team").notNull().default(50),
    reserveCount: integer("reserve_count").notNull().default(0),
    minRace: integer("min_race").notNull().default(0),
    maxRace: integer("max_race").notNull().default(12),
    maxMale: integer("max_male").notNull().default(12),
    minFemale: integer("min_female").notNull().default(0),
    minAge: integer("min_age").notNull().default(0),
    maxAge: integer("max_age").notNull().default(100),
    limitMalaysia: bool("limit_malaysia"),
    deleted: bool("deleted"),
    editionId: edition(),
  },
  (t) => [
    uniqueIndex("events_name_live").on(t.editionId, t.name).where(sql`${t.deleted} = 0`),
    index("events_edition").on(t.editionId),
  ],
);

export const teams = sqliteTable(
  "teams",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    associationId: integer("association_id")
      .notNull()
      .references(() => associations.id),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
  },
  (t) => [
    index("teams_association").on(t.associationId),
    index("teams_event").on(t.eventId),
    // Team names are made from the club's name and a letter: unique within an event.
    uniqueIndex("teams_event_name").on(t.eventId, t.name),
  ],
);

/** The waitlist of a full event (beyond the spec, issue 9; models/entries.server.ts). A manager
 * waits for `teams` slots; when slots free up, the earliest WAITING entry is OFFERED `held` of them
 * until `hold_until`. At most one live (WAITING or OFFERED) entry per club and event. */
export const waitlist = sqliteTable(
  "waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    associationId: integer("association_id")
      .notNull()
      .references(() => associations.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    teams: integer("teams").notNull(),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("WAITING"),
    held: integer("held").notNull().default(0),
    holdUntil: integer("hold_until", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("waitlist_event_status").on(t.eventId, t.status, t.createdAt),
    uniqueIndex("waitlist_live")
      .on(t.eventId, t.associationId)
      .where(sql`${t.status} IN ('WAITING', 'OFFERED')`),
  ],
);

export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Issue 28: the approved race-day crew change that brought them in (the start list marks
     * them); null: picked before the crew deadline. */
    changeId: integer("change_id"),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_members_user").on(t.userId)],
);

export const rounds = sqliteTable(
  "rounds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    // Race control (issue 20, docs/decisions/0032-race-control.md).
    /** The race number crews follow, unique across the regatta (null: not scheduled yet). */
    raceNumber: integer("race_number"),
    /** The scheduled start (UTC ms; shown in Malaysia time). */
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    /** When race control pressed Start. */
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    resultState: text("result_state", { enum: RESULT_STATES }).notNull().default("NONE"),
    /** 0 until declared Official; 1 when declared; each change after that adds one. */
    revision: integer("revision").notNull().default(0),
    /** When the results were last saved, declared or revised. */
    resultsAt: integer("results_at", { mode: "timestamp_ms" }),
    /** Provisional results: protests until then. */
    protestUntil: integer("protest_until", { mode: "timestamp_ms" }),
    /** When a progression plan filled this round (ADMIN may undo it); null otherwise. */
    seededAt: integer("seeded_at", { mode: "timestamp_ms" }),
    /** The revision of each source round its plan seeded it from (JSON {"roundId": revision}): a
     * source revised since then makes the seeding stale (race control offers Re-seed). */
    seededRevisions: text("seeded_revisions"),
    /** Issue 28: when the call ("go to marshalling") was queued for its crews; null: not yet. Set
     * once: a later delay does not call the race again. */
    calledAt: integer("called_at", { mode: "timestamp_ms" }),
    /** Issue 28: the calendar feed's SEQUENCE for this race: one more each time its expected start
     * moves (Schedule, or a Start that changes how late the day runs). */
    startSeq: integer("start_seq").notNull().default(0),
    /** Always its event's edition (migration 0018's trigger keeps it so). */
    editionId: edition(),
  },
  (t) => [
    uniqueIndex("rounds_event_name").on(t.eventId, t.name),
    index("rounds_name").on(t.name),
    uniqueIndex("rounds_race_number").on(t.editionId, t.raceNumber),
    index("rounds_results").on(t.resultState, t.resultsAt),
  ],
);

export const races = sqliteTable(
  "races",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lane: text("lane").notNull(),
    /** The formatted result the All Races screen shows ("2:35.19", "DNF", "2-1"); written from the
     * columns below by the results save (issue 20). */
    score: text("score"),
    /** Finish time in milliseconds (null: no time, see status). */
    timeMs: integer("time_ms"),
    status: text("status", { enum: LANE_STATUSES }),
    /** Why (a DSQ needs one). */
    statusReason: text("status_reason").notNull().default(""),
    /** A time penalty added to the time, in milliseconds, with its reason. */
    penaltyMs: integer("penalty_ms").notNull().default(0),
    penaltyReason: text("penalty_reason").notNull().default(""),
    /** The computed place (ties share it); null: no place (a status, or no result yet). */
    place: integer("place"),
    /** Tug of War: the win-loss record. */
    wins: integer("wins"),
    losses: integer("losses"),
    /** Issue 28: ADMIN or COMMITTEE marked the lane Ready by hand (a missed scan), with the reason;
     * null: readiness comes from the entrance scans alone. */
    readyAt: integer("ready_at", { mode: "timestamp_ms" }),
    readyReason: text("ready_reason"),
    readyBy: integer("ready_by").references(() => users.id, { onDelete: "set null" }),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("races_round_lane").on(t.roundId, t.lane),
    uniqueIndex("races_round_team").on(t.roundId, t.teamId),
    // A team's lanes (issue 28: My Races, the pontoon's lanes of a member, a crew change's races left).
    index("races_team").on(t.teamId),
  ],
);

export const scanLogs = sqliteTable(
  "scan_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The enrolled kiosk device that saved it (issue 18); null when saved from a staff login on a
     * device that is not enrolled, and for logs saved before kiosks were enrolled. */
    kioskId: integer("kiosk_id").references(() => kiosks.id, { onDelete: "set null" }),
    /** The ADMIN or COMMITTEE member logged in on the device that saved it, if any. */
    savedBy: integer("saved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("scan_logs_round").on(t.roundId)],
);

/** Kiosk devices staff enrolled (issue 18; docs/decisions/0024-kiosk-enrolment.md). The device's
 * cookie holds the id and a random secret (signed); only the secret's SHA-256 is stored. A revoked
 * device keeps its row (its scan logs name it) and is refused from then on. */
export const kiosks = sqliteTable(
  "kiosks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull(),
    enrolledBy: integer("enrolled_by").references(() => users.id, { onDelete: "set null" }),
    /** The enrolling staff member's name and email at the time. */
    enrolledByName: text("enrolled_by_name").notNull(),
    /** The device's last scan or save (POSTs only: a GET never writes; see the ADR). */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("kiosks_created").on(t.createdAt)],
);

export const scoreboardRounds = sqliteTable("scoreboard_rounds", {
  roundId: integer("round_id")
    .primaryKey()
    .references(() => rounds.id, { onDelete: "cascade" }),
  createdAt: created(),
});

/** Progression plans (issue 20): the round `toRoundId` is seeded from its source rounds when the
 * last of them is declared Official. TIME: the best `count` by time across the sources (today's
 * Progress dialog); PLACE: places 1..`count` of each source, plus the next `plusTimes` best times.
 * Lanes centre-out over `lanes` lanes. */
export const progressionPlans = sqliteTable(
  "progression_plans",
  {
    toRoundId: integer("to_round_id")
      .primaryKey()
      .references(() => rounds.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: PROGRESSION_MODES }).notNull(),
    count: integer("count").notNull(),
    plusTimes: integer("plus_times").notNull().default(0),
    lanes: integer("lanes").notNull(),
    createdAt: created(),
  },
  (t) => [index("progression_plans_event").on(t.eventId)],
);

export const progressionSources = sqliteTable(
  "progression_sources",
  {
    toRoundId: integer("to_round_id")
      .notNull()
      .references(() => progressionPlans.toRoundId, { onDelete: "cascade" }),
    fromRoundId: integer("from_round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.toRoundId, t.fromRoundId] }),
    index("progression_sources_from").on(t.fromRoundId),
  ],
);

/** Notices race control posts (issue 20): the newest one not removed shows on /board, /scoreboard
 * and the kiosk. Removed notices keep their row. */
export const notices = sqliteTable(
  "notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    text: text("text").notNull(),
    postedBy: integer("posted_by").references(() => users.id, { onDelete: "set null" }),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    removedBy: integer("removed_by").references(() => users.id, { onDelete: "set null" }),
    editionId: edition(),
  },
  (t) => [index("notices_live").on(t.editionId, t.removedAt, t.createdAt)],
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    transactionId: text("transaction_id"),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("PROCESSING"),
    token: text("token").notNull(),
    /** When the order's effects (fees paid, entries, tickets) were applied: at most once. */
    effectsAppliedAt: integer("effects_applied_at", { mode: "timestamp_ms" }),
    /** The club's later order of the same kind that cancelled this one while it was Processing
     * (one open order per kind and club: docs/decisions/0026-no-hoarding.md). Kept if a late
     * payment makes this order PAID after all. */
    replacedBy: integer("replaced_by"),
    editionId: edition(),
  },
  (t) => [
    index("orders_edition").on(t.editionId, t.createdAt),
    index("orders_edition_status").on(t.editionId, t.status),
    uniqueIndex("orders_token").on(t.token),
    index("orders_owner").on(t.ownerId),
    index("orders_status_created").on(t.status, t.createdAt),
    // The orders screen: newest first, 50 at a time, over every order (no status filter).
    index("orders_created").on(t.createdAt, t.id),
  ],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ORDER_LINE_KINDS }).notNull(),
    count: integer("count").notNull(),
    price: integer("price").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    eventId: integer("event_id").references(() => events.id),
    userId: integer("user_id").references(() => users.id),
  },
  (t) => [
    index("order_lines_order").on(t.orderId),
    index("order_lines_event").on(t.eventId),
    index("order_lines_user").on(t.userId),
  ],
);

export const paymentLogs = sqliteTable(
  "payment_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    statusId: text("status_id").notNull(),
    msg: text("msg").notNull().default(""),
    transactionId: text("transaction_id").notNull().default(""),
    orderId: text("order_id").notNull(),
    /** 1: the provider's hash checked out; 0: a forged or garbled call (logged, changed nothing). */
    verified: bool("verified"),
    /** "return" (the buyer's browser) or "callback" (the provider's server). */
    source: text("source").notNull().default("return"),
    editionId: edition(),
  },
  (t) => [
    index("payment_logs_order").on(t.orderId),
    index("payment_logs_created").on(t.createdAt),
    // The replay check: every verified result of an order and status, read from the index alone
    // (models/order.server.ts recordPayment, migration 0021).
    index("payment_logs_result").on(t.orderId, t.statusId, t.verified, t.transactionId, t.msg),
  ],
);

/**
 * Returns and callbacks counted instead of each stored: those that did not verify (reason "forged":
 * bad shape or bad hash; the first few of each day are also kept in full in payment_logs, verified
 * 0) and verified repeats of a result already logged several times (reason "repeat"). One row per
 * day (Malaysia time), source, reason and client address; past a cap of addresses per day the rest
 * share the address "*". See docs/decisions/0023-payment-reference.md.
 */
export const paymentRejects = sqliteTable(
  "payment_rejects",
  {
    /** YYYY-MM-DD, Malaysia time. */
    day: text("day").notNull(),
    source: text("source").notNull(),
    /** "forged" (did not verify) or "repeat" (a verified result logged often enough already). */
    reason: text("reason").notNull(),
    address: text("address").notNull(),
    calls: integer("calls").notNull().default(0),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.reason, t.address] })],
);

export const orderNotes = sqliteTable(
  "order_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    note: text("note").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    author: text("author").notNull(),
  },
  (t) => [index("order_notes_order").on(t.orderId)],
);

/** One row per manager who expressed interest (found again by email when they change their ticks). */
export const eoiUsers = sqliteTable(
  "eoi_users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    country: text("country").notNull(),
    team: text("team").notNull(),
  },
  // The result tabs list teams by name in any case: the index walks them in that order.
  (t) => [
    uniqueIndex("eoi_users_email").on(t.email),
    index("eoi_users_team_nocase").on(sql`${t.team} COLLATE NOCASE`, t.id),
  ],
);

export const eoiEvents = sqliteTable(
  "eoi_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    name: text("name").notNull(),
    deleted: bool("deleted"),
    editionId: edition(),
  },
  (t) => [uniqueIndex("eoi_events_name_live").on(t.editionId, t.name).where(sql`${t.deleted} = 0`)],
);

export const eois = sqliteTable(
  "eois",
  {
    eoiUserId: integer("eoi_user_id")
      .notNull()
      .references(() => eoiUsers.id, { onDelete: "cascade" }),
    eoiEventId: integer("eoi_event_id")
      .notNull()
      .references(() => eoiEvents.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eoiUserId, t.eoiEventId] }), index("eois_event").on(t.eoiEventId)],
);

export const trainingSessions = sqliteTable(
  "training_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    maxBoat: integer("max_boat").notNull(),
    editionId: edition(),
  },
  (t) => [index("training_sessions_start").on(t.editionId, t.startTime)],
);

export const trainingReservations = sqliteTable(
  "training_reservations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    updatedAt: updated(),
    boat: integer("boat").notNull(),
    status: text("status", { enum: RESERVATION_STATUSES }).notNull().default("PENDING"),
    rejectReason: text("reject_reason"),
    associationId: integer("association_id")
      .notNull()
      .references(() => associations.id),
    sessionId: integer("session_id")
      .notNull()
      .references(() => trainingSessions.id, { onDelete: "cascade" }),
  },
  (t) => [
    // A session's approved boats come from the index alone.
    index("training_reservations_session").on(t.sessionId, t.status, t.boat),
    index("training_reservations_status").on(t.status, t.id),
    index("training_reservations_association").on(t.associationId),
  ],
);

/** Login sessions. The cookie holds a random id; only its SHA-256 is stored, so a leaked
 * database does not leak live sessions. Deleting the row revokes the session. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: created(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** One-time tokens (email verification, password reset), stored hashed, expiring, single-use. */
export const tokens = sqliteTable(
  "tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: created(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("tokens_hash").on(t.tokenHash), index("tokens_user").on(t.userId, t.purpose)],
);

/** Throttle counters (failed logins, reset requests, resends, registrations); see rules/throttle.ts.
 * `last_at` lets the cleanup job forget idle keys. */
export const throttles = sqliteTable(
  "throttles",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }).notNull().default(sql`0`),
  },
  (t) => [index("throttles_last_at").on(t.lastAt)],
);

/** Append-only record of staff actions, written in the same transaction as the change
 * (models/audit.server.ts). Never updated or deleted. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name and email at the time (the account may change later). */
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** A short JSON of what changed. */
    details: text("details").notNull().default("{}"),
    editionId: edition(),
  },
  (t) => [
    index("audit_log_created").on(t.createdAt),
    index("audit_log_actor").on(t.actorId, t.createdAt),
    index("audit_log_action").on(t.action, t.createdAt),
  ],
);

/** The regatta's own numbers (beyond the spec), edited by ADMIN on /settings and audited. One row
 * per edition, its id the edition's id (issue 21), written on the first save or when an edition is
 * made from another; until then models/settings.server.ts answers the defaults.
 * Money in sen. */
export const settings = sqliteTable("settings", {
  id: integer("id").primaryKey(),
  updatedAt: updated(),
  crewTagFeeSen: integer("crew_tag_fee_sen").notNull(),
  ticketPriceSen: integer("ticket_price_sen").notNull(),
  ticketDescription: text("ticket_description").notNull(),
  regattaName: text("regatta_name").notNull(),
  regattaYear: integer("regatta_year").notNull(),
  paymentDueHours: integer("payment_due_hours").notNull(),
  /** Managers buy event entries until then (null: no deadline). */
  entriesCloseAt: integer("entries_close_at", { mode: "timestamp_ms" }),
  /** Managers change crews until then (null: no deadline); ADMIN always may. */
  crewCloseAt: integer("crew_close_at", { mode: "timestamp_ms" }),
  /** The kiosk accepts only signed crew tag codes (`#<id>.<version>.<signature>`), not plain
   * `#<id>`. On for a new installation (migration 0014; the demo seed turns it off). */
  requireSignedTags: integer("require_signed_tags", { mode: "boolean" }).notNull().default(true),
  /** The version crew tags are signed with now; ADMIN moves it on to void every printed tag
   * (docs/decisions/0025-crew-tag-versions.md). Not part of the Settings form. */
  crewTagVersion: integer("crew_tag_version").notNull().default(1),
  /** Provisional results: protests until this many minutes after saving (issue 20). */
  protestMinutes: integer("protest_minutes").notNull().default(15),
  /** Issue 28: a boat out longer than this is marked on race control's On the water panel. */
  onWaterAlertMinutes: integer("on_water_alert_minutes").notNull().default(30),
  /** Issue 28: a race-day crew change is refused when the team's next race starts within this
   * many minutes (expected start, delay included). */
  crewChangeCutoffMinutes: integer("crew_change_cutoff_minutes").notNull().default(30),
  /** Issue 28: crews are called ("go to marshalling") this many minutes before the expected start. */
  callMinutes: integer("call_minutes").notNull().default(30),
  /** Issue 29: the club championship's points scheme (rules/standings.ts). */
  pointsScheme: text("points_scheme", { enum: POINTS_SCHEMES }).notNull().default("FINALS"),
  /** Issue 29: the Custom scheme's points for places 1..N, comma-separated ("" unless CUSTOM). */
  pointsCustom: text("points_custom").notNull().default(""),
  /** Issue 29: only finals score (off: every round). */
  pointsFinalsOnly: integer("points_finals_only", { mode: "boolean" }).notNull().default(true),
});

/** The durable mail queue (issue 27, ADR 0037; models/mail-queue.server.ts): every email is a row,
 * written in the caller's transaction where there is one, sent by the primary's sender with the
 * Message-ID fixed here. Unsent with `nextAttemptAt` null: given up (after a day), `lastError` says
 * why. */
export const mailQueue = sqliteTable(
  "mail_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** JSON: [{ filename, contentType, base64 }], or null. */
    attachments: text("attachments"),
    messageId: text("message_id").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    /** A sender is sending it: no other takes it before then (a crashed sender's claim lapses). */
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("mail_queue_message_id").on(t.messageId),
    index("mail_queue_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.nextAttemptAt} IS NOT NULL`),
  ],
);

/** Issue 28, part 2: a boat out on the water and back (the pontoon kiosk, /scanning/pontoon). One
 * row per lane of a race (round and team); `outAt` null: the Back was scanned but the Out was
 * missed. `backReason` set: marked back by hand on race control (by `backBy`). */
export const boatTrips = sqliteTable(
  "boat_trips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** The lane at the time of the scan (the draw may change later). */
    lane: text("lane").notNull(),
    outAt: integer("out_at", { mode: "timestamp_ms" }),
    /** Whose tag was scanned out, and on which kiosk. */
    outUserId: integer("out_user_id").references(() => users.id, { onDelete: "set null" }),
    outKioskId: integer("out_kiosk_id").references(() => kiosks.id, { onDelete: "set null" }),
    backAt: integer("back_at", { mode: "timestamp_ms" }),
    backUserId: integer("back_user_id").references(() => users.id, { onDelete: "set null" }),
    backKioskId: integer("back_kiosk_id").references(() => kiosks.id, { onDelete: "set null" }),
    /** Marked back by hand: the reason and the staff member. */
    backReason: text("back_reason"),
    backBy: integer("back_by").references(() => users.id, { onDelete: "set null" }),
    editionId: edition(),
  },
  (t) => [
    uniqueIndex("boat_trips_round_team").on(t.roundId, t.teamId),
    index("boat_trips_on_water")
      .on(t.editionId, t.outAt)
      .where(sql`${t.backAt} IS NULL AND ${t.outAt} IS NOT NULL`),
    index("boat_trips_edition_out").on(t.editionId, t.outAt),
  ],
);

/** Issue 28, part 3: a race-day crew change a manager requested after the crew deadline, decided by
 * ADMIN or COMMITTEE on /crew-changes. `leaving` and `joining` are JSON arrays of user ids; the crew
 * before and after (JSON arrays of user ids) are written when it is approved. At most one PENDING
 * per team. */
export const crewChanges = sqliteTable(
  "crew_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    associationId: integer("association_id")
      .notNull()
      .references(() => associations.id),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    leaving: text("leaving").notNull(),
    joining: text("joining").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: CREW_CHANGE_STATUSES }).notNull().default("PENDING"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** Why it was rejected (required then). */
    decisionReason: text("decision_reason"),
    crewBefore: text("crew_before"),
    crewAfter: text("crew_after"),
    editionId: edition(),
  },
  (t) => [
    index("crew_changes_status").on(t.editionId, t.status, t.createdAt),
    index("crew_changes_team").on(t.teamId, t.createdAt),
    uniqueIndex("crew_changes_pending_team").on(t.teamId).where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Issue 29: a webhook endpoint ADMIN registered on /webhooks (rules/webhooks.ts). Not per edition:
 * an endpoint hears of the open edition. `secret` signs every delivery (shown once on creation). */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  createdAt: created(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  url: text("url").notNull(),
  /** JSON array of WEBHOOK_EVENTS. */
  events: text("events").notNull(),
  secret: text("secret").notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  /** Deliveries failed in a row (a success resets it); 20 disable the endpoint. */
  failuresInRow: integer("failures_in_row").notNull().default(0),
  disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
});

/** Issue 29: one event that happened (a round's results, a notice, the timetable, the standings):
 * its body is built once, when it happens; `digest` names the content of a watched one
 * (timetable.changed, standings.changed) so an unchanged table is not sent again. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    /** The public id in the body (`{"id": ...}`): the same for every endpoint. */
    publicId: text("public_id").notNull(),
    event: text("event", { enum: WEBHOOK_EVENTS }).notNull(),
    /** The JSON body sent, whole. */
    body: text("body").notNull(),
    digest: text("digest"),
  },
  (t) => [
    uniqueIndex("webhook_events_public_id").on(t.publicId),
    index("webhook_events_event").on(t.event, t.id),
  ],
);

/** Issue 29: one event to one endpoint, sent and retried by the primary's job loop. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: created(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    /** Due then; null: delivered or given up. */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    /** A sender is sending it: no other takes it before then. */
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    /** The last answer's HTTP status (null: none, e.g. a timeout or a refused address). */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("webhook_deliveries_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.nextAttemptAt} IS NOT NULL`),
    index("webhook_deliveries_endpoint").on(t.endpointId, t.id),
  ],
);
