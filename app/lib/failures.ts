// What a screen says when one of its loaders or actions fails unexpectedly (a thrown exception: a
// bug, SQLITE_BUSY past its timeout, a full disk): the spec's sentence for that action (section 8,
// 'An error occured when {doing X}. Please try again.'), by route id and, for an action, by intent.
// One table next to the route table (lib/access.ts), read by the wrapper every loader and action runs
// in (services/failures.server.ts); a loader's failure sends its sentence, in the page's language,
// to the error boundary (lib/failure-data.ts, the only part the browser loads: none of the
// sentences are in the bundle).
// Expected refusals (thrown Responses: 404, 403 guards, 400 forms, 429) are not failures.
// docs/decisions/0028-unexpected-failures.md.
import type { Role } from "../../db/enums";
import type { Bundle } from "~/messages";

/** A sentence of MSG that is a plain string (it translates by its English text: lib/i18n-text). */
export type FailureKey = {
  [K in keyof Bundle["MSG"]]: Bundle["MSG"][K] extends string ? K : never;
}[keyof Bundle["MSG"]];

/** A loader's sentence; Home's depends on who looks (the overview for staff, a profile otherwise). */
export type LoaderFailure = FailureKey | { staff: FailureKey; other: FailureKey };
/** A loader's sentence for a user of `role` (null: logged out). */
export function failureKeyFor(failure: LoaderFailure, role: Role | null | undefined): FailureKey {
  if (typeof failure === "string") return failure;
  return role === "ADMIN" || role === "COMMITTEE" ? failure.staff : failure.other;
}

/** An action's sentence, or one per `intent` (with `""` for a form without one). */
export type ActionFailure = FailureKey | { [intent: string]: FailureKey };

export type Failure = {
  loader?: LoaderFailure;
  action?: ActionFailure;
  /** A JSON endpoint (a script's fetch): answered with `{ error }` and 500, never a redirect. */
  json?: true;
};

/** The sentence of a failure no entry names (an unmapped screen, an unknown intent). */
export const FALLBACK: FailureKey = "errorBody";

const list = (loader: FailureKey, action?: ActionFailure): Failure => ({ loader, action });

// Route ids are Remix's ("routes/" + the file name without extension). A dialog route's loader reads
// the list behind it, so it says the list's sentence; its action says what it was doing.
export const FAILURES: Record<string, Failure> = {
  // Home: the overview's statistics, or the profile (the user's details); its dialogs.
  "routes/_app._home": { loader: { staff: "statisticsError", other: "userDetailsError" } },
  "routes/_app._home.confirmed-events": list("gettingEventsError"),
  "routes/_app._home.password": list("userDetailsError", "changePasswordError"),
  "routes/_app._home.photo": list("userDetailsError", "photoError"),
  "routes/_app._home.referral-link": list("teamInfoError", "updatingError"),

  // Auth
  "routes/auth.login": { action: "loginError" },
  "routes/auth.logout": { action: "logoutError" },
  "routes/auth.register.$role": list("teamInfoError", "registerError"),
  "routes/auth.resend-verification": { action: "sendEmailError" },
  "routes/auth.reset": { action: { reset: "resetError", "": "forgotError" } },
  "routes/auth.verify.$token": list("verifyError", "verifyError"),

  // Users and photos
  "routes/_app.users": list("gettingUsersError"),
  "routes/_app.users.new": list("gettingUsersError", "createUserError"),
  "routes/_app.users.$id.photo": list("userDetailsError"),
  "routes/_app.users_.approve-photo": list("gettingUsersError", "approvingError"),
  "routes/_app.users_.approve-photo.$id": list("userDetailsError"),
  "routes/_app.users_.photo-approved": list("gettingUsersError"),
  "routes/_app.users_.photo-approved.$id": list("userDetailsError"),
  "routes/users[.]csv": list("gettingUsersError"),

  // EOI
  "routes/_app.eoi._index": list("gettingEventsError", "updatingError"),
  "routes/_app.eoi.list": list("gettingEventsError"),
  "routes/_app.eoi.teams": list("gettingTeamsError"),
  "routes/_app.eoi.countries": list("gettingTeamsError"),
  "routes/_app.eoi-events": list("gettingEventsError"),
  "routes/_app.eoi-events.new": list("gettingEventsError", "creatingError"),
  "routes/_app.eoi-events.$id.edit": list("gettingEventsError", "updatingError"),
  "routes/_app.eoi-events.$id.delete": list("gettingEventsError", "deletingError"),
  "routes/eoi[.]csv": list("gettingEventsError"),

  // Events, entries, crews
  "routes/_app.events": list("gettingEventsError"),
  "routes/_app.events.new": list("gettingEventsError", "creatingError"),
  "routes/_app.events.$id.edit": list("gettingEventsError", "updatingError"),
  "routes/_app.events.$id.delete": list("gettingEventsError", "deletingError"),
  "routes/_app.events.$id.waitlist": list("gettingEventsError"),
  "routes/_app.events.waitlist": list("gettingEventsError", {
    join: "creatingError",
    leave: "deletingError",
  }),
  "routes/_app.events.checkout": list("gettingOrdersError", "creatingOrderError"),
  "routes/_app.events_.teams.$teamId": list("gettingEventTeamsError", "updatingError"),
  "routes/_app.events-summary": list("gettingEventTeamsError"),
  "routes/events[.]csv": list("gettingEventsError"),
  "routes/events-summary[.]csv": list("gettingEventTeamsError"),

  // Teams (associations) and members
  "routes/_app.associations": list("gettingAssociationsError"),
  "routes/_app.associations.$id.referral": list("teamInfoError"),
  "routes/_app.associations.$id.regenerate": list("teamInfoError", "updatingError"),
  "routes/associations[.]csv": list("gettingAssociationsError"),
  "routes/_app.teams.manage": list("gettingTeamsError", "updatingError"),
  "routes/_app.members": list("gettingMembersError", "approvingError"),
  "routes/_app.members.$id.photo": list("userDetailsError"),
  "routes/_app.members.checkout": list("gettingMembersError", "creatingOrderError"),

  // Tickets, orders, payments
  "routes/_app.tickets.purchase.checkout": list("ticketOrderError", "creatingOrderError"),
  "routes/_app.orders": list("gettingOrdersError"),
  "routes/_app.orders.$id._index": list("gettingOrdersError"),
  "routes/_app.orders.$id.cancel": list("gettingOrdersError", "updatingError"),
  "routes/_app.orders.$id.edit": list("gettingOrdersError", {
    status: "updatingError",
    note: "creatingError",
  }),
  "routes/orders[.]csv": list("gettingOrdersError"),
  "routes/orders.$token.invoice[.]pdf": list("downloadingInvoiceError"),
  "routes/orders.$token.receipt[.]pdf": list("downloadingReceiptError"),
  "routes/_app.payments": list("gettingPaymentLogsError"),
  "routes/payments[.]csv": list("gettingPaymentLogsError"),
  "routes/senangpay.return": list("paymentReturnError", "paymentReturnError"),

  // Rounds, races, scans, scoreboard
  "routes/_app.rounds": list("gettingRoundsError"),
  "routes/_app.rounds.new": list("gettingRoundsError", "creatingError"),
  "routes/_app.rounds.$id.edit": list("gettingRoundsError", "updatingError"),
  "routes/_app.rounds.$id.delete": list("gettingRoundsError", "deletingError"),
  "routes/_app.rounds.$id.draw": list("gettingRoundsError", "creatingError"),
  "routes/_app.rounds.$id.progress": list("gettingRoundsError", "creatingError"),
  "routes/_app.rounds_.$id.results": list("gettingRacesError", "updatingError"),
  "routes/_app.rounds.$id.plan": list("gettingRoundsError", "updatingError"),
  "routes/_app.rounds.$id.unseed": list("gettingRoundsError", "deletingError"),
  "routes/_app.races": list("gettingRacesError", "updatingError"),
  "routes/_app.races.new": list("gettingRacesError", "creatingError"),
  "routes/_app.races.$id.edit": list("gettingRacesError", "updatingError"),
  "routes/_app.races.$id.delete": list("gettingRacesError", "deletingError"),
  "routes/races[.]csv": list("gettingRacesError"),
  // Race control (issue 20): the timetable, Start, Schedule and notices.
  "routes/_app.race-control": list("gettingRoundsError", {
    start: "updatingError",
    undoStart: "updatingError",
    schedule: "updatingError",
    postNotice: "creatingError",
    removeNotice: "deletingError",
    markBack: "updatingError",
    markReady: "updatingError",
    undoReady: "updatingError",
  }),
  "routes/race-control.boats[.]csv": list("gettingRoundsError"),
  "routes/race-control[.]csv": list("gettingRoundsError"),
  // My Races (issue 28 part 4): the timetable, the calendar link and the call choice; the feed.
  "routes/_app.my-races": list("gettingRacesError", {
    makeKey: "creatingError",
    callEmails: "updatingError",
  }),
  "routes/_app.my-races.regenerate": list("gettingRacesError", "updatingError"),
  "routes/my-races[.]ics": list("gettingRacesError"),
  // Race-day crew changes (issue 28 part 3): the requests, Approve and Reject.
  "routes/_app.crew-changes": list("gettingEventTeamsError", {
    approve: "updatingError",
    reject: "updatingError",
  }),
  "routes/crew-changes[.]csv": list("gettingEventTeamsError"),
  "routes/_app.scan-log": list("gettingScanLogsError"),
  "routes/scan-log[.]csv": list("gettingScanLogsError"),
  // Kiosk devices (issue 18): beyond the spec; the list says the generic sentence, Revoke 'updating'.
  "routes/_app.kiosks.$id.revoke": { action: "updatingError" },
  "routes/scanning.enrol": { action: "creatingError" },
  "routes/scanning.entrance": list("gettingEventTeamsError", { save: "historySaveError" }),
  "routes/scanning.entrance.save": { action: "historySaveError", json: true },
  "routes/scanning.profile": list("userDetailsError"),
  // Issue 28: the pontoon kiosk (boats out and back).
  "routes/scanning.pontoon": list("gettingRoundsError", "updatingError"),
  "routes/scanning.pontoon.scan": { action: "updatingError", json: true },
  "routes/_app.scoreboard-manage": list("gettingScoreboardRoundsError", "updatingError"),
  "routes/scoreboard": list("gettingScoreboardRoundsError"),
  "routes/board": list("gettingScoreboardRoundsError"),

  // Training
  "routes/_app.training-sessions": list("gettingSessionsError"),
  "routes/_app.training-sessions.new": list("gettingSessionsError", "creatingError"),
  "routes/_app.training-sessions.$id.edit": list("gettingSessionsError", "updatingError"),
  "routes/_app.training-sessions.$id.delete": list("gettingSessionsError", "deletingError"),
  "routes/_app.training-sessions.$id.teams": list("gettingReservationsError"),
  "routes/_app.training-reservations": list("gettingReservationsError"),
  "routes/_app.training-reservations.$id": list("gettingReservationsError", "updatingError"),
  "routes/_app.training": list("gettingSessionsError", "creatingError"),
  "routes/_app.training.$id.cancel": list("gettingReservationsError", "updatingError"),
  "routes/training-sessions[.]csv": list("gettingSessionsError"),
  "routes/training-reservations[.]csv": list("gettingReservationsError"),

  // Beyond the spec's screens (the crew tag PDFs answer their own failure: services/crew-tags.server.ts)
  "routes/_app.settings": { action: "updatingError" },
  "routes/_app.settings.void-crew-tags": { action: "updatingError" },
  // Editions (issue 21): the list says the generic sentence; New Edition 'creating', Open 'updating'.
  "routes/_app.editions.new": { action: "creatingError" },
  "routes/_app.editions.$id.open": { action: "updatingError" },
  // Webhooks (issue 29 part 4): the lists say the generic sentence; Add 'creating', Enable, Disable
  // and Resend 'updating', Delete 'deleting'.
  "routes/_app.webhooks.new": { action: "creatingError" },
  "routes/_app.webhooks_.$id": { action: "updatingError" },
  "routes/_app.webhooks_.$id.delete": { action: "deletingError" },
};

/** The sentence key of a loader's failure as the server sends it (Home's is still by role). */
export function loaderFailure(routeId: string): LoaderFailure {
  return FAILURES[routeId]?.loader ?? FALLBACK;
}

/** The sentence key of an action's failure; `intent` is the form's, if any. */
export function actionFailure(routeId: string, intent: string | null): FailureKey {
  const action = FAILURES[routeId]?.action;
  if (action === undefined) return FALLBACK;
  if (typeof action === "string") return action;
  return action[intent ?? ""] ?? action[""] ?? FALLBACK;
}

/** Whether an action's sentence depends on the form's intent (the wrapper then keeps a copy of the
 * form to read it after the failure). */
export function byIntent(routeId: string): boolean {
  return typeof FAILURES[routeId]?.action === "object";
}
