// GET /race-control/awards.pdf (ADMIN, COMMITTEE; issue 29 part 2): the prize-giving sheet, A4 for
// the announcer: every final of the edition in race order with places 1-3 (team, club, time; a final
// not Official yet says so), then the club table. services/awards-pdf.server.ts lays it out; made one at
// a time like the rest of race paper (429 when busy).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { awardsDefinition, awardsPages } from "~/services/awards-pdf.server";
import { editionOf } from "~/services/edition.server";
import { paperContext, racePdfResponse } from "~/services/race-pdf.server";
import { awardsFinals } from "~/models/awards.server";
import { standingsOf } from "~/models/standings.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "awardsPdf");
  const edition = editionOf(request, user);
  const finals = awardsFinals(edition.id);
  const standings = standingsOf(edition.id);
  const ctx = paperContext(request, edition.id);
  return racePdfResponse(
    request,
    user.id,
    `prize-giving-${edition.year}.pdf`,
    () => awardsDefinition(finals, standings, ctx),
    awardsPages(finals.length, standings.rows.length),
  );
}
