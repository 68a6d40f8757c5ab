// /associations/:id/referral: the club's competitor registration link, to copy (a dialog); for
// ADMIN also Regenerate Link (its confirmation step is /associations/:id/regenerate).
import "~/i18n/routes/_app.associations.$id.referral";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CopyField } from "~/components/CopyField";
import { Dialog } from "~/components/Dialog";
import { useMessages } from "~/i18n/useMessages";
import { canAccess } from "~/lib/access";
import { requireUser } from "~/services/access.server";
import { referralLink } from "~/lib/links.server";
import { idParam, notFound } from "~/lib/params.server";
import { findAssociation } from "~/models/association.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "associations");
  const team = findAssociation(idParam(params.id));
  if (!team) notFound();
  return json({
    id: team.id,
    name: team.name,
    link: referralLink(team.token),
    canRegenerate: canAccess("associationReferralRegenerate", user.role),
  });
}

export default function Referral() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.referralLinkOf(data.name)} closeTo={`/associations${search}`}>
      <CopyField id="referral-link" label={LABELS.referralLink} value={data.link} />
      {data.canRegenerate ? (
        <div className="actions">
          <Link to={`/associations/${data.id}/regenerate${search}`} className="btn" preventScrollReset>
            {LABELS.regenerateLink}
          </Link>
        </div>
      ) : null}
    </Dialog>
  );
}
