// /events/teams/:teamId (MANAGER, ADMIN): pick the crew of one event team, reached from 'Assigned
// Events' (Pick Crew). A manager sees and saves their own club's teams only: another club's team,
// a deleted event's or an unknown id is 404 and shows nothing. After the crew deadline a manager
// sees why the checkboxes are gone; ADMIN can still save (also on /teams/manage).
// Race day (issue 28 part 3): after the deadline a manager of the club asks for a crew change here
// (Request Crew Change, intent requestChange: services/crew-change.server.ts) and sees the team's
// latest change and its outcome; staff decide on /crew-changes.
import "~/i18n/routes/_app.events_.teams.$teamId";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { CrewPicker } from "~/components/CrewPicker";
import { Screen } from "~/components/Screen";
import { requireRole, requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { answerCrewSave, crewPickerData } from "~/services/crew-form.server";
import { type ChangeRequestForm, teamCrewSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { idParam, notFound } from "~/lib/params.server";
import { findCrewTeam } from "~/models/crew.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { messagesFor } from "~/i18n/locale.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  type ChangeForm,
  type ChangeRefusal,
  CrewChangeRequest,
  CrewChangeState,
} from "~/components/CrewChange";
import type { CrewRefusal } from "~/services/crew-form.server";
import { changeWindowOf, latestChangeOf } from "~/models/crew-change.server";
import { getSettings } from "~/models/settings.server";
import { refusalOf, requestCrewChange } from "~/services/crew-change.server";
import { CHANGE_REASON_MAX, parseReason } from "~/rules/crew-change";
import { formatClock } from "~/rules/timetable";
import type { User } from "~/models/user.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaTitle(matches, (t) => t.LABELS.eventTeamTitle(data?.team.teamName ?? ""));

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Managers (their own club's teams, via scopeOf) and ADMIN.
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER", "ADMIN"]);
  const edition = editionOf(request, user);
  const team = findCrewTeam(edition.id, idParam(params.teamId), scopeOf(user));
  if (!team) notFound();
  const picker = crewPickerData(edition, team, user);
  const change = latestChangeOf(team.teamId) ?? null;
  return json({
    ...picker,
    change,
    changeForm:
      picker.deadline.passed && !picker.deadline.archived
        ? changeFormOf(request, user, edition.id, picker, change?.status === "PENDING")
        : null,
  });
}

/** Request Crew Change, for a manager of the team's club after the crew deadline: the crew, who may
 * join (the club's members who can be picked, not in the crew), or why no change can be asked. */
function changeFormOf(
  request: Request,
  user: User,
  editionId: number,
  picker: ReturnType<typeof crewPickerData>,
  pending: boolean,
): ChangeForm | null {
  if (user.role !== "MANAGER") return null;
  const { MSG } = messagesFor(request);
  const window = changeWindowOf(editionId, picker.team.teamId);
  return {
    closed: pending
      ? MSG.ccPending
      : window.kind === "noRaces"
        ? MSG.ccNoRaces
        : window.kind === "tooLate"
          ? MSG.ccTooLate(window.raceNumber ?? "", formatClock(window.at))
          : null,
    cutoffMinutes: getSettings(editionId).crewChangeCutoffMinutes,
    crew: picker.crew.map(({ id, name }) => ({ id, name })),
    joiners: picker.eligible.filter((m) => !m.selected).map(({ id, name }) => ({ id, name })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Managers (their own club's teams, via scopeOf) and ADMIN.
  const user = await requireUser(request, "events");
  requireRole(user, ["MANAGER", "ADMIN"]);
  const teamId = idParam(params.teamId);
  const { value: asked } = await parseFixedForm(request, teamCrewSchema);
  if (asked.intent === "requestChange") return answerChangeRequest(request, user, teamId, asked);
  const editionId = editionOf(request, user).id;
  return answerCrewSave(
    request,
    user,
    editionId,
    scopeOf(user),
    teamId,
    asked.member,
    `/events/teams/${teamId}`,
  );
}

/** Request Crew Change (a manager of the team's club only: their scope): a redirect with the
 * toast, or the refusal with what was sent. */
function answerChangeRequest(request: Request, user: User, teamId: number, asked: ChangeRequestForm) {
  requireRole(user, ["MANAGER"]);
  // The page caps the box (maxLength); a far longer one is forged (the schema's 400).
  const { leave: leaving, join: joining, reason: raw = "" } = asked;
  const t = messagesFor(request);
  const editionId = editionOf(request, user).id;
  const refuse = (message: string, status: number) =>
    json<ChangeRefusal>(
      { ccError: message, leaving, joining, reason: raw.slice(0, CHANGE_REASON_MAX) },
      status,
    );
  const reason = parseReason(raw);
  if (!reason.ok)
    return refuse(
      reason.code === "empty" ? t.MSG.ccReasonEmpty : t.MSG.tooLong(t.LABELS.ccReason, CHANGE_REASON_MAX),
      400,
    );
  const result = requestCrewChange(
    user,
    editionId,
    scopeOf(user),
    { teamId, leaving, joining, reason: reason.reason },
    t,
  );
  if (result.ok)
    return redirectWithToast(request, `/events/teams/${teamId}`, {
      type: "success",
      message: t.MSG.ccRequested,
    });
  if (result.code === "gone") throw new Response("Not Found", { status: 404 });
  const { message, status } = refusalOf(t, result);
  return refuse(message, status);
}

export default function PickCrew() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CrewRefusal | ChangeRefusal | undefined;
  const refusal = answer && "ids" in answer ? answer : null;
  const changeRefusal = answer && "ccError" in answer ? answer : null;
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
      {data.change ? <CrewChangeState change={data.change} /> : null}
      <CrewPicker data={data} refusal={refusal} />
      {data.changeForm ? <CrewChangeRequest form={data.changeForm} refusal={changeRefusal} /> : null}
    </Screen>
  );
}
