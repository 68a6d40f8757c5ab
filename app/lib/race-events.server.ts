// Race changes (a score, a lane, a race added or removed) for the live scoreboard: the rounds and
// races models call notifyScoreboard after their transaction commits; the scoreboard subscribes to
// `raceEvents` ("changed", roundId).
import { EventEmitter } from "node:events";

export const raceEvents = new EventEmitter();
raceEvents.setMaxListeners(0);

export function notifyScoreboard(roundId: number) {
  raceEvents.emit("changed", roundId);
}

/** A model's transaction queued this many webhook deliveries (issue 29) and committed: the sender
 * (services/webhook-sender.server.ts, which listens for "webhooks") goes at once. An event, so that
 * a model need not import the sender (issue 30: models import no service). */
export function notifyWebhooks(deliveries: number) {
  if (deliveries > 0) raceEvents.emit("webhooks", deliveries);
}
