// /my-races (MANAGER: every team of the club; COMPETITOR: the teams they paddle in; issue 28 part 4):
// each race with its number, event, round, team, lane, scheduled start and, when the day runs late,
// the expected one ("12:06, expected 12:18"), its state and the place once there are results. One
// query; cards on a phone. Below, the calendar feed's link (/my-races.ics?key=...): made by a POST
// (Make Calendar Link; never by a page view), copied with Copy Calendar Link, replaced by Regenerate
// (its confirmation step is the child route /my-races/regenerate). The profile's "Email me when my
// race is called" box posts here too (intent callEmails) and goes back to the profile.
import "~/i18n/routes/_app.my-races";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { CopyField } from "~/components/CopyField";
import { type Column, DataTable } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import { Screen } from "~/components/Screen";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { env } from "~/lib/env.server";
import { parseFixedForm } from "~/lib/forms.server";
import { myRacesSchema } from "~/lib/schemas.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Bundle } from "~/messages";
import {
  calendarKeyOf,
  makeCalendarKey,
  type MyRace,
  myRaces,
  setCallEmails,
} from "~/models/my-races.server";
import { latestStart } from "~/models/race-control.server";
import { roundState, stateLabel } from "~/rules/results";
import { delayKind, delayMinutes, expectedStart, formatClock, formatRaceTime } from "~/rules/timetable";
import styles from "~/styles/my-races.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.NAV.myRaces);

/** The feed's address for a key. */
export function calendarLink(key: string): string {
  return `${env().APP_URL}/my-races.ics?key=${encodeURIComponent(key)}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "myRaces");
  const edition = editionOf(request, user);
  const key = calendarKeyOf(user.id);
  return json({
    rows: myRaces(edition.id, user),
    delay: delayMinutes(latestStart(edition.id)),
    calendar: key ? calendarLink(key) : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "myRaces");
  const { MSG } = messagesFor(request);
  const { value } = await parseFixedForm(request, myRacesSchema());
  if (value.intent === "makeKey") {
    makeCalendarKey(user.id);
    return redirectWithToast(request, "/my-races", { type: "success", message: MSG.mrKeyMade });
  }
  const on = value.callEmails === "on";
  setCallEmails(user.id, on);
  return redirectWithToast(request, "/", {
    type: "success",
    message: on ? MSG.mrCallOn : MSG.mrCallOffSaved,
  });
}

type Row = MyRace;

/** "05/12 12:06", "05/12 12:06, expected 12:18" (the day runs late, not started yet), "Started
 * 12:20"; "Not scheduled". */
export function startText({ LABELS }: Bundle, r: Row, delay: number | null): string {
  if (r.startedAt !== null) return LABELS.mrStartedAt(formatRaceTime(r.startedAt));
  if (r.scheduledAt === null) return LABELS.mrNotScheduled;
  const scheduled = formatRaceTime(r.scheduledAt);
  // Results saved without a Start: the race is over, no longer expected.
  if (r.resultState !== "NONE") return scheduled;
  const expected = expectedStart(r.scheduledAt, delay) as number;
  return expected === r.scheduledAt ? scheduled : LABELS.mrExpected(scheduled, formatClock(expected));
}

function columns(t: Bundle, delay: number | null): Column<Row>[] {
  const { LABELS } = t;
  return [
    { label: LABELS.mrRace, cell: (r) => (r.raceNumber === null ? "—" : LABELS.mrRaceN(r.raceNumber)) },
    { label: LABELS.event, cell: (r) => r.eventName },
    { label: LABELS.round, cell: (r) => r.roundName },
    { label: LABELS.team, cell: (r) => r.teamName },
    { label: LABELS.rsLane, cell: (r) => r.lane },
    { label: LABELS.mrStart, cell: (r) => startText(t, r, delay) },
    { label: LABELS.mrState, cell: (r) => stateLabel(LABELS, roundState(r), r.revision) },
    {
      label: LABELS.rsPlace,
      cell: (r) => (r.resultState !== "NONE" && r.place !== null ? r.place : "—"),
    },
  ];
}

export default function MyRaces() {
  const data = useLoaderData<typeof loader>();
  const t = useMessages();
  const { LABELS } = t;
  const late = data.delay === null ? null : delayKind(data.delay);
  return (
    <Screen title={LABELS.mrTitle}>
      {late && late.kind !== "onTime" ? (
        <p className="notice" role="status">
          {late.kind === "late" ? LABELS.mrRunningLate(late.minutes) : LABELS.mrRunningEarly(late.minutes)}
        </p>
      ) : null}
      <div className="my-races-list">
        <DataTable
          columns={columns(t, data.delay)}
          rows={data.rows}
          rowKey={(r) => `${r.roundId}-${r.teamId}`}
          caption={LABELS.mrCaption}
          empty={LABELS.mrEmpty}
          cards
        />
      </div>
      <section className="card my-races-calendar" aria-labelledby="my-calendar">
        <h2 id="my-calendar">{LABELS.mrCalendar}</h2>
        <p className="hint">{LABELS.mrCalendarHint}</p>
        {data.calendar ? (
          <>
            <CopyField
              id="calendar-link"
              label={LABELS.mrCalendarLink}
              value={data.calendar}
              copyLabel={LABELS.mrCopyCalendarLink}
            />
            <div className="actions">
              <Link to="/my-races/regenerate" className="btn" preventScrollReset>
                {LABELS.mrRegenerate}
              </Link>
            </div>
          </>
        ) : (
          <PostForm task={LABELS.mrTaskKey} className="actions">
            <input type="hidden" name="intent" value="makeKey" />
            <button type="submit" className="btn btn-primary">
              {LABELS.mrMakeCalendarLink}
            </button>
          </PostForm>
        )}
      </section>
      <Outlet />
    </Screen>
  );
}
