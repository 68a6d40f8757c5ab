// GET /associations/:id/crew-tags.pdf (ADMIN any club, from All Teams; MANAGER their own club
// only): the club's crew tags. Another club's id, or one that does not exist, is the same 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { crewTagsResponse } from "~/services/crew-tags.server";
import { idParam, notFound } from "~/lib/params.server";
import { currentEdition } from "~/models/edition.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "associationCrewTags");
  const id = idParam(params.id);
  if (user.role !== "ADMIN" && user.associationId !== id) {
    notFound();
  }
  // Crew tags are signed for the open edition (the one whose kiosk they open), whichever one staff
  // look at.
  return crewTagsResponse(
    request,
    currentEdition().id,
    id,
    user.role === "ADMIN" ? "/associations" : "/members",
    user.id,
  );
}
