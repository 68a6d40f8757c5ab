// GET /rounds/:id/start-list.pdf (ADMIN, COMMITTEE: race control): the round's start list for the
// notice board and the marshals: race number, scheduled start, and every lane's team, club and
// crew. An id that is not a round of a live event: 404. services/race-pdf.server.ts lays it out.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { idParam, notFound } from "~/lib/params.server";
import {
  paperContext,
  paperFileName,
  racePdfResponse,
  startListDefinition,
} from "~/services/race-pdf.server";
import { startListOf } from "~/models/race-paper.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const list = startListOf(edition.id, idParam(params.id)) ?? notFound();
  const ctx = paperContext(request, edition.id);
  return racePdfResponse(request, user.id, paperFileName("start-list", list.round), () =>
    startListDefinition(list, ctx),
  );
}
