// The race-day plan written at the schema before migration 0018 (editions), for
// tests/unit/editions-migration.test.ts only: plain SQL through prepared statements on a raw
// better-sqlite3 handle, naming only columns that exist before and after 0018. This is the writer
// db/seed-race-day.ts had until issue 30 moved the seeds onto the models; the models speak today's
// schema (edition_id and later columns), so they cannot write into a database at 0016. Frozen with
// that schema: it does not follow the models, and nothing else uses it.
import type Database from "better-sqlite3";
import type { Photo } from "~/lib/photos.server";
import { defaultSettings } from "~/rules/settings-schema";
import { type RaceDayPlan, REGATTA_YEAR } from "../../db/seed-race-day";

const DAY = 24 * 60 * 60_000;

/** Writes a plan in one transaction. `jpegs[i]` are the bytes of `plan.photos[].source === i`;
 * the shared (approved) photo rows are named by `sharedPhotos`. */
export function writeRaceDayAt0016(
  sqlite: Database.Database,
  plan: RaceDayPlan,
  opts: { hash: string; jpegs: Photo[]; sharedPhotos: string[]; now: number },
): void {
  const b = (v: boolean) => (v ? 1 : 0);
  const { now } = opts;
  sqlite.transaction(() => {
    const club = sqlite.prepare(
      "INSERT INTO associations (id, created_at, name, country, token) VALUES (?, ?, ?, ?, ?)",
    );
    for (const c of plan.clubs) club.run(c.id, c.createdAt, c.name, c.country, c.token);

    const user = sqlite.prepare(
      `INSERT INTO users (id, created_at, updated_at, email, hash, identification, name, phone, phone_emergency,
        address, gender, image, valid_image, yob, association_id, verified, approved, membership_paid, role)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const u of plan.users) {
      user.run(
        u.id,
        u.createdAt,
        u.updatedAt,
        u.email,
        opts.hash,
        u.identification,
        u.name,
        u.phone,
        u.phoneEmergency,
        u.address,
        u.gender,
        u.image,
        u.validImage,
        u.yob,
        u.associationId,
        b(u.verified),
        b(u.approved),
        b(u.membershipPaid),
        u.role,
      );
    }

    const photo = sqlite.prepare(
      "INSERT INTO photos (name, user_id, created_at, width, height, bytes) VALUES (?, ?, ?, ?, ?, ?)",
    );
    opts.sharedPhotos.forEach((name, i) => {
      const p = opts.jpegs[i];
      photo.run(name, null, now, p.width, p.height, p.jpeg);
    });
    for (const p of plan.photos) {
      const jpeg = opts.jpegs[p.source];
      photo.run(p.name, p.userId, now, jpeg.width, jpeg.height, jpeg.jpeg);
    }

    const insertEvent = sqlite.prepare(
      `INSERT INTO events (id, created_at, updated_at, name, description, price, max_team, reserve_count, min_race,
        max_race, max_male, min_female, min_age, max_age, limit_malaysia, deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    const updateEvent = sqlite.prepare(
      "UPDATE events SET price = ?, max_team = ?, updated_at = ? WHERE id = ?",
    );
    // The demo's entries of a repriced event were bought at its price: the race weekend's.
    const reprice = sqlite.prepare("UPDATE order_lines SET price = ? WHERE kind = 'EVENT' AND event_id = ?");
    for (const e of plan.events) {
      if (!e.isNew) {
        updateEvent.run(e.price, e.maxTeam, now, e.id);
        reprice.run(e.price, e.id);
        continue;
      }
      const created = now - 150 * DAY;
      insertEvent.run(
        e.id,
        created,
        created,
        e.name,
        e.description,
        e.price,
        e.maxTeam,
        e.reserveCount,
        e.minRace,
        e.maxRace,
        e.maxMale,
        e.minFemale,
        e.minAge,
        e.maxAge,
        b(e.limitMalaysia),
      );
    }

    const team = sqlite.prepare("INSERT INTO teams (id, name, association_id, event_id) VALUES (?, ?, ?, ?)");
    const member = sqlite.prepare("INSERT INTO team_members (team_id, user_id) VALUES (?, ?)");
    for (const t of plan.teams) {
      team.run(t.id, t.name, t.associationId, t.eventId);
      for (const userId of t.crew) member.run(t.id, userId);
    }

    const wait = sqlite.prepare(
      `INSERT INTO waitlist (created_at, updated_at, event_id, association_id, user_id, teams, status, held, hold_until)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const w of plan.waitlist) {
      wait.run(
        w.createdAt,
        w.updatedAt,
        w.eventId,
        w.associationId,
        w.userId,
        w.teams,
        w.status,
        w.held,
        w.holdUntil,
      );
    }

    // The regatta year the crews were planned for (ages), with the other settings at their defaults.
    const settings = { ...defaultSettings(new Date(now)), regattaYear: REGATTA_YEAR };
    sqlite
      .prepare(
        `INSERT INTO settings (id, updated_at, crew_tag_fee_sen, ticket_price_sen, ticket_description, regatta_name,
          regatta_year, payment_due_hours, entries_close_at, crew_close_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)
         ON CONFLICT (id) DO UPDATE SET regatta_year = excluded.regatta_year`,
      )
      .run(
        now,
        settings.crewTagFeeSen,
        settings.ticketPriceSen,
        settings.ticketDescription,
        settings.regattaName,
        settings.regattaYear,
        settings.paymentDueHours,
      );

    const round = sqlite.prepare(
      "INSERT INTO rounds (id, name, description, event_id, race_number, scheduled_at, started_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    for (const r of plan.rounds)
      round.run(
        r.id,
        r.name,
        r.description,
        r.eventId,
        r.raceNumber ?? null,
        r.scheduledAt ?? null,
        r.startedAt ?? null,
      );
    // The day so far: each race whose call ("go to marshalling", call_minutes before its start:
    // services/race-call.server.ts) is due was called then. Left uncalled, the server's first job
    // run would call the last hour's and the next half hour's races at once, ~1,300 emails: a
    // burst no real day has, in the CPU of whatever the bench measured first.
    // Not in a database from before the race call's migration (the editions migration test writes
    // this plan into one).
    const hasCalls = sqlite
      .prepare("SELECT 1 FROM pragma_table_info('rounds') WHERE name = 'called_at'")
      .get();
    if (hasCalls)
      sqlite
        .prepare(
          `UPDATE rounds SET called_at = scheduled_at - (SELECT call_minutes FROM settings WHERE id = 1) * 60000
         WHERE edition_id = (SELECT id FROM editions WHERE state = 'OPEN')
           AND race_number IS NOT NULL AND scheduled_at IS NOT NULL
           AND scheduled_at - (SELECT call_minutes FROM settings WHERE id = 1) * 60000 <= ?`,
        )
        .run(now);
    const race = sqlite.prepare("INSERT INTO races (lane, score, round_id, team_id) VALUES (?, ?, ?, ?)");
    for (const r of plan.races) race.run(r.lane, r.score, r.roundId, r.teamId);
    const scan = sqlite.prepare(
      "INSERT INTO scan_logs (created_at, round_id, team_id, user_id) VALUES (?, ?, ?, ?)",
    );
    for (const s of plan.scanLogs) scan.run(s.createdAt, s.roundId, s.teamId, s.userId);
    const board = sqlite.prepare("INSERT INTO scoreboard_rounds (round_id, created_at) VALUES (?, ?)");
    for (const s of plan.scoreboardRounds) board.run(s.roundId, s.createdAt);
    // Boats out and back (issue 28): each race of the last 90 minutes went out 15 minutes before
    // its start and came back 12 minutes after it (those not back yet are on the water), and the
    // next two races' boats are out already: race control's On the water panel has rows.
    // Not in a database from before migration 0023 (the editions migration test writes this plan
    // into one).
    const hasTrips = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'boat_trips'")
      .get();
    if (hasTrips) {
      sqlite
        .prepare(
          `INSERT INTO boat_trips (round_id, team_id, lane, out_at, back_at)
           SELECT ra.round_id, ra.team_id, ra.lane, r.started_at - 15 * 60000,
             CASE WHEN r.started_at + 12 * 60000 <= ? THEN r.started_at + 12 * 60000 END
           FROM races ra JOIN rounds r ON r.id = ra.round_id
           WHERE r.started_at IS NOT NULL AND r.started_at >= ? - 90 * 60000`,
        )
        .run(now, now);
      sqlite
        .prepare(
          `INSERT INTO boat_trips (round_id, team_id, lane, out_at)
           SELECT ra.round_id, ra.team_id, ra.lane, MIN(? - 2 * 60000, r.scheduled_at - 12 * 60000)
           FROM races ra JOIN (
             SELECT id, scheduled_at FROM rounds
             WHERE started_at IS NULL AND race_number IS NOT NULL AND scheduled_at IS NOT NULL
               AND id IN (SELECT round_id FROM races)
             ORDER BY race_number LIMIT 2
           ) r ON r.id = ra.round_id`,
        )
        .run(now);
    }

    const order = sqlite.prepare(
      `INSERT INTO orders (id, created_at, updated_at, transaction_id, owner_id, status, token, effects_applied_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const line = sqlite.prepare(
      "INSERT INTO order_lines (kind, count, price, order_id, event_id, user_id) VALUES (?, ?, ?, ?, ?, ?)",
    );
    for (const o of plan.orders) {
      // A paid order's effects (fees paid, teams, tickets) are in the plan already: applied once.
      const applied = o.status === "PAID" ? o.updatedAt : null;
      order.run(o.id, o.createdAt, o.updatedAt, o.transactionId, o.ownerId, o.status, o.token, applied);
      for (const l of o.lines) line.run(l.kind, l.count, l.price, o.id, l.eventId, l.userId);
    }
    const log = sqlite.prepare(
      "INSERT INTO payment_logs (created_at, status_id, msg, transaction_id, order_id, verified, source) VALUES (?, ?, ?, ?, ?, 1, 'callback')",
    );
    for (const p of plan.paymentLogs) log.run(p.createdAt, p.statusId, p.msg, p.transactionId, p.orderId);
    const note = sqlite.prepare(
      "INSERT INTO order_notes (created_at, updated_at, note, user_id, order_id, author) VALUES (?, ?, ?, ?, ?, ?)",
    );
    for (const n of plan.orderNotes)
      note.run(n.createdAt, n.createdAt, n.note, n.userId, n.orderId, n.author);

    const eoiEvent = sqlite.prepare(
      "INSERT INTO eoi_events (id, created_at, updated_at, name, deleted) VALUES (?, ?, ?, ?, 0)",
    );
    for (const e of plan.eoiEvents) eoiEvent.run(e.id, e.createdAt, e.createdAt, e.name);
    const eoiUser = sqlite.prepare(
      "INSERT INTO eoi_users (id, created_at, updated_at, email, name, country, team) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    for (const u of plan.eoiUsers)
      eoiUser.run(u.id, u.createdAt, u.updatedAt, u.email, u.name, u.country, u.team);
    const eoi = sqlite.prepare("INSERT INTO eois (eoi_user_id, eoi_event_id) VALUES (?, ?)");
    for (const e of plan.eois) eoi.run(e.eoiUserId, e.eoiEventId);

    const session = sqlite.prepare(
      `INSERT INTO training_sessions (id, created_at, updated_at, start_time, end_time, max_boat)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const s of plan.sessions)
      session.run(s.id, s.createdAt, s.createdAt, s.startTime, s.endTime, s.maxBoat);
    const reservation = sqlite.prepare(
      `INSERT INTO training_reservations (created_at, updated_at, boat, status, reject_reason, association_id, session_id)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const r of plan.reservations) {
      reservation.run(
        r.createdAt,
        r.updatedAt,
        r.boat,
        r.status,
        r.rejectReason,
        r.associationId,
        r.sessionId,
      );
    }
  })();
}
