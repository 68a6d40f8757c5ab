// Why a draw or a progression cannot be saved (issue 30): codes from models/draw.server.ts, turned
// into the page's language at the edge (drawErrorText). The ranking's own refusals (rules/draw.ts
// rankResults: a score that cannot be read, a team in two rounds, ...) still come as sentences
// and ride along as `ranking`.
import type { Bundle } from "~/messages";
import { ROUND_MAX } from "./race-fields";

export type DrawError =
  | { code: "roundHasRaces" }
  | { code: "otherHasRaces"; name: string }
  | { code: "nameTooLong"; name: string }
  | { code: "noTeams" }
  | { code: "noFinishers" }
  | { code: "chooseRounds" }
  | { code: "foreignRound" }
  | { code: "ranking"; text: string };

/** The sentence of a draw refusal in the request's language. */
export function drawErrorText({ MSG }: Pick<Bundle, "MSG">, error: DrawError): string {
  switch (error.code) {
    case "roundHasRaces":
      return MSG.drawRoundHasRaces;
    case "otherHasRaces":
      return MSG.drawOtherHasRaces(error.name);
    case "nameTooLong":
      return MSG.drawNameTooLong(error.name, ROUND_MAX.name);
    case "noTeams":
      return MSG.drawNoTeams;
    case "noFinishers":
      return MSG.drawNoFinishers;
    case "chooseRounds":
      return MSG.drawChooseRounds;
    case "foreignRound":
      return MSG.drawForeignRound;
    case "ranking":
      return error.text;
  }
}

/** A plan as a page shows it: its refusals as sentences of the request's language. */
export function planForPage<Plan extends { errors: DrawError[] }>(
  t: Pick<Bundle, "MSG">,
  plan: Plan | null,
): (Omit<Plan, "errors"> & { errors: string[] }) | null {
  return plan && { ...plan, errors: plan.errors.map((e) => drawErrorText(t, e)) };
}
