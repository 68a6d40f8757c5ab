// GET /members/crew-tags.pdf (MANAGER): the crew tags of the manager's own club's paid members
// (`?part=n` when the club has more than one PDF holds). services/crew-tags.server.ts makes the PDF.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { crewTagsResponse } from "~/services/crew-tags.server";
import { notFound } from "~/lib/params.server";
import { currentEdition } from "~/models/edition.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "crewTags");
  if (user.associationId === null) notFound();
  // Crew tags are signed for the open edition (the one whose kiosk they open), whichever one staff
  // look at.
  return crewTagsResponse(request, currentEdition().id, user.associationId, "/members", user.id);
}
