// Race control's action, one handler per intent (raceControlSchema in rules/race-control-schema.ts,
// issue 30): Start / Undo start, Schedule (ADMIN), Re-seed (ADMIN), Post / Remove Notice, and issue
// 28's Mark Ready / Undo (Mark Back is ./on-the-water.server.ts). The route has run its guard and
// read the form (CSRF, the ids); the models answer codes, worded here in the request's language.
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { ReadyFailure } from "~/components/LaneReadiness";
import { requireRole } from "~/services/access.server";
import { firstError, replyWithError } from "~/lib/forms.server";
import { noticeSchemaFor, parseWithZod, scheduleSchemaFor } from "~/lib/schemas.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Bundle } from "~/messages";
import { postNotice, removeNotice } from "~/models/notice.server";
import { reseedRound } from "~/models/progression.server";
import { scheduleRounds, startRound, timetable, undoStart } from "~/models/race-control.server";
import type { User } from "~/models/user.server";
import { NOTICE_MAX, RACE_NUMBER_MAX } from "~/rules/timetable";
import { readyAction, readyBack } from "~/services/readiness.server";
import { raceLabel } from "./table.server";
import type { Tables } from "./tables.server";

/** A refusal: its toast, the form's answer or the lane's, and for a refused Schedule or Mark Ready
 * the tables as they were sent (route.tsx withTables). */
export type ActionData = {
  toast: Toast;
  result?: SubmissionResult<string[]>;
  ready?: ReadyFailure;
  tables?: Tables;
};

export type Control = {
  request: Request;
  editionId: number;
  user: User;
  t: Bundle;
  form: FormData;
  /** Race control on the day it was showing. */
  here: string;
};

const refuse = (message: string, status = 400) =>
  json<ActionData>({ toast: { type: "error", message } }, status);
const done = ({ request, here }: Control, message: string) =>
  redirectWithToast(request, here, { type: "success", message });

/** Start or Undo start of a round (`id`). */
export function startIntent(c: Control, intent: "start" | "undoStart", id: number) {
  const { editionId, user, t } = c;
  const { LABELS } = t;
  const result = intent === "start" ? startRound(editionId, user, id) : undoStart(editionId, user, id);
  if (!result.ok) {
    const message = {
      notFound: LABELS.rcRoundGone,
      started: LABELS.rcAlreadyStarted,
      results: LABELS.rcHasResults,
      notStarted: LABELS.rcNotStarted,
    }[result.code];
    return refuse(message, result.code === "notFound" ? 404 : 409);
  }
  const row = timetable(editionId).find((r) => r.id === id);
  const name = row ? raceLabel(t, row) : "";
  return done(c, intent === "start" ? LABELS.rcStartedDone(name) : LABELS.rcStartUndoneDone(name));
}

/** Schedule (ADMIN: timetable changes are ADMIN's, issue 20 section 7; COMMITTEE runs the day):
 * the boxes read by scheduleSchemaFor, a refusal back in the form with what was typed. */
export function scheduleIntent(c: Control) {
  const { editionId, user, t, form } = c;
  const { LABELS } = t;
  requireRole(user, ["ADMIN"]);
  const submission = parseWithZod(form, { schema: scheduleSchemaFor(t) });
  const refuseForm = (message: string, status = 400) => replyWithError(submission, message, { status });
  if (submission.status !== "success") return refuseForm(firstError(submission) ?? LABELS.rcScheduleNone);
  const { ids, firstNumber, firstStart, gapMinutes } = submission.value;
  const result = scheduleRounds(editionId, user, { ids, firstNumber, firstStart, gapMinutes });
  if (!result.ok) {
    const message =
      result.code === "clash"
        ? LABELS.rcScheduleClash(result.clashes.map((x) => `${x.raceNumber} (${x.holder})`).join(", "))
        : result.code === "range"
          ? LABELS.rcScheduleRange(result.last, RACE_NUMBER_MAX)
          : result.code === "notFound"
            ? LABELS.rcScheduleGone
            : LABELS.rcScheduleNone;
    return refuseForm(message, result.code === "none" ? 400 : 409);
  }
  return done(c, LABELS.rcScheduledDone(result.plan.length));
}

/** Re-seed (ADMIN, as the plans): a seeded round whose source rounds were revised since. */
export function reseedIntent(c: Control, id: number) {
  const { editionId, user, t } = c;
  const { LABELS } = t;
  requireRole(user, ["ADMIN"]);
  const result = reseedRound(editionId, user, id);
  if (!result.ok) {
    const message = {
      notFound: LABELS.rcRoundGone,
      notSeeded: LABELS.pgUnseedNotSeeded,
      noPlan: LABELS.pgReseedNoPlan,
      notOfficial: LABELS.pgReseedNotOfficial,
      hasResults: LABELS.pgReseedHasResults,
      cannotDecide: LABELS.pgReseedCannotDecide,
    }[result.code];
    return refuse(message, result.code === "notFound" ? 404 : 409);
  }
  return done(c, LABELS.pgReseeded(result.name, result.crews));
}

/** Post Notice: the box read by noticeSchemaFor (trimmed, 1..NOTICE_MAX). */
export function postNoticeIntent(c: Control) {
  const { editionId, user, t, form } = c;
  const { LABELS } = t;
  // A page sends the box (raceControlSchema capped it); a missing one is forged (conform reads an
  // empty box as missing, so the raw form says which).
  if (typeof form.get("notice") !== "string") throw new Response("Bad Request", { status: 400 });
  const submission = parseWithZod(form, { schema: noticeSchemaFor(t) });
  if (submission.status !== "success")
    return replyWithError(submission, firstError(submission) ?? LABELS.rcNoticeEmpty);
  const result = postNotice(editionId, user, submission.value.notice);
  if (!result.ok) {
    const message =
      result.code === "tooLong" ? t.MSG.tooLong(LABELS.rcNotice, NOTICE_MAX) : LABELS.rcNoticeEmpty;
    return replyWithError(submission, message);
  }
  return done(c, LABELS.rcNoticePosted);
}

/** Remove Notice (`id`: the notice shown). */
export function removeNoticeIntent(c: Control, id: number) {
  const result = removeNotice(c.editionId, c.user, id);
  if (!result.ok) return refuse(c.t.LABELS.rcNoticeGone, 409);
  return done(c, c.t.LABELS.rcNoticeRemoved);
}

/** Mark Ready / Undo of a lane (services/readiness.server.ts); back to the same Day and lanes. */
export function readyIntent({ request, editionId, user, t, form }: Control, path: string) {
  const answer = readyAction(form, editionId, user, t);
  if (answer.ok)
    return redirectWithToast(request, readyBack(request, path), { type: "success", message: answer.message });
  const { raceId, message, reason } = answer;
  return json<ActionData>(
    { toast: { type: "error", message }, ready: { raceId, message, reason } },
    answer.status,
  );
}
