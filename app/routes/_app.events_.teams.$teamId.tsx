// /events/teams/:teamId (MANAGER, ADMIN): pick the crew of one event team, reached from 'Assigned
// Events' (Pick Crew). A manager sees and saves their own club's teams only: another club's team,
// a deleted event's or an unknown id is 404 and shows nothing. After the crew deadline a manager
// sees why the checkboxes are gone; ADMIN can still save (also on /teams/manage).
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { CrewPicker } from "~/components/CrewPicker";
import { Screen } from "~/components/Screen";
import { requireRole, requireUser, scopeOf } from "~/lib/access.server";
import { editionOf } from "~/lib/edition.server";
import { answerCrewSave, crewPickerData } from "~/services/crew-form.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { findCrewTeam, parseCrewIds } from "~/models/crew.server";
import { useMessages } from "~/i18n/useMessages";
import { metaTitle } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaTitle(matches, (t) => t.LABELS.eventTeamTitle(data?.team.teamName ?? ""));

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Managers (their own club's teams, via scopeOf) and ADMIN.
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER", "ADMIN"]);
  const edition = editionOf(request, user);
  const team = findCrewTeam(edition.id, idParam(params.teamId), scopeOf(user));
  if (!team) notFound();
  return json(crewPickerData(edition, team, user));
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Managers (their own club's teams, via scopeOf) and ADMIN.
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER", "ADMIN"]);
  const teamId = idParam(params.teamId);
  const { form } = await parseForm(request, NO_FIELDS);
  const ids = parseCrewIds(form.getAll("member"));
  if (ids === null) throw new Response("Bad Request", { status: 400 });
  const editionId = editionOf(request, user).id;
  return answerCrewSave(request, user, editionId, scopeOf(user), teamId, ids, `/events/teams/${teamId}`);
}

export default function PickCrew() {
  const data = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { LABELS } = useMessages();
  return (
    <Screen
      title={LABELS.eventTeamTitle(data.team.teamName)}
      actions={
        <FastLink to="/events" className="btn">
          {LABELS.backToEvents}
        </FastLink>
      }
    >
      <CrewPicker data={data} refusal={refusal} />
    </Screen>
  );
}
