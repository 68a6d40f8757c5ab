// Race control's On the water panel (issue 28 part 2; ADR 0038), the server half: the loader's field
// and the action's intent `markBack` (ADMIN, COMMITTEE: race control's own guard), kept out of
// route.tsx so that route stays small.
import { json } from "@remix-run/node";
import { now } from "~/lib/clock.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Bundle } from "~/messages";
import type { Actor } from "~/models/audit.server";
import { markBack, onTheWater } from "~/models/boat-trips.server";
import { getSettings } from "~/models/settings.server";
import { BACK_REASON_MAX, minutesOut, outTooLong } from "~/rules/pontoon";
import { parseId } from "~/rules/race-fields";

export type OnWaterBoat = {
  id: number;
  raceNumber: number | null;
  race: string;
  lane: string;
  teamName: string;
  minutes: number;
  overdue: boolean;
};

/** The boats on the water (oldest out first), their minutes out and whether each is overdue. */
export function onWaterData(editionId: number) {
  const alertMinutes = getSettings(editionId).onWaterAlertMinutes;
  const at = now();
  const boats: OnWaterBoat[] = onTheWater(editionId).map((b) => {
    const minutes = minutesOut(b.outAt, at);
    return {
      id: b.id,
      raceNumber: b.raceNumber,
      race: `${b.eventName} ${b.roundName}`,
      lane: b.lane,
      teamName: b.teamName,
      minutes,
      overdue: outTooLong(minutes, alertMinutes),
    };
  });
  return { alertMinutes, boats };
}

/** Mark Back: a boat's Back scan was missed; the reason is required (1..BACK_REASON_MAX, checked
 * here as on the page). Refused, changing nothing: a trip not on the water (any more), not of this
 * edition, or an empty or too long reason. */
export function markBackIntent(
  request: Request,
  editionId: number,
  actor: Actor,
  form: FormData,
  { MSG, LABELS }: Bundle,
  here: string,
) {
  const id = parseId(form.get("id"));
  const raw = form.get("reason");
  // The page caps the box at BACK_REASON_MAX; a missing or far longer one is forged.
  if (id === null || typeof raw !== "string" || raw.length > BACK_REASON_MAX * 4)
    throw new Response("Bad Request", { status: 400 });
  const refuse = (message: string, status = 400) =>
    json<{ toast: Toast }>({ toast: { type: "error", message } }, status);
  const reason = raw.trim();
  if (reason === "") return refuse(MSG.pnReasonRequired);
  if (reason.length > BACK_REASON_MAX) return refuse(MSG.tooLong(LABELS.pnReason, BACK_REASON_MAX));
  const result = markBack(editionId, actor, id, reason);
  if (!result.ok) return refuse(result.code === "reason" ? MSG.pnReasonRequired : MSG.pnMarkBackGone, 409);
  return redirectWithToast(request, here, {
    type: "success",
    message: MSG.pnMarkedBack(result.raceNumber ?? "?", result.lane),
  });
}
