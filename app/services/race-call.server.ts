// The call (issue 28 part 4): each race's crews and their club's managers get one email, "Race 14
// at 12:18: go to marshalling", when its expected start is `callMinutes` (a setting) away. The
// jobs' loop (services/jobs.server.ts, primary only) runs callRaces every RACE_CALL_EVERY_MS (lib/env.server.ts, 30 s). Each race is
// called in one transaction that sets rounds.called_at (only while it is still null and the race
// not started) and queues its emails in the mail queue (ADR 0037): committed together, so a race
// is called once and its emails are retried by the queue. The timing is rules/race-call.ts.
import { bundleFor } from "~/i18n/bundles";
import { isLocale } from "~/i18n/locale";
import { now as clockNow } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import { mailLayout, queueMail, type QueueOptions } from "~/services/mailer.server";
import { currentEdition } from "~/models/edition.server";
import { latestStart } from "~/models/race-control.server";
import { type CallRecipient, callCandidates, callRecipients, markCalled } from "~/models/race-call.server";
import { getSettings } from "~/models/settings.server";
import { callDecision, callWindow } from "~/rules/race-call";
import { delayMinutes, formatClock } from "~/rules/timetable";

export type { CallRecipient };

/** The call email in the recipient's language. */
export function callMail(
  to: CallRecipient,
  race: { raceNumber: number; eventName: string; roundName: string },
  expected: number,
) {
  const { MSG } = bundleFor(isLocale(to.locale) ? to.locale : "en");
  const time = formatClock(expected);
  const subject = MSG.mrCallSubject(race.raceNumber, time);
  return {
    to: to.email,
    subject,
    ...mailLayout(
      subject,
      [
        MSG.mrCallHello(to.name || to.email),
        MSG.mrCallLine(race.raceNumber, time, `${race.eventName} ${race.roundName}`),
        ...to.lanes.map((l) => MSG.mrCallLane(l.team, l.lane)),
        MSG.mrCallOff,
      ],
      { href: `${env().APP_URL}/my-races`, label: MSG.mrCallLink },
    ),
  };
}

export type CalledRace = { roundId: number; raceNumber: number; expected: number; emails: number };

/** Calls every race of the open edition whose moment has come (rules/race-call.ts); returns what it
 * called. Nothing on a replica. `mail`: the mail queue's options (tests). */
export function callRaces(at = clockNow(), mail: Omit<QueueOptions, "tx"> = {}): CalledRace[] | null {
  if (!isPrimary()) return null;
  const editionId = currentEdition().id;
  const { callMinutes } = getSettings(editionId);
  const delay = delayMinutes(latestStart(editionId));
  const window = callWindow(delay, callMinutes, at);
  const candidates = callCandidates(editionId, window);
  const called: CalledRace[] = [];
  for (const round of candidates) {
    const decision = callDecision(round, delay, callMinutes, at);
    if (!decision.call || round.raceNumber === null) continue;
    const raceNumber = round.raceNumber;
    const result = db().transaction((tx) => {
      // Once: only while still not called and not started (a Start or another node meanwhile).
      if (!markCalled(tx, round.id, at)) return null;
      const recipients = callRecipients(tx, round.id);
      for (const to of recipients) {
        queueMail(callMail(to, { ...round, raceNumber }, decision.expected), { ...mail, tx });
      }
      return recipients.length;
    });
    if (result !== null)
      called.push({ roundId: round.id, raceNumber, expected: decision.expected, emails: result });
  }
  return called;
}
