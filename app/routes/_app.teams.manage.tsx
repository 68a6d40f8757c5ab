// /teams/manage (ADMIN): 'Manage Event Teams'. Pick an association (GET ?association=), then one
// of its event teams (?team=), then tick the crew in the same picker as the manager's
// (components/CrewPicker.tsx). Two plain GET forms with their buttons, so it works without
// JavaScript; they do not submit themselves on change (a keyboard user moving through a select
// would leave the page at every step). ADMIN is not bound by the crew deadline; saves are audited
// (models/crew.server.ts saveCrew).
import "~/i18n/routes/_app.teams.manage";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CrewPicker } from "~/components/CrewPicker";
import { SelectStep } from "~/components/SelectStep";
import { Empty, Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { crewSaveSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { crewTeamsOf, findCrewTeam } from "~/models/crew.server";
import { answerCrewSave, crewPickerData } from "~/services/crew-form.server";
import { teamOptions } from "~/models/user-list.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { notFound } from "~/lib/params.server";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.teamsManage);

const ALL = { kind: "all" } as const;

function idOf(raw: FormDataEntryValue | null): number | null {
  return typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "teamsManage");
  const edition = editionOf(request, user);
  const query = new URL(request.url).searchParams;
  const associations = teamOptions();
  const askedAssociation = idOf(query.get("association"));
  const askedTeam = idOf(query.get("team"));
  let team = askedTeam === null ? undefined : findCrewTeam(edition.id, askedTeam, ALL);
  // A team of another association than the one asked for (the association was changed): start again
  // from that association's teams.
  if (team && askedAssociation !== null && team.associationId !== askedAssociation) team = undefined;
  const associationId =
    team?.associationId ??
    (associations.some((a) => a.id === askedAssociation) ? (askedAssociation as number) : null);
  return json({
    associations,
    associationId,
    teams: associationId === null ? [] : crewTeamsOf(edition.id, associationId),
    teamId: team?.teamId ?? null,
    picker: team ? crewPickerData(edition, team, user) : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "teamsManage");
  const { value } = await parseFixedForm(request, crewSaveSchema);
  const teamId = value.team;
  const editionId = editionOf(request, user).id;
  const team = findCrewTeam(editionId, teamId, ALL);
  if (!team) notFound();
  const back = `/teams/manage?association=${team.associationId}&team=${teamId}`;
  return answerCrewSave(request, user, editionId, ALL, teamId, value.member, back);
}

export default function ManageEventTeams() {
  const data = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { TITLES, LABELS } = useMessages();
  return (
    <Screen title={TITLES.teamsManage}>
      <div className="crew-pickers">
        <SelectStep
          id="pick-association"
          name="association"
          label={LABELS.association}
          placeholder={LABELS.selectAssociation}
          options={data.associations.map((a) => ({ value: a.id, label: a.name }))}
          value={data.associationId}
          submitLabel={LABELS.showTeams}
        />
        {data.associationId !== null ? (
          data.teams.length === 0 ? (
            <Empty text={LABELS.noEventTeams} />
          ) : (
            <SelectStep
              id="pick-team"
              name="team"
              label={LABELS.eventTeam}
              placeholder={LABELS.selectEventTeam}
              options={data.teams.map((t) => ({
                value: t.teamId,
                label: `${t.eventName} — ${t.teamName} (${LABELS.nMembers(t.members)})`,
              }))}
              value={data.teamId}
              hidden={{ association: data.associationId }}
              submitLabel={LABELS.showMembers}
            />
          )
        ) : null}
      </div>
      {data.picker ? (
        <CrewPicker
          key={data.picker.team.teamId}
          data={data.picker}
          refusal={refusal}
          hidden={{ team: String(data.picker.team.teamId) }}
        />
      ) : null}
    </Screen>
  );
}
