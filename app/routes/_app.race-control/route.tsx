// /race-control (ADMIN, COMMITTEE; issue 20 section 1): the races of live events in race-number
// order (rounds without a number below, "Not scheduled"), how late the day runs, Start per race,
// the day's FinishLynx files and start lists, the notice, and for ADMIN Schedule (tick rounds,
// number them from a first race number, a first start and minutes between races). Every form is a
// plain POST to this route (intent: start, undoStart, schedule, postNotice, removeNotice), so all
// of it works without JavaScript. One page: a regatta's 130 races (two days) fit, and the query
// stops at TIMETABLE_MAX rows.
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { hasRole, requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import { metaTitle } from "~/lib/meta";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { currentNotice, NOTICE_MAX, postNotice, removeNotice } from "~/models/notice.server";
import { raceDays, scheduleRounds, startRound, timetable, undoStart } from "~/models/race-control.server";
import { parseMalaysiaLocal } from "~/rules/format";
import { parseId } from "~/rules/race-fields";
import { delayKind, delayMinutes, GAP_MINUTES_MAX, RACE_NUMBER_MAX } from "~/rules/timetable";
import styles from "~/styles/race-control.css";
import { columnsOf, raceLabel, SCHEDULE_FORM } from "./table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.NAV.raceControl);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const rows = timetable();
  return json({
    admin: hasRole(user, "ADMIN"),
    rows,
    delay: delayMinutes(rows),
    days: raceDays(),
    notice: currentNotice(),
  });
}

type ScheduleValues = { firstNumber: string; firstStart: string; gapMinutes: string; ids: number[] };
type ActionData = { toast: Toast; schedule?: ScheduleValues; notice?: string };

const HERE = "/race-control";
const bad = () => new Response("Bad Request", { status: 400 });
const text = (form: FormData, name: string, max: number) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, max) : "";
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const t = messagesFor(request);
  const { LABELS } = t;
  const form = await readForm(request);
  const intent = form.get("intent");
  const refuse = (message: string, extra: Omit<ActionData, "toast"> = {}, status = 400) =>
    json<ActionData>({ toast: { type: "error", message }, ...extra }, status);
  const done = (message: string) => redirectWithToast(request, HERE, { type: "success", message });

  if (intent === "start" || intent === "undoStart") {
    const id = parseId(form.get("id"));
    if (id === null) throw bad();
    const result = intent === "start" ? startRound(user, id) : undoStart(user, id);
    if (!result.ok) {
      const message = {
        notFound: LABELS.rcRoundGone,
        started: LABELS.rcAlreadyStarted,
        results: LABELS.rcHasResults,
        notStarted: LABELS.rcNotStarted,
      }[result.error];
      return refuse(message, {}, result.error === "notFound" ? 404 : 409);
    }
    const row = timetable().find((r) => r.id === id);
    const name = row ? raceLabel(t, row) : "";
    return done(intent === "start" ? LABELS.rcStartedDone(name) : LABELS.rcStartUndoneDone(name));
  }

  if (intent === "schedule") {
    // Timetable changes are ADMIN's (issue 20 section 7); COMMITTEE runs the day.
    if (!hasRole(user, "ADMIN")) throw new Response("Forbidden", { status: 403 });
    const raw = form.getAll("ids");
    if (raw.length > 2000) throw bad();
    const ids: number[] = [];
    for (const v of raw) {
      const id = parseId(v);
      if (id === null) throw bad();
      ids.push(id);
    }
    const values: ScheduleValues = {
      firstNumber: text(form, "firstNumber", 10),
      firstStart: text(form, "firstStart", 20),
      gapMinutes: text(form, "gapMinutes", 10),
      ids,
    };
    const firstNumber = /^\s*\d{1,4}\s*$/.test(values.firstNumber) ? Number(values.firstNumber) : 0;
    if (firstNumber < 1 || firstNumber > RACE_NUMBER_MAX)
      return refuse(LABELS.rcRaceNumberRange(RACE_NUMBER_MAX), { schedule: values });
    const firstStart = parseMalaysiaLocal(values.firstStart);
    if (firstStart === null) return refuse(LABELS.rcFirstStartInvalid, { schedule: values });
    const gapMinutes = /^\s*\d{1,3}\s*$/.test(values.gapMinutes) ? Number(values.gapMinutes) : 0;
    if (gapMinutes < 1 || gapMinutes > GAP_MINUTES_MAX)
      return refuse(LABELS.rcGapRange(GAP_MINUTES_MAX), { schedule: values });
    if (ids.length === 0) return refuse(LABELS.rcScheduleNone, { schedule: values });
    const result = scheduleRounds(user, { ids, firstNumber, firstStart, gapMinutes });
    if (!result.ok) {
      const message =
        result.error === "clash"
          ? LABELS.rcScheduleClash(result.clashes.map((c) => `${c.raceNumber} (${c.holder})`).join(", "))
          : result.error === "range"
            ? LABELS.rcScheduleRange(result.last, RACE_NUMBER_MAX)
            : result.error === "notFound"
              ? LABELS.rcScheduleGone
              : LABELS.rcScheduleNone;
      return refuse(message, { schedule: values }, result.error === "none" ? 400 : 409);
    }
    return done(LABELS.rcScheduledDone(result.plan.length));
  }

  if (intent === "postNotice") {
    const raw = form.get("notice");
    if (typeof raw !== "string" || raw.length > NOTICE_MAX * 4) throw bad();
    const result = postNotice(user, raw);
    if (!result.ok) {
      const message =
        result.error === "tooLong" ? t.MSG.tooLong(LABELS.rcNotice, NOTICE_MAX) : LABELS.rcNoticeEmpty;
      return refuse(message, { notice: raw });
    }
    return done(LABELS.rcNoticePosted);
  }

  if (intent === "removeNotice") {
    const id = parseId(form.get("id"));
    if (id === null) throw bad();
    const result = removeNotice(user, id);
    if (!result.ok) return refuse(LABELS.rcNoticeGone, {}, 409);
    return done(LABELS.rcNoticeRemoved);
  }

  throw bad();
}

export default function RaceControl() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as ActionData | undefined;
  const t = useMessages();
  const { LABELS, NAV } = t;
  const ticked = new Set(acted?.schedule?.ids ?? []);
  const columns = columnsOf(t, data.admin, ticked);
  const scheduled = data.rows.filter((r) => r.raceNumber !== null);
  const unscheduled = data.rows.filter((r) => r.raceNumber === null);
  return (
    <Screen title={NAV.raceControl} actions={<CsvLink href="/race-control.csv" />}>
      <Toasts toasts={[acted?.toast]} />
      <p className="rc-delay" data-testid="rc-delay">
        <strong>{delayText(t, data.delay)}</strong>
      </p>

      <NoticePanel notice={data.notice} typed={acted?.notice} />

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

      {data.admin && data.rows.length > 0 ? <ScheduleForm values={acted?.schedule} /> : null}

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
              {LABELS.rcStartListsOfDay(day)}
            </a>
          ))}
        </p>
      </section>
    </Screen>
  );
}

function delayText({ LABELS }: ReturnType<typeof useMessages>, delay: number | null): string {
  if (delay === null) return LABELS.rcNoStartYet;
  const d = delayKind(delay);
  return d.kind === "late"
    ? LABELS.rcRunningLate(d.minutes)
    : d.kind === "early"
      ? LABELS.rcRunningEarly(d.minutes)
      : LABELS.rcOnTime;
}

function NoticePanel({ notice, typed }: { notice: { id: number; text: string } | null; typed?: string }) {
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
      <PostForm task={LABELS.rcTaskPostingNotice} preventScrollReset key={notice?.id ?? 0}>
        <input type="hidden" name="intent" value="postNotice" />
        <div className="field">
          <label htmlFor="rc-notice-text">{LABELS.rcNotice}</label>
          <textarea
            id="rc-notice-text"
            name="notice"
            rows={2}
            maxLength={NOTICE_MAX}
            required
            defaultValue={typed ?? ""}
            aria-describedby="rc-notice-hint"
          />
          <small id="rc-notice-hint" className="hint">
            {LABELS.rcNoticeHint}
          </small>
        </div>
        <button type="submit" className="btn btn-primary">
          {LABELS.rcPostNotice}
        </button>
      </PostForm>
    </section>
  );
}

function ScheduleForm({ values }: { values?: ScheduleValues }) {
  const { LABELS } = useMessages();
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
        id={SCHEDULE_FORM}
        preventScrollReset
        className="rc-schedule-form"
      >
        <input type="hidden" name="intent" value="schedule" />
        <div className="field">
          <label htmlFor="rc-first-number">{LABELS.rcFirstRaceNumber}</label>
          <input
            id="rc-first-number"
            name="firstNumber"
            type="number"
            min={1}
            max={RACE_NUMBER_MAX}
            step={1}
            inputMode="numeric"
            required
            defaultValue={values?.firstNumber ?? ""}
          />
        </div>
        <div className="field">
          <label htmlFor="rc-first-start">{LABELS.rcFirstStart}</label>
          <input
            id="rc-first-start"
            name="firstStart"
            type="datetime-local"
            required
            defaultValue={values?.firstStart ?? ""}
          />
        </div>
        <div className="field">
          <label htmlFor="rc-gap">{LABELS.rcGapMinutes}</label>
          <input
            id="rc-gap"
            name="gapMinutes"
            type="number"
            min={1}
            max={GAP_MINUTES_MAX}
            step={1}
            inputMode="numeric"
            required
            defaultValue={values?.gapMinutes ?? "6"}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {LABELS.rcSchedule}
        </button>
      </PostForm>
    </section>
  );
}
