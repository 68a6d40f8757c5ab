// Mark Ready / Undo as race control and the results desk post them (issue 28 section 1): the two
// screens share the form (intent markReady or undoReady, the lane's race id, the reason) and its
// answers. The routes have run their guard (ADMIN, COMMITTEE) and read the form (CSRF) already.
import type { User } from "~/models/user.server";
import { markReady, type ReadyResult, undoReady } from "~/models/readiness.server";
import type { Bundle } from "~/messages";
import { READY_REASON_MAX } from "~/rules/readiness";
import { parseId } from "~/rules/race-fields";

export const READY_INTENTS = ["markReady", "undoReady"] as const;

export type ReadyAnswer =
  | { ok: true; message: string }
  | { ok: false; message: string; status: number; raceId: number; reason: string };

const bad = () => new Response("Bad Request", { status: 400 });

/** Is this POST a Mark Ready or an Undo? */
export const isReadyIntent = (form: FormData) =>
  (READY_INTENTS as readonly unknown[]).includes(form.get("intent"));

/**
 * Mark Ready or Undo from a posted form: `race` (the lane's races id) and, for Mark Ready,
 * `reason`. `roundId`: the lane must be of that round (the results desk). A missing or malformed
 * id, or a reason far past the page's maxLength, is a forged request (400).
 */
export function readyAction(
  form: FormData,
  editionId: number,
  user: Pick<User, "id" | "name" | "email">,
  t: Bundle,
  roundId?: number,
): ReadyAnswer {
  const { LABELS, MSG } = t;
  const raceId = parseId(form.get("race"));
  if (raceId === null) throw bad();
  const intent = form.get("intent");
  const actor = { id: user.id, name: user.name, email: user.email };
  let typed = "";
  let result: ReadyResult;
  if (intent === "markReady") {
    const raw = form.get("reason");
    if (typeof raw !== "string" || raw.length > READY_REASON_MAX * 4) throw bad();
    typed = raw;
    result = markReady(editionId, actor, raceId, raw, roundId);
  } else {
    result = undoReady(editionId, actor, raceId, roundId);
  }
  if (result.ok) {
    const { lane } = result;
    const race = LABELS.rcRaceLabel(lane.raceNumber, `${lane.eventName} ${lane.roundName}`);
    return {
      ok: true,
      message:
        intent === "markReady"
          ? LABELS.rdyMarkedDone(lane.lane, race)
          : LABELS.rdyUndoneDone(lane.lane, race),
    };
  }
  const answers: Record<typeof result.code, [string, number]> = {
    empty: [LABELS.rdyReasonEmpty, 400],
    tooLong: [MSG.tooLong(LABELS.rdyReason, READY_REASON_MAX), 400],
    notFound: [LABELS.rdyLaneGone, 404],
    marked: [LABELS.rdyAlreadyMarked, 409],
    notMarked: [LABELS.rdyNotMarked, 409],
  };
  const [message, status] = answers[result.code];
  return { ok: false, message, status, raceId, reason: typed.slice(0, READY_REASON_MAX) };
}

/** Where race control comes back to after Mark Ready or Undo: the same Day and the same race's
 * lanes open (`day`, `lanes` of the URL the form posted to, when well-formed). */
export function readyBack(request: Request, path: string): string {
  const from = new URL(request.url).searchParams;
  const back = new URLSearchParams();
  const day = from.get("day");
  if (day && /^\d{4}-\d{2}-\d{2}$/.test(day)) back.set("day", day);
  const lanes = parseId(from.get("lanes"));
  if (lanes !== null) back.set("lanes", String(lanes));
  const query = back.toString();
  return query ? `${path}?${query}` : path;
}
