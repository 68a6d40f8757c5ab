// /race-control (ADMIN, COMMITTEE; issue 20 section 1): the races of live events in race-number
// order (rounds without a number below, "Not scheduled"), how late the day runs, Start per race,
// the day's FinishLynx files and start lists, the notice, and for ADMIN Schedule (tick rounds,
// number them from a first race number, a first start and minutes between races). Every form is a
// plain POST to this route (intent: start, undoStart, schedule, reseed, postNotice, removeNotice,
// and issue 28's markReady, undoReady: the Ready column, ./Readiness.tsx), so all of it works
// without JavaScript. One page: a regatta's 130 races (two days) fit, and the query stops at
// TIMETABLE_MAX rows; the Day filter (`?day=`, a GET form) shows one race day and the
// rounds without a start, and every form on it comes back to that day.
import "~/i18n/routes/_app.race-control";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm } from "~/components/DataTable";
import { Field, TextareaField } from "~/components/Field";
import { FilterSelect } from "~/components/ListToolbar";
import { PostForm } from "~/components/PostForm";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { hasRole, requireUser } from "~/lib/access.server";
import { editionOf } from "~/lib/edition.server";
import { firstError, NO_FIELDS, parseFormWith, replyWithError } from "~/lib/forms.server";
import { metaTitle } from "~/lib/meta";
import { parseDay } from "~/lib/race-pdf.server";
import { noticeSchemaFor, SCHEDULE_FORGED, scheduleSchemaFor } from "~/lib/schemas.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Bundle } from "~/messages";
import { currentNotice, postNotice, removeNotice } from "~/models/notice.server";
import { reseedRound, staleSeedings } from "~/models/progression.server";
import {
  latestStart,
  raceDays,
  scheduleRounds,
  startRound,
  TIMETABLE_MAX,
  timetable,
  undoStart,
} from "~/models/race-control.server";
import type { ScheduleValue } from "~/rules/race-control-schema";
import { parseId } from "~/rules/race-fields";
import { delayKind, delayMinutes, GAP_MINUTES_MAX, NOTICE_MAX, RACE_NUMBER_MAX } from "~/rules/timetable";
import styles from "~/styles/race-control.css";
import readinessStyles from "~/styles/readiness.css";
import type { ReadyFailure } from "~/components/LaneReadiness";
import { readinessOf } from "~/models/readiness.server";
import { isReadyIntent, readyAction, readyBack } from "~/services/readiness.server";
import { readinessOfPage, readyColumn } from "./Readiness";
import { columnsOf, raceLabel, SCHEDULE_FORM } from "./table";
import { OnTheWater } from "./OnTheWater";
import { markBackIntent, onWaterData } from "./on-the-water.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: readinessStyles },
];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.NAV.raceControl);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const days = raceDays(edition.id);
  const day = dayOf(request, days);
  const rows = timetable(edition.id, TIMETABLE_MAX, day ? (parseDay(day) ?? undefined) : undefined);
  return json({
    admin: hasRole(user, "ADMIN"),
    rows,
    // The whole edition's, whichever day is shown.
    delay: delayMinutes(latestStart(edition.id)),
    days,
    day,
    notice: currentNotice(edition.id),
    stale: staleSeedings(edition.id),
    onWater: onWaterData(edition.id), // issue 28 part 2
    // Every lane of every round on the page, Ready or not: one query (issue 28).
    readiness: readinessOfPage(
      readinessOf(
        edition.id,
        rows.map((r) => r.id),
      ),
    ),
  });
}

type ActionData = { toast: Toast; result?: SubmissionResult<string[]>; ready?: ReadyFailure };

const HERE = "/race-control";

/** The Day filter (`?day=yyyy-MM-dd`): one of the edition's race days, else every day. */
function dayOf(request: Request, days: string[]): string | null {
  const raw = new URL(request.url).searchParams.get("day");
  return raw && days.includes(raw) ? raw : null;
}

/** Back to race control on the day it was showing (a form posts to the URL with its query). */
function hereOf(request: Request): string {
  const raw = new URL(request.url).searchParams.get("day");
  return raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${HERE}?day=${raw}` : HERE;
}
const bad = () => new Response("Bad Request", { status: 400 });

/** The schema of the form a POST came from (Schedule and Post Notice are typed into; the others
 * carry ids only and are read by hand below). */
const schemaOf = (t: Bundle) => (form: FormData) =>
  form.get("intent") === "schedule"
    ? scheduleSchemaFor(t)
    : form.get("intent") === "postNotice"
      ? noticeSchemaFor(t)
      : NO_FIELDS;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const t = messagesFor(request);
  const { LABELS } = t;
  const { form, submission } = await parseFormWith(request, schemaOf(t));
  const intent = form.get("intent");
  const refuse = (message: string, status = 400) =>
    json<ActionData>({ toast: { type: "error", message } }, status);
  const refuseForm = (message: string, status = 400) => replyWithError(submission, message, { status });
  const done = (message: string) => redirectWithToast(request, hereOf(request), { type: "success", message });

  if (isReadyIntent(form)) {
    const answer = readyAction(form, edition.id, user, t);
    if (answer.ok)
      return redirectWithToast(request, readyBack(request, HERE), {
        type: "success",
        message: answer.message,
      });
    const { raceId, message, reason } = answer;
    return json<ActionData>(
      { toast: { type: "error", message }, ready: { raceId, message, reason } },
      answer.status,
    );
  }

  if (intent === "start" || intent === "undoStart") {
    const id = parseId(form.get("id"));
    if (id === null) throw bad();
    const result = intent === "start" ? startRound(edition.id, user, id) : undoStart(edition.id, user, id);
    if (!result.ok) {
      const message = {
        notFound: LABELS.rcRoundGone,
        started: LABELS.rcAlreadyStarted,
        results: LABELS.rcHasResults,
        notStarted: LABELS.rcNotStarted,
      }[result.error];
      return refuse(message, result.error === "notFound" ? 404 : 409);
    }
    const row = timetable(edition.id).find((r) => r.id === id);
    const name = row ? raceLabel(t, row) : "";
    return done(intent === "start" ? LABELS.rcStartedDone(name) : LABELS.rcStartUndoneDone(name));
  }

  if (intent === "schedule") {
    // Timetable changes are ADMIN's (issue 20 section 7); COMMITTEE runs the day.
    if (!hasRole(user, "ADMIN")) throw new Response("Forbidden", { status: 403 });
    if (submission.status !== "success") {
      if (
        Object.values(submission.error ?? {})
          .flat()
          .includes(SCHEDULE_FORGED)
      )
        throw bad();
      return refuseForm(firstError(submission) ?? LABELS.rcScheduleNone);
    }
    const { ids, firstNumber, firstStart, gapMinutes } = submission.value as unknown as ScheduleValue;
    const result = scheduleRounds(edition.id, user, { ids, firstNumber, firstStart, gapMinutes });
    if (!result.ok) {
      const message =
        result.error === "clash"
          ? LABELS.rcScheduleClash(result.clashes.map((c) => `${c.raceNumber} (${c.holder})`).join(", "))
          : result.error === "range"
            ? LABELS.rcScheduleRange(result.last, RACE_NUMBER_MAX)
            : result.error === "notFound"
              ? LABELS.rcScheduleGone
              : LABELS.rcScheduleNone;
      return refuseForm(message, result.error === "none" ? 400 : 409);
    }
    return done(LABELS.rcScheduledDone(result.plan.length));
  }

  if (intent === "reseed") {
    // A seeded round whose source rounds were revised since: seeded again (ADMIN, as the plans).
    if (!hasRole(user, "ADMIN")) throw new Response("Forbidden", { status: 403 });
    const id = parseId(form.get("id"));
    if (id === null) throw bad();
    const result = reseedRound(edition.id, user, id);
    if (!result.ok) {
      const message = {
        notFound: LABELS.rcRoundGone,
        notSeeded: LABELS.pgUnseedNotSeeded,
        noPlan: LABELS.pgReseedNoPlan,
        notOfficial: LABELS.pgReseedNotOfficial,
        hasResults: LABELS.pgReseedHasResults,
        cannotDecide: LABELS.pgReseedCannotDecide,
      }[result.error];
      return refuse(message, result.error === "notFound" ? 404 : 409);
    }
    return done(LABELS.pgReseeded(result.name, result.crews));
  }

  if (intent === "postNotice") {
    // A page sends the box (maxLength NOTICE_MAX); a missing or far longer one is forged.
    const raw = form.get("notice");
    if (typeof raw !== "string" || raw.length > NOTICE_MAX * 4) throw bad();
    if (submission.status !== "success") return refuseForm(firstError(submission) ?? LABELS.rcNoticeEmpty);
    const result = postNotice(edition.id, user, (submission.value as unknown as { notice: string }).notice);
    if (!result.ok) {
      const message =
        result.error === "tooLong" ? t.MSG.tooLong(LABELS.rcNotice, NOTICE_MAX) : LABELS.rcNoticeEmpty;
      return refuseForm(message);
    }
    return done(LABELS.rcNoticePosted);
  }

  if (intent === "markBack") return markBackIntent(request, edition.id, user, form, t, hereOf(request));

  if (intent === "removeNotice") {
    const id = parseId(form.get("id"));
    if (id === null) throw bad();
    const result = removeNotice(edition.id, user, id);
    if (!result.ok) return refuse(LABELS.rcNoticeGone, 409);
    return done(LABELS.rcNoticeRemoved);
  }

  throw bad();
}

export default function RaceControl() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as ActionData | undefined;
  const t = useMessages();
  const { LABELS, NAV } = t;
  // The form a refusal answers (the other starts empty), and the rounds it had ticked.
  const result = acted?.result;
  const sent = (result?.initialValue ?? {}) as Record<string, unknown>;
  const scheduleResult = sent.intent === "schedule" ? result : undefined;
  const noticeResult = sent.intent === "postNotice" ? result : undefined;
  const ticked = new Set([sent.ids ?? []].flat().map(Number));
  const columns = columnsOf(t, data.admin, ticked, data.stale, readyColumn(t, data.readiness, acted?.ready));
  const scheduled = data.rows.filter((r) => r.raceNumber !== null);
  const unscheduled = data.rows.filter((r) => r.raceNumber === null);
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

      {data.rows.length === 0 ? (
        <p className="empty">{LABELS.rcNoRounds}</p>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={scheduled}
            rowKey={(r) => r.id}
            caption={LABELS.rcTimetableCaption}
            empty={LABELS.rcNoRounds}
          />
          {unscheduled.length > 0 ? (
            <section aria-labelledby="rc-unscheduled">
              <h2 id="rc-unscheduled" className="table-title">
                {LABELS.rcNotScheduled}
              </h2>
              <p className="hint">{LABELS.rcNotScheduledHint}</p>
              <DataTable
                columns={columns}
                rows={unscheduled}
                rowKey={(r) => r.id}
                caption={LABELS.rcUnscheduledCaption}
              />
            </section>
          ) : null}
        </>
      )}

      {data.admin && data.rows.length > 0 ? <ScheduleForm lastResult={scheduleResult} /> : null}

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

function delayText({ LABELS }: ReturnType<typeof useMessages>, delay: number | null): string {
  if (delay === null) return LABELS.rcNoStartYet;
  const d = delayKind(delay);
  return d.kind === "late"
    ? LABELS.rcRunningLate(d.minutes)
    : d.kind === "early"
      ? LABELS.rcRunningEarly(d.minutes)
      : LABELS.rcOnTime;
}

function NoticePanel({
  notice,
  lastResult,
}: {
  notice: { id: number; text: string } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { LABELS } = useMessages();
  return (
    <section className="rc-notice card" aria-labelledby="rc-notice-head">
      <h2 id="rc-notice-head" className="table-title">
        {LABELS.rcNotice}
      </h2>
      {notice ? (
        <div className="rc-notice-current">
          <p>
            <small className="hint">{LABELS.rcCurrentNotice}</small>
          </p>
          <p className="rc-notice-text" data-testid="rc-notice">
            {notice.text}
          </p>
          <PostForm task={LABELS.rcTaskRemovingNotice} preventScrollReset>
            <input type="hidden" name="intent" value="removeNotice" />
            <input type="hidden" name="id" value={notice.id} />
            <button type="submit" className="btn btn-small" aria-label={LABELS.rcRemoveNotice}>
              {LABELS.rcRemove}
            </button>
          </PostForm>
        </div>
      ) : (
        <p className="hint">{LABELS.rcNoNotice}</p>
      )}
      {/* A posted notice starts the box again empty. */}
      <NoticeForm key={notice?.id ?? 0} lastResult={lastResult} />
    </section>
  );
}

function NoticeForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { LABELS } = useMessages();
  const [form, fields] = useForm<{ notice: string }>({ id: "rc-notice-form", lastResult });
  return (
    <PostForm task={LABELS.rcTaskPostingNotice} preventScrollReset {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="postNotice" />
      <TextareaField
        label={LABELS.rcNotice}
        field={fields.notice}
        hint={LABELS.rcNoticeHint}
        rows={2}
        maxLength={NOTICE_MAX}
        required
      />
      <button type="submit" className="btn btn-primary">
        {LABELS.rcPostNotice}
      </button>
    </PostForm>
  );
}

function ScheduleForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { LABELS } = useMessages();
  const [form, fields] = useForm<{
    firstNumber: string;
    firstStart: string;
    gapMinutes: string;
    ids: string[];
  }>({
    id: SCHEDULE_FORM,
    defaultValue: { gapMinutes: "6" },
    lastResult,
  });
  return (
    <section className="rc-schedule card" aria-labelledby="rc-schedule-head">
      <h2 id="rc-schedule-head" className="table-title">
        {LABELS.rcSchedule}
      </h2>
      <p className="hint" id="rc-schedule-hint">
        {LABELS.rcScheduleHint}
      </p>
      <PostForm
        task={LABELS.rcTaskScheduling}
        preventScrollReset
        className="rc-schedule-form"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="schedule" />
        <Field label={LABELS.rcFirstRaceNumber} field={fields.firstNumber}>
          <input
            {...getInputProps(fields.firstNumber, { type: "number" })}
            min={1}
            max={RACE_NUMBER_MAX}
            step={1}
            inputMode="numeric"
            required
          />
        </Field>
        <Field label={LABELS.rcFirstStart} field={fields.firstStart}>
          <input {...getInputProps(fields.firstStart, { type: "datetime-local" })} required />
        </Field>
        <Field label={LABELS.rcGapMinutes} field={fields.gapMinutes}>
          <input
            {...getInputProps(fields.gapMinutes, { type: "number" })}
            min={1}
            max={GAP_MINUTES_MAX}
            step={1}
            inputMode="numeric"
            required
          />
        </Field>
        <button type="submit" className="btn btn-primary">
          {LABELS.rcSchedule}
        </button>
      </PostForm>
    </section>
  );
}
