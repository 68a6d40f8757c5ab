// Progression plans (issue 20): when the last source round of a plan is declared Official, the
// plan's round is seeded at once (the same ranking and lanes as the Progress dialog), audited as
// done by the system. STUB: the progression part of issue 20 fills this in.
import type { Tx } from "./race-day.server";

/** Called by the results service inside the transaction that declared `roundId` Official (or
 * revised it). Seeds every plan whose sources are now all Official and whose round is still
 * empty; returns the ids of the rounds it seeded. */
export function seedAfterOfficial(_tx: Tx, _roundId: number): number[] {
  return [];
}
