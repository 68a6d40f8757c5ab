// GET /rounds/:id/results.pdf (ADMIN, COMMITTEE: the results desk): the round's result sheet:
// places, lanes, teams, times, penalties and statuses with their reasons, the state (Provisional
// with its protest deadline, Official, Official (revised)), the revision and when it was made. An
// id that is not a round of a live event: 404. services/race-pdf.server.ts lays it out.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { idParam, notFound } from "~/lib/params.server";
import {
  paperContext,
  paperFileName,
  racePdfResponse,
  resultSheetDefinition,
} from "~/services/race-pdf.server";
import { resultSheetOf } from "~/models/race-paper.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const sheet = resultSheetOf(edition.id, idParam(params.id)) ?? notFound();
  const ctx = paperContext(request, edition.id);
  return racePdfResponse(request, user.id, paperFileName("results", sheet.round), () =>
    resultSheetDefinition(sheet.round, sheet.lanes, ctx),
  );
}
