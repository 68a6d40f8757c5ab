// GET /rounds/:id/lynx.evt (ADMIN, COMMITTEE; issue 20, section 3): the round's start list for
// FinishLynx, saved as lynx.evt (the name the photo-finish PC reads). A round of a deleted event or
// none is 404. A round without a race number is 409 with a plain sentence: FinishLynx keys the event
// on that number, and writing 0 would put every unscheduled round on the same event.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { idParam, notFound } from "~/lib/params.server";
import { evtOfRound } from "~/models/lynx.server";
import { evtFile, lynxHeaders } from "~/rules/lynx-export";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const found = evtOfRound(edition.id, idParam(params.id));
  if (!found) notFound();
  const { round, lanes } = found;
  if (round.raceNumber === null) {
    return new Response(messagesFor(request).LABELS.lxNoRaceNumber, {
      status: 409,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(evtFile({ ...round, raceNumber: round.raceNumber }, lanes), {
    headers: lynxHeaders("lynx.evt"),
  });
}
