// The results desk around its writes (/rounds/:id/results; issue 20 section 2, ADR 0032; issue 30):
// the import preview (a FinishLynx .lif or lane,time CSV read against the round's lanes, nothing
// written) and the two-desk conflict (Save as Provisional or Declare Official from a page older
// than the stored results: refused by services/results.server.ts, answered here with what is
// stored now). Answers are `{ ok: false, code }` (rules/failure.ts); the route words them.
import type { Actor } from "~/models/audit.server";
import { laneDiffers, resultsLanes, resultsRound, resultsVersion } from "~/models/results.server";
import { type Failure, fail } from "~/rules/failure";
import { IMPORT_MAX_BYTES, type ImportError, parseResultsFile } from "~/rules/lynx-import";
import { formatRaceTime } from "~/rules/results";
import { type LaneInput, type LaneText, laneText } from "~/rules/results-form";
import { declareOfficial, saveProvisional } from "~/services/results.server";

/** What an imported file says, per lane ("1", "2", ...): the time as the box shows it, the status,
 * the file's own place; `format`: ".lif" or "CSV". */
export type Preview = {
  format: string;
  lanes: Record<string, { time: string; status: string; filePlace: number | null }>;
};

export type PreviewAnswer =
  | { ok: true; preview: Preview }
  | Failure<"noFile" | "tooLarge">
  | Failure<"unreadable", { errors: ImportError[] }>;

/**
 * Import: the file (none, or an empty one: "noFile"; over IMPORT_MAX_BYTES: "tooLarge", refused
 * before reading a byte of it, the server's body limit for this path bounding the rest) read
 * against the round's lanes ("unreadable" with every line's error). Writes nothing: the desk shows
 * the rows pre-filled from the file until Save as Provisional.
 */
export async function importPreview(
  editionId: number,
  roundId: number,
  file: File | null | undefined,
): Promise<PreviewAnswer> {
  if (!(file instanceof File) || file.size === 0) return fail("noFile");
  if (file.size > IMPORT_MAX_BYTES) return fail("tooLarge");
  const lanes = resultsLanes(editionId, roundId);
  const parsed = parseResultsFile(
    await file.text(),
    lanes.map((x) => x.lane),
  );
  if (!parsed.ok) return fail("unreadable", { errors: parsed.errors });
  const preview: Preview = { format: parsed.format === "lif" ? ".lif" : "CSV", lanes: {} };
  for (const x of parsed.lanes)
    preview.lanes[x.lane] = {
      time: x.timeMs === null ? "" : formatRaceTime(x.timeMs),
      status: x.status ?? "",
      filePlace: x.filePlace,
    };
  return { ok: true, preview };
}

/** Another desk saved since the page was loaded: the stored results (as the form's texts) of the
 * lanes whose typed result differs from them, and the version of what is stored now. */
export type Conflict = { stored: Record<number, LaneText>; version: string };

/** The conflict with what is stored now for `inputs` (the typed lanes; none for Declare Official).
 * "roundGone": the round went meanwhile. */
export function conflictOf(
  editionId: number,
  roundId: number,
  inputs: readonly LaneInput[],
): Conflict | Failure<"roundGone"> {
  const round = resultsRound(editionId, roundId);
  if (!round) return fail("roundGone");
  const lanes = resultsLanes(editionId, roundId);
  const mine = new Map(inputs.map((x) => [x.raceId, x]));
  const stored: Record<number, LaneText> = {};
  for (const x of lanes) {
    const input = mine.get(x.id);
    if (input && laneDiffers(x, input)) stored[x.id] = laneText(x, round.tug);
  }
  return { stored, version: resultsVersion(round, lanes) };
}

type Stale = Failure<"stale", Conflict>;
type Success<T> = Extract<T, { ok: true }>;

/** Save as Provisional from the desk (services/results.server.ts), a stale `version` answered
 * with the conflict. */
export function saveFromDesk(
  editionId: number,
  actor: Actor,
  roundId: number,
  lanes: readonly LaneInput[],
  version: string,
): Success<ReturnType<typeof saveProvisional>> | Failure<"roundGone" | "forged"> | Stale {
  const saved = saveProvisional(editionId, actor, roundId, lanes, version);
  if (saved.ok) return saved;
  return saved.code === "stale" ? staleOf(editionId, roundId, lanes) : fail(saved.code);
}

/** Declare Official from the desk, a stale `version` answered with the conflict (no typed lanes). */
export function declareFromDesk(
  editionId: number,
  actor: Actor,
  roundId: number,
  version: string,
):
  | Success<ReturnType<typeof declareOfficial>>
  | Failure<"roundGone" | "notProvisional" | "incomplete">
  | Stale {
  const done = declareOfficial(editionId, actor, roundId, version);
  if (done.ok) return done;
  return done.code === "stale" ? staleOf(editionId, roundId, []) : fail(done.code);
}

function staleOf(
  editionId: number,
  roundId: number,
  lanes: readonly LaneInput[],
): Stale | Failure<"roundGone"> {
  const conflict = conflictOf(editionId, roundId, lanes);
  return "ok" in conflict ? conflict : fail("stale", conflict);
}
