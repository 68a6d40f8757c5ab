// Results (issue 20, docs/decisions/0032-race-control.md): a round's state as race control and the
// public see it. Pure, shared by server and browser. The results part of issue 20 adds the ranking
// (places from time plus penalty, then DNF, DSQ, DNS) and the formatted lane result here.
import type { ResultState } from "../../db/enums";

export type RoundState = "SCHEDULED" | "STARTED" | "PROVISIONAL" | "OFFICIAL";

/** Scheduled until started; Provisional once results are saved; Official once declared. */
export function roundState(round: { startedAt: number | Date | null; resultState: ResultState }): RoundState {
  if (round.resultState === "OFFICIAL") return "OFFICIAL";
  if (round.resultState === "PROVISIONAL") return "PROVISIONAL";
  return round.startedAt === null ? "SCHEDULED" : "STARTED";
}

type StateLabels = {
  rsStateScheduled: string;
  rsStateStarted: string;
  rsStateProvisional: string;
  rsStateOfficial: string;
  rsStateRevised: string;
};

/** The state as shown: "Official (revised)" once an official result was changed (revision > 1). */
export function stateLabel(labels: StateLabels, state: RoundState, revision: number): string {
  switch (state) {
    case "SCHEDULED":
      return labels.rsStateScheduled;
    case "STARTED":
      return labels.rsStateStarted;
    case "PROVISIONAL":
      return labels.rsStateProvisional;
    case "OFFICIAL":
      return revision > 1 ? labels.rsStateRevised : labels.rsStateOfficial;
  }
}
