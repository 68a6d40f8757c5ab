// What the pontoon kiosk's page, its no-JS action and its JSON endpoint share.
import type { Bundle } from "~/messages";
import type { Direction } from "~/rules/pontoon";
import type { PontoonOutcome } from "~/services/pontoon.server";

export const PATH = "/scanning/pontoon";
export const pontoonUrl = (direction: Direction) => `${PATH}?dir=${direction}`;

export type Message = { text: string; error: boolean };

/** The kiosk's sentence for a scan's outcome ("Race 14, lane 3: out"). */
export function pontoonMessage(outcome: PontoonOutcome, MSG: Bundle["MSG"]): Message {
  switch (outcome.kind) {
    case "invalid":
      return { text: MSG.scanInvalid, error: true };
    case "voided":
      return { text: MSG.scanTagVoided, error: true };
    case "notRacing":
      return { text: MSG.pnNotRacing, error: true };
    case "marked":
    case "already": {
      const race = outcome.raceNumber ?? "?";
      if (outcome.kind === "marked")
        return {
          text: outcome.direction === "out" ? MSG.pnOut(race, outcome.lane) : MSG.pnBack(race, outcome.lane),
          error: false,
        };
      return {
        text:
          outcome.direction === "out"
            ? MSG.pnAlreadyOut(race, outcome.lane)
            : MSG.pnAlreadyBack(race, outcome.lane),
        error: true,
      };
    }
  }
}
