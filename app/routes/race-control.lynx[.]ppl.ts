// GET /race-control/lynx.ppl (ADMIN, COMMITTEE; issue 20, section 3): the teams for FinishLynx,
// `team id,team name,,club` for each team in a lane of a scheduled race, by id.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { scheduledTeams } from "~/models/lynx.server";
import { lynxHeaders, pplFile } from "~/rules/lynx-export";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  return new Response(pplFile(scheduledTeams(edition.id)), { headers: lynxHeaders("lynx.ppl") });
}
