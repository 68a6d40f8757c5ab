// /referral-link (MANAGER): the confirmation step of Regenerate Link over the profile (issue 18,
// beyond the spec). The POST gives the manager's own club a new referral token; the old link stops
// working. The form names the club it was shown for: a post naming any other club (forged, or a
// stale page) is a 404 and changes nothing.
import "~/i18n/routes/_app._home.referral-link";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RegenerateLinkStep } from "~/components/RegenerateLinkStep";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { parseForm } from "~/lib/forms.server";
import { ownClubSchema } from "~/lib/schemas.server";
import { notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import { regenerateAssociationToken } from "~/models/association.server";
import { associationOf, type User } from "~/models/user.server";

function ownClub(user: User) {
  const club = associationOf(user);
  if (!club) notFound();
  return club;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const club = ownClub(await requireUser(request, "referralRegenerate"));
  return json({ id: club.id, name: club.name });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "referralRegenerate");
  const { submission } = await parseForm(request, ownClubSchema());
  const club = ownClub(user);
  if (submission.status !== "success" || submission.value.association !== String(club.id)) notFound();
  if (!regenerateAssociationToken(user, club.id)) notFound();
  return redirectWithToast(request, "/", {
    type: "success",
    message: messagesFor(request).MSG.referralRegenerated,
  });
}

export default function RegenerateOwnLink() {
  const club = useLoaderData<typeof loader>();
  return <RegenerateLinkStep club={club} back="/" hidden={{ association: club.id }} />;
}
