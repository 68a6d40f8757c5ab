// /associations/:id/referral: the club's competitor registration link, to copy (a dialog).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { CopyField } from "~/components/CopyField";
import { Dialog } from "~/components/Dialog";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/lib/access.server";
import { referralLink } from "~/lib/links.server";
import { findAssociation } from "~/models/association.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "associations");
  const team = /^\d{1,9}$/.test(params.id ?? "") ? findAssociation(Number(params.id)) : undefined;
  if (!team) throw new Response("Not Found", { status: 404 });
  return json({ name: team.name, link: referralLink(team.token) });
}

export default function Referral() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <Dialog title={LABELS.referralLinkOf(data.name)} closeTo={`/associations${search}`}>
      <CopyField id="referral-link" label={LABELS.referralLink} value={data.link} />
    </Dialog>
  );
}
