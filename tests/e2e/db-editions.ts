// The editions journey (tests/e2e/editions-journey.spec.ts) opens a new edition on the shared e2e
// server: it runs after every other test (playwright.config.ts, projects last-js and last-no-js),
// and each run first puts the database back as seeded: the seeded open edition open again, the
// edition the journey made gone, the crew tag fees as they were.
import { e2eDb } from "./db";

/** The seeded open edition (this year's), whatever the journey did before. */
export function resetEditions(year: number): { id: number; name: string } {
  const db = e2eDb();
  return db.transaction(() => {
    const made = db.prepare("SELECT id FROM editions WHERE year = ?").get(year) as { id: number } | undefined;
    // The edition the seed left open: the newest that is not the journey's.
    const seeded = db
      .prepare("SELECT id, name, state FROM editions WHERE year <> ? ORDER BY year DESC LIMIT 1")
      .get(year) as { id: number; name: string; state: string };
    if (made) {
      // Still writable (open or draft): its rows can go. Children first.
      db.prepare("UPDATE editions SET state = 'DRAFT' WHERE id = ?").run(made.id);
      const events = "SELECT id FROM events WHERE edition_id = @id";
      const rounds = "SELECT id FROM rounds WHERE edition_id = @id";
      const orders = "SELECT id FROM orders WHERE edition_id = @id";
      for (const q of [
        `DELETE FROM progression_sources WHERE to_round_id IN (${rounds})`,
        `DELETE FROM progression_plans WHERE event_id IN (${events})`,
        `DELETE FROM races WHERE round_id IN (${rounds})`,
        `DELETE FROM scan_logs WHERE round_id IN (${rounds})`,
        `DELETE FROM scoreboard_rounds WHERE round_id IN (${rounds})`,
        `DELETE FROM rounds WHERE edition_id = @id`,
        `DELETE FROM team_members WHERE team_id IN (SELECT id FROM teams WHERE event_id IN (${events}))`,
        `DELETE FROM teams WHERE event_id IN (${events})`,
        `DELETE FROM waitlist WHERE event_id IN (${events})`,
        `DELETE FROM order_lines WHERE order_id IN (${orders})`,
        `DELETE FROM order_notes WHERE order_id IN (${orders})`,
        `DELETE FROM orders WHERE edition_id = @id`,
        `DELETE FROM events WHERE edition_id = @id`,
        `DELETE FROM notices WHERE edition_id = @id`,
        `DELETE FROM training_reservations WHERE session_id IN (SELECT id FROM training_sessions WHERE edition_id = @id)`,
        `DELETE FROM training_sessions WHERE edition_id = @id`,
        `DELETE FROM eois WHERE eoi_event_id IN (SELECT id FROM eoi_events WHERE edition_id = @id)`,
        `DELETE FROM eoi_events WHERE edition_id = @id`,
        `DELETE FROM settings WHERE id = @id`,
        `DELETE FROM edition_members WHERE edition_id = @id`,
        `UPDATE audit_log SET edition_id = NULL WHERE edition_id = @id`,
        `UPDATE payment_logs SET edition_id = NULL WHERE edition_id = @id`,
        `DELETE FROM editions WHERE id = @id`,
      ])
        db.prepare(q).run({ id: made.id });
    }
    if (seeded.state !== "OPEN") {
      db.prepare("UPDATE editions SET state = 'OPEN', archived_at = NULL WHERE id = ?").run(seeded.id);
      // Who had paid this edition's crew tag fee, as kept when it was archived.
      db.prepare(
        `UPDATE users SET membership_paid = 1
         WHERE id IN (SELECT user_id FROM edition_members WHERE edition_id = ? AND membership_paid = 1)`,
      ).run(seeded.id);
      db.prepare("DELETE FROM edition_members WHERE edition_id = ?").run(seeded.id);
    }
    return { id: seeded.id, name: seeded.name };
  })();
}
