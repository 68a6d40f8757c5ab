// Race-day crew changes (issue 28 part 3), the workflow: a manager's request from the team's crew
// screen and staff's decision on /crew-changes (models/crew-change.server.ts), each answered in
// the request's language, and the requester's email of the outcome in their own language
// (users.locale), queued in the deciding transaction (ADR 0037: it exists only if the decision
// commits, and today's mail retry sends it).
import type { Scope } from "~/services/access.server";
import { now as clockNow } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { mailLayout, queueMail } from "~/services/mailer.server";
import { notifyScoreboard } from "~/lib/race-events.server";
import { bundleFor } from "~/i18n/bundles.server";
import type { Bundle } from "~/messages";
import type { Tx } from "~/models/crew.server";
import {
  type CrewCheck,
  type DecidedChange,
  decideChange,
  type DecideResult,
  type RequestResult,
  requestChange,
} from "~/models/crew-change.server";
import type { User } from "~/models/user.server";
import { formatClock } from "~/rules/timetable";

/** The requester's email of the outcome, in their language; queued in `tx`. */
export function queueOutcomeMail(tx: Tx, change: DecidedChange): void {
  const to = change.requester;
  if (!to) return;
  const { MSG, LABELS } = bundleFor(to.locale);
  const approved = change.status === "APPROVED";
  const lines = [
    LABELS.mailHello(to.name || to.email),
    (approved ? MSG.ccMailLineApproved : MSG.ccMailLineRejected)(change.teamName, change.eventName),
    MSG.ccMailLeaving(change.leaving.join(", ") || LABELS.ccNobody),
    MSG.ccMailJoining(change.joining.join(", ") || LABELS.ccNobody),
  ];
  if (!approved && change.decisionReason) lines.push(MSG.ccMailReason(change.decisionReason));
  const subject = (approved ? MSG.ccMailSubjectApproved : MSG.ccMailSubjectRejected)(change.teamName);
  const base = env().APP_URL;
  queueMail(
    {
      to: to.email,
      subject,
      ...mailLayout(
        subject,
        lines,
        base ? { href: `${base}/events/teams/${change.teamId}`, label: LABELS.ccMailLink } : undefined,
      ),
    },
    { tx },
  );
}

/** A refused crew check in `t`'s language. */
function checkMessage(t: Bundle, r: CrewCheck): string {
  switch (r.code) {
    case "ineligible":
      return t.MSG.ccIneligible(r.name, t.LABELS.ineligible[r.reason]);
    case "notMember":
      return t.MSG.crewNotEligible;
    case "rule":
      return r.message;
  }
}

const CHANGE_CODE = {
  empty: "ccEmpty",
  notInCrew: "ccNotInCrew",
  alreadyIn: "ccAlreadyIn",
  both: "ccBoth",
} as const;

/** A refused request or decision as a sentence and an HTTP status. */
export function refusalOf(t: Bundle, r: Exclude<RequestResult | DecideResult, { ok: true }>) {
  const { MSG } = t;
  switch (r.code) {
    case "gone":
      return { message: MSG.ccGone, status: 404 };
    case "notClosed":
      return { message: MSG.ccNotClosed, status: 409 };
    case "noRaces":
      return { message: MSG.ccNoRaces, status: 409 };
    case "tooLate":
      return { message: MSG.ccTooLate(r.raceNumber ?? "", formatClock(r.at)), status: 409 };
    case "pending":
      return { message: MSG.ccPending, status: 409 };
    case "notPending":
      return { message: MSG.ccNotPending, status: 409 };
    case "empty":
    case "notInCrew":
    case "alreadyIn":
    case "both":
      return { message: MSG[CHANGE_CODE[r.code]], status: 400 };
    default:
      return { message: checkMessage(t, r), status: r.code === "notMember" ? 403 : 409 };
  }
}

export function requestCrewChange(
  user: User,
  editionId: number,
  scope: Scope,
  input: { teamId: number; leaving: number[]; joining: number[]; reason: string },
  t: Bundle,
) {
  return requestChange(user, editionId, scope, input, clockNow(), t.MSG);
}

export function decideCrewChange(
  user: User,
  editionId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  t: Bundle,
) {
  const result = decideChange(user, editionId, id, decision, queueOutcomeMail, clockNow(), t.MSG);
  // An approved change can turn a lane Ready or not (readiness counts the crew of now): the live
  // board looks again now rather than at its next poll (it re-reads the shown rounds, whichever).
  if (result.ok && decision.approve) notifyScoreboard(0);
  return result;
}
