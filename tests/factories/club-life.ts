// Test data of a club's life beyond its members (issue 30): training sessions and reservations,
// expressions of interest, crew changes, webhook endpoints and deliveries. Like ./index.ts, every
// factory writes with a model's insert function, on the database `~/lib/db.server` opens
// (DATABASE_PATH), so the same code serves vitest and Playwright (tests/e2e/e2e-env.ts). No SQL
// here: a factory that needs a row no model can write adds a small insert function to that model.
import { randomBytes } from "node:crypto";
import type { schema } from "~/lib/db.server";
import { insertCrewChange } from "~/models/crew-change.server";
import { type InterestOwner, insertEoiEvent, insertInterest } from "~/models/eoi.server";
import { insertReservation, insertSession } from "~/models/training.server";
import { insertDeliveryRow, insertEndpointRow, insertEventRow } from "~/models/webhooks.server";
import type { WebhookEvent } from "~/rules/webhook-fields";
import { uniq } from "./index";

const HOUR = 3_600_000;

/** A training session of the open edition, by default starting on the next whole hour for 2 hours,
 * with 5 boats. */
export function trainingSession(values: Partial<typeof schema.trainingSessions.$inferInsert> = {}) {
  const startTime = values.startTime ?? new Date(Math.ceil(Date.now() / HOUR) * HOUR);
  return insertSession({
    startTime,
    endTime: new Date(startTime.getTime() + 2 * HOUR),
    maxBoat: 5,
    ...values,
  });
}

/** A club's reservation in a session, by default a PENDING one of 1 boat; no rule is checked. */
export function reservation(
  associationId: number,
  sessionId: number,
  values: Partial<typeof schema.trainingReservations.$inferInsert> = {},
) {
  return insertReservation({ associationId, sessionId, boat: 1, status: "PENDING", ...values });
}

/** An EOI event of the open edition, live unless told, `EOI EVENT <uniq>`. */
export function eoiEvent(values: Partial<typeof schema.eoiEvents.$inferInsert> = {}) {
  return insertEoiEvent({ name: `EOI EVENT ${uniq()}`, ...values });
}

/** A manager's saved interest (their EOIUser, found again by email) in exactly these EOI events;
 * returns the EOIUser's id. */
export function interest(owner: InterestOwner, eventIds: number[]): number {
  return insertInterest(owner, eventIds);
}

/** A crew change of a team, PENDING unless told; `leaving` and `joining` are user ids. */
export function crewChange(
  teamId: number,
  associationId: number,
  change: { leaving: number[]; joining: number[] } & Partial<
    Omit<typeof schema.crewChanges.$inferInsert, "leaving" | "joining">
  >,
) {
  const { leaving, joining, ...values } = change;
  return insertCrewChange({
    teamId,
    associationId,
    leaving: JSON.stringify(leaving),
    joining: JSON.stringify(joining),
    reason: "Injured",
    ...values,
  });
}

/** An enabled webhook endpoint wanting `events`, with a fresh secret (no audit entry). */
export function webhookEndpoint(
  url: string,
  events: readonly WebhookEvent[],
  values: Partial<typeof schema.webhookEndpoints.$inferInsert> = {},
) {
  return insertEndpointRow({
    url,
    events: JSON.stringify(events),
    secret: `whsec_${randomBytes(32).toString("hex")}`,
    ...values,
  });
}

/** An event of `event` with a small test body, made `now`, and its delivery to the endpoint, due
 * then; returns the delivery. */
export function webhookDelivery(
  endpointId: number,
  event: WebhookEvent = "result.official",
  now = Date.now(),
) {
  const publicId = `evt_${randomBytes(12).toString("hex")}`;
  const body = JSON.stringify({ event, id: publicId, createdAt: new Date(now).toISOString(), test: true });
  const row = insertEventRow({ publicId, event, body, createdAt: new Date(now) });
  return insertDeliveryRow({
    endpointId,
    eventId: row.id,
    createdAt: new Date(now),
    nextAttemptAt: new Date(now),
  });
}
