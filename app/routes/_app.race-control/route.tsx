// /race-control (ADMIN, COMMITTEE; issue 20 section 1): the races of live events in race-number
// order (rounds without a number below, "Not scheduled"), how late the day runs, Start per race,
// the day's FinishLynx files and start lists, the notice, and for ADMIN Schedule (tick rounds,
// number them from a first race number, a first start and minutes between races). Every form is a
// plain POST to this route (intent: start, undoStart, schedule, reseed, postNotice, removeNotice,
// issue 28's markReady, undoReady: the Ready column, ./Readiness.tsx, and markBack: the On the
// water panel), so all of it works without JavaScript. One page: a regatta's 130 races (two days) fit, and the query stops at
// TIMETABLE_MAX rows; the Day filter (`?day=`, a GET form) shows one race day and the
// rounds without a start, and every form on it comes back to that day. Issue 30: the action
// dispatches on rules/race-control-schema's raceControlSchema (a zod discriminated union on
// `intent`), one handler per intent in ./intents.server.ts; the page's sections beside this file.
// The two tables are written on the server as HTML (./tables.server.ts: issue 30, ADR 0022).
import "~/i18n/routes/_app.race-control";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CsvLink, FilterForm } from "~/components/DataTable";
import { HtmlTable } from "~/components/HtmlForms";
import { FilterSelect } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { hasRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseFixedForm } from "~/lib/forms.server";
import { forDocument } from "~/lib/handoff.server";
import { raceControlSchema } from "~/lib/schemas.server";
import { currentNotice } from "~/models/notice.server";
import { latestStart } from "~/models/race-control.server";
import { delayKind, delayMinutes } from "~/rules/timetable";
import styles from "~/styles/race-control.css";
import readinessStyles from "~/styles/readiness.css";
import { pageTablesOf, tablesOf, timetableOf } from "./tables.server";
import { OnTheWater } from "./OnTheWater";
import { markBackIntent, onWaterData } from "./on-the-water.server";
import {
  type ActionData,
  type Control,
  postNoticeIntent,
  readyIntent,
  removeNoticeIntent,
  reseedIntent,
  scheduleIntent,
  startIntent,
} from "./intents.server";
import { NoticePanel } from "./NoticePanel";
import { ScheduleForm } from "./ScheduleForm";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: readinessStyles },
];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.NAV.raceControl);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const admin = hasRole(user, "ADMIN");
  const { days, day, tables } = pageTablesOf(request, edition.id, admin);
  return json({
    admin,
    // A document's tables go to the render beside the data, not through it (lib/handoff.server.ts).
    tables: {
      count: tables.count,
      scheduled: forDocument(context, "rc-timetable", tables.scheduled),
      unscheduled: forDocument(context, "rc-unscheduled-table", tables.unscheduled),
    },
    // The whole edition's, whichever day is shown.
    delay: delayMinutes(latestStart(edition.id)),
    days,
    day,
    notice: currentNotice(edition.id),
    onWater: onWaterData(edition.id), // issue 28 part 2
  });
}

const HERE = "/race-control";

/** Back to race control on the day it was showing (a form posts to the URL with its query). */
function hereOf(request: Request): string {
  const raw = new URL(request.url).searchParams.get("day");
  return raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${HERE}?day=${raw}` : HERE;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const t = messagesFor(request);
  const { form, value } = await parseFixedForm(request, raceControlSchema);
  const c = { request, editionId: edition.id, user, t, form, here: hereOf(request) };
  switch (value.intent) {
    case "start":
    case "undoStart":
      return startIntent(c, value.intent, value.id);
    case "schedule":
      return withTables(c, scheduleIntent(c));
    case "reseed":
      return reseedIntent(c, value.id);
    case "postNotice":
      return postNoticeIntent(c);
    case "removeNotice":
      return removeNoticeIntent(c, value.id);
    case "markBack":
      return markBackIntent(request, edition.id, user, form, t, c.here);
    case "markReady":
    case "undoReady":
      return withTables(c, readyIntent(c, HERE));
  }
}

/** A refused Schedule or Mark Ready with the tables as they were sent: the boxes ticked, the
 * lane's reason and why (the loader's tables cannot know them). */
async function withTables(c: Control, sent: Response | Promise<Response>) {
  const answer = await sent;
  if (answer.status < 400) return answer;
  const data = (await answer.json()) as ActionData;
  const ticked = new Set(c.form.getAll("ids").map(Number).filter(Number.isSafeInteger));
  const admin = hasRole(c.user, "ADMIN");
  const tables = tablesOf(c.request, c.t, admin, timetableOf(c.request, c.editionId), {
    ticked,
    failed: data.ready,
  });
  return json<ActionData>({ ...data, tables }, { status: answer.status, headers: answer.headers });
}

export default function RaceControl() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as ActionData | undefined;
  const t = useMessages();
  const { LABELS, NAV } = t;
  // The form a refusal answers (the other starts empty); a refused Schedule or Mark Ready brings
  // the tables as they were sent (the boxes ticked, the lane's reason).
  const result = acted?.result;
  const sent = (result?.initialValue ?? {}) as Record<string, unknown>;
  const scheduleResult = sent.intent === "schedule" ? result : undefined;
  const noticeResult = sent.intent === "postNotice" ? result : undefined;
  const tables = acted?.tables ?? data.tables;
  return (
    <Screen title={NAV.raceControl} actions={<CsvLink href="/race-control.csv" />}>
      <Toasts toasts={[acted?.toast]} />
      <p className="rc-delay" data-testid="rc-delay">
        <strong>{delayText(t, data.delay)}</strong>
      </p>

      <NoticePanel notice={data.notice} lastResult={noticeResult} />
      <OnTheWater data={data.onWater} day={data.day} />

      {data.days.length > 1 ? (
        <FilterForm submitLabel={LABELS.filter}>
          <FilterSelect
            name="day"
            label={LABELS.rcDay}
            value={data.day ?? ""}
            choices={[["", LABELS.rcAllDays], ...data.days.map((d) => [d, dayPrinted(d)] as const)]}
          />
        </FilterForm>
      ) : null}

      {tables.count === 0 || !tables.scheduled ? (
        <p className="empty">{LABELS.rcNoRounds}</p>
      ) : (
        <HtmlTable id="rc-timetable" html={tables.scheduled} />
      )}
      {tables.unscheduled ? (
        <section aria-labelledby="rc-unscheduled">
          <h2 id="rc-unscheduled" className="table-title">
            {LABELS.rcNotScheduled}
          </h2>
          <p className="hint">{LABELS.rcNotScheduledHint}</p>
          <HtmlTable id="rc-unscheduled-table" html={tables.unscheduled} />
        </section>
      ) : null}

      {data.admin && tables.count > 0 ? <ScheduleForm lastResult={scheduleResult} /> : null}

      <section className="rc-files" aria-labelledby="rc-files">
        <h2 id="rc-files" className="table-title">
          {LABELS.rcFinishLynx}
        </h2>
        <p className="row-actions">
          <a href="/race-control/lynx.sch" className="btn btn-small">
            {LABELS.rcLynxSch}
          </a>{" "}
          <a href="/race-control/lynx.ppl" className="btn btn-small">
            {LABELS.rcLynxPpl}
          </a>{" "}
          {data.days.map((day) => (
            <a key={day} href={`/race-control/start-lists.pdf?day=${day}`} className="btn btn-small">
              {LABELS.rcStartListsOfDay(dayPrinted(day))}
            </a>
          ))}{" "}
          <a href="/race-control/awards.pdf" className="btn btn-small">
            {LABELS.rcAwardsPdf}
          </a>
        </p>
      </section>
    </Screen>
  );
}

/** "2027-01-09" as the day is printed elsewhere: "09/01/2027". */
const dayPrinted = (day: string) => day.split("-").reverse().join("/");

function delayText({ LABELS }: Bundle, delay: number | null): string {
  if (delay === null) return LABELS.rcNoStartYet;
  const d = delayKind(delay);
  return d.kind === "late"
    ? LABELS.rcRunningLate(d.minutes)
    : d.kind === "early"
      ? LABELS.rcRunningEarly(d.minutes)
      : LABELS.rcOnTime;
}
