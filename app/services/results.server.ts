// The results desk's workflow (issue 20 section 2; docs/decisions/0032-race-control.md): Save as
// Provisional and Declare Official, each one immediate transaction (models/results.server.ts),
// then, once committed, the scoreboard and the board hear of the round (raceDayWrite). Each writes
// its webhook event (issue 29: result.provisional, result.revised, result.official) in the same
// transaction and kicks the webhook sender after the commit, without waiting for it.
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { notifyScoreboard } from "~/lib/race-events.server";
import type { Actor } from "~/models/audit.server";
import { raceDayWrite } from "~/models/race-day.server";
import {
  type DeclareAnswer,
  declareOfficialIn,
  type SaveAnswer,
  saveLaneResults,
} from "~/models/results.server";
import { getSettings } from "~/models/settings.server";
import type { LaneInput } from "~/rules/results-form";
import { afterEmit, emitRoundResults } from "~/services/webhooks.server";

/**
 * Save as Provisional: writes the lanes, recomputes places and scores; a round not yet Official
 * becomes Provisional with protests until now + the protest window (Settings); an Official round
 * gets a new revision instead (when something changed). A lane not of the round, or a `version`
 * that is no longer the stored results' (another desk saved since the page loaded): nothing written.
 */
export function saveProvisional(
  editionId: number,
  actor: Actor,
  roundId: number,
  lanes: readonly LaneInput[],
  version?: string,
): SaveAnswer {
  const protestMs = getSettings(editionId).protestMinutes * 60_000;
  const at = now();
  let deliveries = 0;
  const done = raceDayWrite(
    () =>
      db().transaction(
        (tx) => {
          const saved = saveLaneResults(tx, actor, editionId, roundId, lanes, {
            now: at,
            protestMs,
            version,
          });
          // Issue 29: the webhook event commits with the results (or not at all).
          if (saved.ok && saved.kind !== "unchanged")
            deliveries = emitRoundResults(
              tx,
              editionId,
              roundId,
              saved.kind === "revised" ? "result.revised" : "result.provisional",
            );
          return saved;
        },
        {
          behavior: "immediate",
        },
      ),
    { notifies: (done) => (done.ok && done.kind !== "unchanged" ? roundId : null) },
  );
  afterEmit(deliveries);
  return done;
}

/** Declare Official: only from Provisional with every lane done; seeds the next rounds the
 * progression plans name, in the same transaction; refused ("stale") when `version` is no longer
 * the stored results'. */
export function declareOfficial(
  editionId: number,
  actor: Actor,
  roundId: number,
  version?: string,
): DeclareAnswer {
  const at = now();
  let deliveries = 0;
  const done = raceDayWrite(
    () =>
      db().transaction(
        (tx) => {
          const declared = declareOfficialIn(tx, actor, editionId, roundId, at, version);
          // Issue 29: the webhook event commits with the declaration (or not at all).
          if (declared.ok) deliveries = emitRoundResults(tx, editionId, roundId, "result.official");
          return declared;
        },
        { behavior: "immediate" },
      ),
    { notifies: (answer) => (answer.ok ? roundId : null) },
  );
  if (done.ok) for (const seeded of done.seeded) notifyScoreboard(seeded);
  afterEmit(deliveries);
  return done;
}
