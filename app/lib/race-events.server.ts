// Race changes (a score, a lane, a race added or removed) for the live scoreboard: the rounds and
// races models call notifyScoreboard after their transaction commits; the scoreboard subscribes to
// `raceEvents` ("changed", roundId).
import { EventEmitter } from "node:events";

export const raceEvents = new EventEmitter();
raceEvents.setMaxListeners(0);

export function notifyScoreboard(roundId: number) {
  raceEvents.emit("changed", roundId);
}
