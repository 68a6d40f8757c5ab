// /associations/:id/regenerate (ADMIN): the confirmation step of Regenerate Link over All Teams
// (issue 18, beyond the spec). The POST gives the club a new referral token (the old link stops
// working, audited) and goes back to the club's referral dialog, showing the new link. COMMITTEE
// may copy a link but not regenerate it: the route table sends them home, changing nothing.
import "~/i18n/routes/_app.associations.$id.regenerate";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { RegenerateLinkStep } from "~/components/RegenerateLinkStep";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findAssociation, regenerateAssociationToken } from "~/models/association.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "associationReferralRegenerate");
  const club = findAssociation(idParam(params.id));
  if (!club) notFound();
  return json({ id: club.id, name: club.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "associationReferralRegenerate");
  await parseForm(request, NO_FIELDS);
  const club = regenerateAssociationToken(user, idParam(params.id));
  if (!club) notFound();
  const back = new URL(request.url).search;
  return redirectWithToast(request, `/associations/${club.id}/referral${back}`, {
    type: "success",
    message: messagesFor(request).MSG.referralRegenerated,
  });
}

export default function RegenerateLink() {
  const club = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <RegenerateLinkStep club={club} back={`/associations/${club.id}/referral${search}`} />;
}
