// /training-sessions/:id/teams (ADMIN, COMMITTEE): 'Reserved Teams' over the sessions table: each
// APPROVED reservation of the session, its team and boat count (a club with two approved requests
// has two rows; pending, rejected and cancelled requests do not count), by team name.
import "~/i18n/routes/_app.training-sessions.$id.teams";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { type Column, DataTable } from "~/components/DataTable";
import { Dialog } from "~/components/Dialog";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { idParam, notFound } from "~/lib/params.server";
import { findSession, reservedTeams } from "~/models/training.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { formatDateTime } from "~/rules/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "trainingSessions");
  const edition = editionOf(request, user);
  const session = findSession(edition.id, idParam(params.id)) ?? notFound();
  return json({ session, teams: reservedTeams(edition.id, session.id) });
}

type TeamRow = { id: number; associationId: number; team: string; boats: number };
const teamColumnsOf = ({ LABELS }: Bundle): Column<TeamRow>[] => [
  { label: LABELS.team, cell: (r) => r.team, className: "cell-text" },
  { label: LABELS.trBoatsCol, cell: (r) => r.boats },
];

export default function ReservedTeams() {
  const { session, teams } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = useMessages();
  const { MSG, TITLES } = t;
  const locale = useLocale();
  return (
    <Dialog title={TITLES.reservedTeams} closeTo={`/training-sessions${search}`}>
      <p className="hint">
        {MSG.sessionHeading(
          session.id,
          formatDateTime(session.startTime, locale),
          formatDateTime(session.endTime, locale),
        )}
        ; {MSG.sessionApprovedOfMax(session.reserved, session.maxBoat)}
      </p>
      <DataTable
        columns={teamColumnsOf(t)}
        rows={teams}
        rowKey={(r) => r.id}
        caption={MSG.sessionTeamsCaption(session.id)}
      />
    </Dialog>
  );
}
