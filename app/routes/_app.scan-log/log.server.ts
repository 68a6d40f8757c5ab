// The Scan Logs screen's two steps, read from the URL once for the page and its CSV: the event (a
// live one of the edition) and the round (one of that event's), each ignored when it does not fit.
import { scanLogEvents, scanLogRounds } from "~/models/scan.server";
import type { ListParams } from "~/rules/list-params";
import { positiveId } from "~/services/kiosk.server";

export function scanLogSteps(editionId: number, params: ListParams<"created", "event" | "round">) {
  const events = scanLogEvents(editionId);
  const asked = positiveId(params.filters.event);
  const eventId = events.some((e) => e.id === asked) ? asked : null;
  const rounds = eventId === null ? [] : scanLogRounds(editionId, eventId);
  const askedRound = positiveId(params.filters.round);
  const roundId = rounds.some((r) => r.id === askedRound) ? askedRound : null;
  return { events, eventId, rounds, roundId };
}
