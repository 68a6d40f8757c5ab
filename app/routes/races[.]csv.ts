// GET /races.csv?round=ID (ADMIN, COMMITTEE): a round's races as CSV (the table's columns: #, Event
// Team, Lane, Score), in lane order. A round of a deleted event, or none, is 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { notFound } from "~/lib/params.server";
import { racesOfRound } from "~/models/race.server";
import { findRound } from "~/models/round.server";
import { parseId } from "~/rules/race-fields";
import { raceColumns } from "./_app.races/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "races");
  const edition = editionOf(request, user);
  const round = findRound(edition.id, parseId(new URL(request.url).searchParams.get("round")) ?? 0);
  if (!round) notFound();
  return csvResponse("races", raceColumns, racesOfRound(edition.id, round.id));
}
