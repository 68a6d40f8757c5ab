// Editions (issue 21, docs/decisions/0033-editions.md): a year's regatta. Exactly one is OPEN (the
// current one: managers, competitors and the public see it); staff may look at any (the sidebar's
// picker, services/edition.server.ts); an ARCHIVED one is read-only, enforced under the app by migration
// 0018's triggers (any write into its rows fails with EDITION_ARCHIVED).
//
// Every model that reads or writes edition data takes the edition's id from its caller; this module
// is the only place that knows which edition is current, and only routes (a request's edition) and
// jobs ask it.
import { type Failure, fail, type Outcome } from "~/rules/failure";
import { now as clockNow } from "~/lib/clock.server";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import type { EditionState } from "../../db/schema";
import { TAG_VERSION_MAX } from "~/rules/scan-code";
import { defaultSettings } from "~/rules/settings-schema";
import { type Actor, audit } from "./audit.server";

export type Edition = {
  id: number;
  name: string;
  year: number;
  startsOn: string;
  endsOn: string;
  state: EditionState;
  openedAt: number | null;
  archivedAt: number | null;
};

export const EDITION_AUDIT = { created: "edition.created", opened: "edition.opened" } as const;

const e = schema.editions;
const columns = {
  id: e.id,
  name: e.name,
  year: e.year,
  startsOn: e.startsOn,
  endsOn: e.endsOn,
  state: e.state,
  openedAt: e.openedAt,
  archivedAt: e.archivedAt,
};
type Row = Omit<Edition, "openedAt" | "archivedAt"> & { openedAt: Date | null; archivedAt: Date | null };
const toEdition = (r: Row): Edition => ({
  ...r,
  openedAt: r.openedAt?.getTime() ?? null,
  archivedAt: r.archivedAt?.getTime() ?? null,
});

// Every staff page asks for its edition (and the sidebar for the open one): prepared once per
// connection, not rebuilt by drizzle per request (like userBySession, ADR 0010).
function prepareLookups(d: ReturnType<typeof db>) {
  return {
    byId: d
      .select(columns)
      .from(e)
      .where(eq(e.id, sql.placeholder("id")))
      .prepare(),
    open: d.select(columns).from(e).where(eq(e.state, "OPEN")).prepare(),
    all: d.select(columns).from(e).orderBy(desc(e.year)).prepare(),
  };
}
let prepared: { on: ReturnType<typeof db>; q: ReturnType<typeof prepareLookups> } | undefined;
function lookups() {
  const d = db();
  if (prepared?.on !== d) prepared = { on: d, q: prepareLookups(d) };
  return prepared.q;
}

/** Every edition, newest year first (a handful: one a year). */
export function listEditions(): Edition[] {
  return lookups().all.all().map(toEdition);
}

export function getEdition(id: number): Edition | null {
  const found = editionUntilDataChanges(id);
  return found && { ...found };
}

// Every page asks for its edition, the root's, the layout's and the page's loader each (~40 µs a
// time through drizzle): kept until the database changes, as the lists are.
const editionUntilDataChanges = untilDataChanges((id: number): Edition | null => {
  const row = lookups().byId.get({ id });
  return row ? toEdition(row) : null;
}, String);
const openUntilDataChanges = untilDataChanges(
  (): Edition => {
    const row = lookups().open.get();
    if (!row) throw new Error("No open edition: run the migrations (0018 makes the first one).");
    return toEdition(row);
  },
  () => "",
);

export function editionByYear(year: number): Edition | null {
  const row = db().select(columns).from(e).where(eq(e.year, year)).get();
  return row ? toEdition(row) : null;
}

/** The open edition. Migration 0018 makes one and opening another keeps exactly one, so there is
 * always one; a database without (a broken restore) fails loudly here. */
export function currentEdition(): Edition {
  return { ...openUntilDataChanges() };
}

/** The editions whose results are public (`/results`): open and archived, newest first. */
export function publicEditions(): Edition[] {
  return db().select(columns).from(e).where(ne(e.state, "DRAFT")).orderBy(desc(e.year)).all().map(toEdition);
}

export type NewEdition = { fromId: number; name: string; year: number; startsOn: string; endsOn: string };
export type CreateResult = Outcome<{ id: number; events: number }, "year" | "from">;

/**
 * A new DRAFT edition made from another, in one transaction, audited: its events (caps, crew rules,
 * prices), their rounds (names and descriptions only: no race numbers, starts or results), the
 * progression plans between those rounds, and its settings (fees, ticket price, payment hours,
 * protest window; the deadlines are cleared, and crew tags are signed with the next version so a tag
 * of the old edition never opens the new one's kiosk). Not copied: teams, crews, orders, tickets,
 * waitlists, results, scans, training sessions, expressions of interest.
 */
export function createEdition(actor: Actor, input: NewEdition): CreateResult {
  return db().transaction((tx) => {
    const from = tx.select(columns).from(e).where(eq(e.id, input.fromId)).get();
    if (!from) return fail("from");
    if (tx.select({ id: e.id }).from(e).where(eq(e.year, input.year)).get()) return fail("year");
    const made = tx
      .insert(e)
      .values({
        name: input.name,
        year: input.year,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        state: "DRAFT",
      })
      .returning({ id: e.id })
      .get();
    const ev = schema.events;
    const events = tx
      .select()
      .from(ev)
      .where(and(eq(ev.editionId, from.id), eq(ev.deleted, false)))
      .orderBy(asc(ev.id))
      .all();
    const roundIds = new Map<number, number>();
    for (const old of events) {
      const { id: oldId, createdAt: _c, updatedAt: _u, editionId: _e, ...rest } = old;
      const { id } = tx
        .insert(ev)
        .values({ ...rest, editionId: made.id })
        .returning({ id: ev.id })
        .get();
      const r = schema.rounds;
      for (const round of tx.select().from(r).where(eq(r.eventId, oldId)).orderBy(asc(r.id)).all()) {
        const copy = tx
          .insert(r)
          .values({ name: round.name, description: round.description, eventId: id, editionId: made.id })
          .returning({ id: r.id })
          .get();
        roundIds.set(round.id, copy.id);
      }
      const p = schema.progressionPlans;
      for (const plan of tx.select().from(p).where(eq(p.eventId, oldId)).all()) {
        const to = roundIds.get(plan.toRoundId);
        if (to === undefined) continue;
        tx.insert(p)
          .values({
            toRoundId: to,
            eventId: id,
            mode: plan.mode,
            count: plan.count,
            plusTimes: plan.plusTimes,
            lanes: plan.lanes,
          })
          .run();
        const ps = schema.progressionSources;
        for (const src of tx.select().from(ps).where(eq(ps.toRoundId, plan.toRoundId)).all()) {
          const fromRound = roundIds.get(src.fromRoundId);
          if (fromRound !== undefined) tx.insert(ps).values({ toRoundId: to, fromRoundId: fromRound }).run();
        }
      }
    }
    const st = schema.settings;
    const saved = tx.select().from(st).where(eq(st.id, from.id)).get();
    // Never saved: the defaults, version 1; the new edition signs with the next version either way.
    const {
      id: _i,
      updatedAt: _u,
      ...settings
    } = saved ?? {
      ...defaultSettings(),
      id: 0,
      updatedAt: null,
      entriesCloseAt: null,
      crewCloseAt: null,
      crewTagVersion: 1,
    };
    tx.insert(st)
      .values({
        ...settings,
        id: made.id,
        regattaYear: input.year,
        entriesCloseAt: null,
        crewCloseAt: null,
        crewTagVersion: Math.min(settings.crewTagVersion + 1, TAG_VERSION_MAX),
      })
      .run();
    audit(tx, actor, {
      action: EDITION_AUDIT.created,
      targetType: "edition",
      targetId: made.id,
      details: { name: input.name, year: input.year, from: from.name, events: events.length },
    });
    return { ok: true, id: made.id, events: events.length };
  });
}

export type OpenResult =
  | { ok: true; edition: Edition; previous: Edition | null }
  | Failure<"missing" | "not-draft">;

/**
 * Makes a DRAFT edition the current one, in one transaction, audited: the open one is archived
 * (read-only from then on) after its members' crew tag fee status is kept in `edition_members`,
 * and every member's fee is due again (`users.membership_paid` is the open edition's).
 */
export function openEdition(actor: Actor, id: number): OpenResult {
  return db().transaction((tx) => {
    const next = tx.select(columns).from(e).where(eq(e.id, id)).get();
    if (!next) return fail("missing");
    if (next.state !== "DRAFT") return fail("not-draft");
    const previous = tx.select(columns).from(e).where(eq(e.state, "OPEN")).get() ?? null;
    const at = new Date(clockNow());
    if (previous) {
      tx.run(sql`INSERT INTO edition_members (edition_id, user_id, membership_paid)
        SELECT ${previous.id}, id, membership_paid FROM users WHERE membership_paid = 1
        ON CONFLICT (edition_id, user_id) DO UPDATE SET membership_paid = excluded.membership_paid`);
      tx.update(e).set({ state: "ARCHIVED", archivedAt: at }).where(eq(e.id, previous.id)).run();
    }
    tx.update(schema.users).set({ membershipPaid: false }).where(eq(schema.users.membershipPaid, true)).run();
    tx.update(e).set({ state: "OPEN", openedAt: at }).where(eq(e.id, id)).run();
    audit(tx, actor, {
      action: EDITION_AUDIT.opened,
      targetType: "edition",
      targetId: id,
      details: { name: next.name, archived: previous?.name ?? null },
    });
    const opened = tx.select(columns).from(e).where(eq(e.id, id)).get() as Row;
    const archived = previous ? (tx.select(columns).from(e).where(eq(e.id, previous.id)).get() as Row) : null;
    return { ok: true, edition: toEdition(opened), previous: archived ? toEdition(archived) : null };
  });
}

/** The managers of the clubs that took part in an edition (a team in one of its events, or an
 * order in it): whom to tell when the next one opens, in their own language. */
export function managersOfEdition(
  editionId: number,
): { id: number; email: string; name: string; locale: "en" | "ms" }[] {
  const u = schema.users;
  const clubs = db()
    .all<{ id: number }>(sql`
      SELECT t.association_id AS id FROM teams t JOIN events e ON e.id = t.event_id WHERE e.edition_id = ${editionId}
      UNION
      SELECT u.association_id FROM orders o JOIN users u ON u.id = o.owner_id
      WHERE o.edition_id = ${editionId} AND u.association_id IS NOT NULL`)
    .map((r) => r.id);
  if (clubs.length === 0) return [];
  return db()
    .select({ id: u.id, email: u.email, name: u.name, locale: u.locale })
    .from(u)
    .where(and(eq(u.role, "MANAGER"), inArray(u.associationId, clubs), eq(u.verified, true)))
    .orderBy(asc(u.id))
    .all();
}

/** A member's crew tag fee status in an edition: the open one's is on the user row, an archived
 * one's was kept when it was archived. */
export function membershipPaidIn(edition: Pick<Edition, "id" | "state">, userId: number): boolean {
  if (edition.state === "OPEN") {
    return (
      db()
        .select({ paid: schema.users.membershipPaid })
        .from(schema.users)
        .where(eq(schema.users.id, userId))
        .get()?.paid ?? false
    );
  }
  const em = schema.editionMembers;
  return (
    db()
      .select({ paid: em.membershipPaid })
      .from(em)
      .where(and(eq(em.editionId, edition.id), eq(em.userId, userId)))
      .get()?.paid ?? false
  );
}

/**
 * Puts the editions back as the seed left them, in one transaction (the e2e editions journey, before
 * each pass; the app never deletes an edition): the edition of `year` (the journey's) and every row
 * of it gone, children first, and the newest other one (the seed's open one) open again with the
 * crew tag fees kept when it was archived. Returns that one.
 * @testOnly e2e reset only: deletes an edition's rows, orders included (the app never deletes them).
 */
export function restoreSeededEdition(year: number): { id: number; name: string } {
  return db().transaction((tx) => {
    const made = tx.select({ id: e.id }).from(e).where(eq(e.year, year)).get();
    const seeded = tx
      .select({ id: e.id, name: e.name, state: e.state })
      .from(e)
      .where(ne(e.year, year))
      .orderBy(desc(e.year))
      .limit(1)
      .get();
    if (!seeded) throw new Error("No seeded edition");
    if (made) {
      const id = made.id;
      const s = schema;
      // Still writable (open or draft): its rows can go.
      tx.update(e).set({ state: "DRAFT" }).where(eq(e.id, id)).run();
      const events = tx.select({ id: s.events.id }).from(s.events).where(eq(s.events.editionId, id));
      const rounds = tx.select({ id: s.rounds.id }).from(s.rounds).where(eq(s.rounds.editionId, id));
      const orders = tx.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.editionId, id));
      const teams = tx.select({ id: s.teams.id }).from(s.teams).where(inArray(s.teams.eventId, events));
      const sessions = tx
        .select({ id: s.trainingSessions.id })
        .from(s.trainingSessions)
        .where(eq(s.trainingSessions.editionId, id));
      const eoiEvents = tx
        .select({ id: s.eoiEvents.id })
        .from(s.eoiEvents)
        .where(eq(s.eoiEvents.editionId, id));
      tx.delete(s.progressionSources).where(inArray(s.progressionSources.toRoundId, rounds)).run();
      tx.delete(s.progressionPlans).where(inArray(s.progressionPlans.eventId, events)).run();
      tx.delete(s.races).where(inArray(s.races.roundId, rounds)).run();
      tx.delete(s.scanLogs).where(inArray(s.scanLogs.roundId, rounds)).run();
      tx.delete(s.scoreboardRounds).where(inArray(s.scoreboardRounds.roundId, rounds)).run();
      tx.delete(s.rounds).where(eq(s.rounds.editionId, id)).run();
      tx.delete(s.teamMembers).where(inArray(s.teamMembers.teamId, teams)).run();
      tx.delete(s.teams).where(inArray(s.teams.eventId, events)).run();
      tx.delete(s.waitlist).where(inArray(s.waitlist.eventId, events)).run();
      tx.delete(s.orderLines).where(inArray(s.orderLines.orderId, orders)).run();
      tx.delete(s.orderNotes).where(inArray(s.orderNotes.orderId, orders)).run();
      tx.delete(s.orders).where(eq(s.orders.editionId, id)).run();
      tx.delete(s.events).where(eq(s.events.editionId, id)).run();
      tx.delete(s.notices).where(eq(s.notices.editionId, id)).run();
      tx.delete(s.trainingReservations).where(inArray(s.trainingReservations.sessionId, sessions)).run();
      tx.delete(s.trainingSessions).where(eq(s.trainingSessions.editionId, id)).run();
      tx.delete(s.eois).where(inArray(s.eois.eoiEventId, eoiEvents)).run();
      tx.delete(s.eoiEvents).where(eq(s.eoiEvents.editionId, id)).run();
      tx.delete(s.settings).where(eq(s.settings.id, id)).run();
      tx.delete(s.editionMembers).where(eq(s.editionMembers.editionId, id)).run();
      tx.update(s.auditLog).set({ editionId: null }).where(eq(s.auditLog.editionId, id)).run();
      tx.update(s.paymentLogs).set({ editionId: null }).where(eq(s.paymentLogs.editionId, id)).run();
      tx.delete(e).where(eq(e.id, id)).run();
    }
    if (seeded.state !== "OPEN") {
      const em = schema.editionMembers;
      tx.update(e).set({ state: "OPEN", archivedAt: null }).where(eq(e.id, seeded.id)).run();
      // Who had paid this edition's crew tag fee, as kept when it was archived.
      const paid = tx
        .select({ id: em.userId })
        .from(em)
        .where(and(eq(em.editionId, seeded.id), eq(em.membershipPaid, true)));
      tx.update(schema.users).set({ membershipPaid: true }).where(inArray(schema.users.id, paid)).run();
      tx.delete(em).where(eq(em.editionId, seeded.id)).run();
    }
    return { id: seeded.id, name: seeded.name };
  });
}

/** An edition row as given, unless its year is taken (test data and seeds: no audit entry; staff use
 * createEdition). Its id, or undefined when the year was taken.
 * @testOnly seeds and test data only: no audit entry. */
export function insertEditionRow(values: typeof schema.editions.$inferInsert): number | undefined {
  return db().insert(e).values(values).onConflictDoNothing().returning({ id: e.id }).get()?.id;
}

/** Sets an edition's columns as given, nothing else (the seeds: last year's edition dated and
 * archived; no audit entry, no trigger of the workflow; staff use the editions screens).
 * @testOnly seeds only: no audit entry, no workflow. */
export function setEditionColumns(id: number, values: Partial<typeof schema.editions.$inferInsert>): void {
  db().update(e).set(values).where(eq(e.id, id)).run();
}

/** Edition member rows (who had paid an archived edition's crew tag fee) as given (the seeds; no
 * audit entry).
 * @testOnly seeds only: no audit entry. */
export function insertEditionMembers(rows: (typeof schema.editionMembers.$inferInsert)[]): void {
  insertRows(schema.editionMembers, rows);
}
