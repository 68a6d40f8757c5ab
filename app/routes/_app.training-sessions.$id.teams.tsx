// /training-sessions/:id/teams (ADMIN, COMMITTEE): 'Reserved Teams' over the sessions table: each
// team with APPROVED boats in the session and its boats (pending, rejected and cancelled requests
// do not count), by team name.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { type Column, DataTable } from "~/components/DataTable";
import { Dialog } from "~/components/Dialog";
import { requireUser } from "~/lib/access.server";
import { findSession, reservedTeams } from "~/models/training.server";
import { formatDateTime } from "~/rules/format";
import { parseId } from "~/rules/race-fields";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "trainingSessions");
  const id = parseId(params.id);
  const session = id === null ? undefined : findSession(id);
  if (!session) throw new Response("Not Found", { status: 404 });
  return json({ session, teams: reservedTeams(session.id) });
}

type TeamRow = { associationId: number; team: string; boats: number };
const teamColumns: Column<TeamRow>[] = [
  { label: "Team", cell: (r) => r.team, className: "cell-text" },
  { label: "Boat(s)", cell: (r) => r.boats },
];

export default function ReservedTeams() {
  const { session, teams } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Dialog title="Reserved Teams" closeTo={`/training-sessions${search}`}>
      <p className="hint">
        Session #{session.id}: {formatDateTime(session.startTime)} to {formatDateTime(session.endTime)};{" "}
        {session.reserved} of {session.maxBoat} {session.maxBoat === 1 ? "boat" : "boats"} approved.
      </p>
      <DataTable
        columns={teamColumns}
        rows={teams}
        rowKey={(r) => r.associationId}
        caption={`Reserved Teams of session #${session.id}`}
      />
    </Dialog>
  );
}
