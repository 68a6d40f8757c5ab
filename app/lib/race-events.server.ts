import { EventEmitter } from "node:events";
export const raceEvents = new EventEmitter();
raceEvents.setMaxListeners(0);
export function notifyScoreboard(roundId: number) {
  raceEvents.emit("changed", roundId);
}
