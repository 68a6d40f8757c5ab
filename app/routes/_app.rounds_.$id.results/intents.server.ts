// The results desk's action, one handler per intent (resultsDeskSchema in rules/results-schema.ts):
// Import (a preview, nothing written), Declare Official, Save as Provisional, and issue 28's Mark
// Ready / Undo. The route has run its guard, found the round and read the form (CSRF); the
// services answer codes, worded here in the request's language.
import { json } from "@remix-run/node";
import { notFound } from "~/lib/params.server";
import { parseLaneRows } from "~/lib/schemas.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Bundle } from "~/messages";
import type { User } from "~/models/user.server";
import { type ResultsRound, resultsLanes } from "~/models/results.server";
import { importErrorText } from "~/rules/lynx-import";
import type { LaneText } from "~/rules/results-form";
import { readyAction } from "~/services/readiness.server";
import { type Conflict, declareFromDesk, importPreview, saveFromDesk } from "~/services/results-desk.server";

export type Desk = {
  request: Request;
  editionId: number;
  user: User;
  t: Bundle;
  round: ResultsRound;
  /** The desk's own URL, where every write comes back to. */
  here: string;
};

const error = (message: string) => ({ type: "error" as const, message });

/**
 * A write refused because another desk saved since the page was loaded: 409, the rows as typed
 * (none for Declare Official), the stored results of the lanes that differ from them, and the
 * version of what is stored now, so saving again is a deliberate choice.
 */
function conflictReply(message: string, typed: Record<number, LaneText> | null, conflict: Conflict) {
  const { stored, version } = conflict;
  return json({ kind: "conflict" as const, message, typed, stored, version, toast: error(message) }, 409);
}

/** Import: the preview of the file, or its refusal (400) with every reason listed. */
export async function importIntent({ editionId, round, t }: Desk, file: File | undefined) {
  const answer = await importPreview(editionId, round.id, file);
  if (answer.ok) return json({ kind: "preview" as const, preview: answer.preview, toast: null });
  const { LABELS } = t;
  const errors =
    answer.code === "unreadable"
      ? answer.errors.map((e) => importErrorText(LABELS, e))
      : [answer.code === "noFile" ? LABELS.rsImportNoFile : LABELS.rsImportTooLarge];
  return json({ kind: "importRefused" as const, importErrors: errors, toast: error(errors[0]) }, 400);
}

/** Declare Official (only from Provisional, every lane done, the version still the stored one). */
export function declareIntent({ request, editionId, user, t, round, here }: Desk, version: string) {
  const { LABELS } = t;
  const done = declareFromDesk(editionId, user, round.id, version);
  if (done.ok) return redirectWithToast(request, here, { type: "success", message: LABELS.rsDeclared });
  if (done.code === "roundGone") notFound();
  if (done.code === "stale") return conflictReply(LABELS.rsConflictDeclare, null, done);
  const message = done.code === "incomplete" ? LABELS.rsIncomplete : LABELS.rsNotProvisional;
  return redirectWithToast(request, here, error(message));
}

/** Save as Provisional: every row valid (else 400 with each row's errors and what was typed), then
 * written in one transaction unless another desk saved since (409) or a lane is not the round's. */
export function saveIntent(
  { request, editionId, user, t, round, here }: Desk,
  form: FormData,
  version: string,
) {
  const { LABELS } = t;
  const rows = parseLaneRows(form, t, round.tug);
  if (!rows.ok) {
    if (rows.error === "malformed") throw new Response("Bad Request", { status: 400 });
    const laneOf = new Map(resultsLanes(editionId, round.id).map((x) => [x.id, x.lane]));
    const firstId = Number(Object.keys(rows.errors)[0]);
    const message = LABELS.rsLaneError(laneOf.get(firstId) ?? "?", rows.first);
    return json(
      {
        kind: "refused" as const,
        typed: rows.typed,
        errors: rows.errors,
        // The version it was sent with: fixing a row must not silently take another desk's save.
        version,
        toast: error(message),
      },
      400,
    );
  }
  const saved = saveFromDesk(editionId, user, round.id, rows.lanes, version);
  if (!saved.ok) {
    if (saved.code === "roundGone") notFound();
    if (saved.code === "stale") return conflictReply(LABELS.rsConflict, rows.typed, saved);
    // A lane not of this round: a forged form, or the draw changed under the page. Nothing written.
    return redirectWithToast(request, here, error(LABELS.rsStale));
  }
  const message =
    saved.kind === "revised"
      ? LABELS.rsSavedRevision(saved.revision)
      : saved.kind === "unchanged"
        ? LABELS.rsNothingChanged
        : LABELS.rsSavedProvisional;
  return redirectWithToast(request, here, { type: "success", message });
}

/** Mark Ready / Undo of one of the round's lanes (services/readiness.server.ts). */
export function readyIntent({ request, editionId, user, t, round, here }: Desk, form: FormData) {
  const answer = readyAction(form, editionId, user, t, round.id);
  if (answer.ok) return redirectWithToast(request, here, { type: "success", message: answer.message });
  const { raceId, message, reason } = answer;
  return json(
    { kind: "ready" as const, ready: { raceId, message, reason }, toast: error(message) },
    answer.status,
  );
}
