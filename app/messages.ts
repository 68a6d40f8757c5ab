// Every user-visible sentence from the spec, to the letter (spelling included: "occured",
// "mininum", "adminstrator" are the spec's). Screens import from here; never retype a sentence.
import { boats, formatCount, plural } from "./rules/format";

export const MSG = {
  // Guards (spec section 2)
  sessionExpired: "Session expired! Log in to proceed.",
  unauthorized: "Unauthorized. Redirect to homepage.",
  notFoundTitle: "404 Not Found.",
  notFoundBody: "The page you are looking for does not exist.",
  returnHome: "Return to Home",
  nothingToShow: "Nothing to show",
  nothingToShowDot: "Nothing to show.",

  // Login (sections 5, 8)
  loginInvalidEmail: "Please enter a valid email.",
  loginInvalidPassword: "Please enter a valid password.",
  loginUnverified: "Verify your email account before logging in. Click OK to resend verification email.",
  loginMismatch: "Your email and password do not match. Please try again.",
  loginError: "An error occured when logging in. Please try again.",
  logoutError: "An error occured when logging out. Please try again.",
  forgotPassword: "Forgot password?",

  // Password reset
  resetFillAll: "Make sure to fill in all the fields.",
  resetMismatch: "Password and confirm password must be equal.",
  forgotNotFound: "Account does not exist. Please try again.",
  forgotError: "An error occured when verifying account. Please try again.",
  resetError: "An error occured when resetting password. Please try again.",
  sendResetEmail: "Send Reset Email",
  backToLogin: "Back to Login",

  // Change password
  changeFillAll: "Please fill in all the fields",
  passwordLength: "Password must be 8-16 characters.",
  passwordSame: "Password and confirm password must be the same.",
  wrongPassword: "Wrong password. Please try again.",
  changePasswordError: "An error occured when changing password. Please try again.",
  passwordUpdated: "Password updated successfully.",

  // Registration (section 5, in spec order)
  teamNameRequired: "Please enter a valid team name.",
  teamCountryRequired: "Please select a team country.",
  // The spec names a character-set message but not its text; ours lists the allowed punctuation.
  teamNameCharset: "Team name may only contain letters, numbers, spaces and . , ' - / @ ( ) &",
  nameCharset: "Name may only contain letters, numbers, spaces and . , ' - / @ ( ) &",
  emailInvalid: "Please insert a valid email.",
  identificationRequired: "Please enter a valid identification number.",
  nameRequired: "Please enter a valid name.",
  genderRequired: "Please select a gender.",
  yobRequired: "Please enter year of birth.",
  yobRange: (min: number, max: number) => `Year of birth must be between ${min} - ${max}.`,
  phoneRequired: "Please enter phone number.",
  phoneDigits: "Phone number should contain numbers only.",
  emergencyDigits: "Emergency contact should contain numbers only.",
  addressRequired: "Please enter address.",
  notAnImage: "Selected file is not an image. Please try again.",
  imageTooSmall: "Shorter end of the image must be at least 1000px.",
  photoTooLarge: "The photo is too large. Please choose a photo under 15 MB.",
  registerUserExists: "User already exist. Please login or register with a different email.",
  registerAssociationExists:
    "Team with same name already exist. Please contact the event committee for more information.",
  registerError: "An error occured when creating user. Please try again.",
  registerSuccess: "User created successfully. Check your email and verify before logging in.",
  invalidToken: "Invalid token.",
  // Server messages the spec shows but does not spell out (verify, resend, reset).
  verifySuccess: "Your email has been verified. You may now log in.",
  verifyUsed: "This verification link has already been used. Please log in.",
  verifyInvalid: "This verification link is invalid or has expired. Log in to get a new one.",
  verifyPrompt: "Confirm your email address to activate your account.",
  verifyButton: "Verify Email",
  resendSent: "Verification email has been sent. Please check your inbox.",
  resendAlreadyVerified: "Your email is already verified. Please log in.",
  resetEmailSent: "Password reset email has been sent. Please check your inbox.",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  resetSuccess: "Your password has been reset. Please log in with your new password.",
  sendEmailError: "An error occured when sending email. Please try again.",
  throttled: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
  teamInfoError: "An error occured when getting team info. Please try again.",
  verifyError: "An error occured when verifying account. Please try again.",

  // Users
  userNotFound: "User not found.",
  userDetailsError: "An error occured when getting user details. Please try again.",
  statisticsError: "An error occured when getting statistics. Please try again.",
  photoError: "An error occured when updating photo. Please try again.",
  photoUpdated: "Photo updated successfully.",
  changePassword: "Change Password",
  createUserRole: "Please select a valid role.",
  createUserExists: "User already exist. Please try with different email.",
  createUserError: "An error occured when creating user. Please try again.",
  createUserSuccess: "User has been created successfully.",
  photosConfirm: (intent: "approve" | "reject", n: number) =>
    `Are you sure you want to ${intent} selected ${n} user(s)?`,
  photosApproved: "Selected photo(s) have been approved.",
  photosRejected: "Selected photo(s) have been rejected.",
  approvingError: "An error occured when approving. Please try again.",
  // Not spec sentences: approve/reject with nothing (still) pending selected.
  photosNoneSelected: "Select at least one photo first.",
  photosNonePending: "The selected photo(s) are no longer pending approval. The list has been reloaded.",

  photoGuidance: [
    "Colour passport-size photo",
    "At least 1000 x 1000 px, JPEG or PNG",
    "Plain background",
    "No caps, hats or sunglasses",
    "Face centred and clearly visible",
  ],
  photoResized: (w: number, h: number, kb: number) =>
    `Photo resized to ${w} x ${h} px (${kb} KB) for a faster upload.`,
  registerHelp: "Need help registering? Contact the event committee on WhatsApp.",

  // Photo states and badges (section 4)
  photoPendingUpload: "Pending Photo Upload",
  photoApproved: "Photo Approved",
  photoInValidation: "Photo in Validation",
  teamApproved: "Team Approved",
  teamPending: "Pending Team Approval",
  feePaid: "Crew Tag Fee Paid",
  feePending: "Pending Crew Tag Fee",

  // Members and the crew tag fee checkout (sections 4, 5, 8). The spec gives the approval toast and
  // the declaration error; the refusals are ours.
  membersApproved: "Selected members have been approved.",
  membersDeclarationRequired: "You must agree with the declaration to continue.",
  membersDeclaration:
    "I declare that every member listed above is able to swim at least 50 m, is medically fit to take part in dragon boat racing, and takes part in the regatta at their own risk.",
  membersPaymentNotes: (hours: number) =>
    `Payment is due within ${hours} hours or the order is cancelled. Orders are non-refundable.`,
  membersNoneSelected: "Select at least one member first.",
  membersNonePending: "The selected member(s) are no longer pending approval. The list has been reloaded.",
  membersNotYours: "Some of the selected members are not in your team. Nothing was changed.",
  membersNotApproved: "Some of the selected members are not approved yet. Approve them first.",
  membersAlreadyPaid: "Some of the selected members have already paid the crew tag fee.",
  membersAlreadyInOrder:
    "Some of the selected members are already in an order waiting for payment. Complete or cancel that order on the Orders page first.",
  membersInOrder: (orderId: number) => `Payment in progress (order #${orderId})`,
  paymentRedirecting: "Taking you to the payment page ...",
  paymentReturnError:
    "An error occured when processing payment. Do contact event committee / adminstrator for more info.",
  paymentProcessing: "Processing your payment ...",
  simulatorBadRequest: "This payment request is not valid. Nothing was charged.",

  // Events (sections 5, 8). The spec gives create/update/delete toasts and the duplicate name; the
  // range sentences are ours.
  eventCreated: "Event has been created successfully.",
  eventUpdated: "Event has been updated successfully.",
  eventDeleted: "Event has been deleted successfully.",
  eventExists: "Event already exist. Please try with different name.",
  eventDeleteConfirm: "Deleting event will remove all related data. Continue?",
  eventWholeNumber: (label: string, min: number, max: number) =>
    `${label} must be a whole number from ${min} to ${max}.`,
  eventPrice:
    "Price must be an amount in RM from 1.00 to 100,000.00, with at most two decimals (e.g. 100 or 100.50).",
  eventRaceOrder: "Min Race must not be more than Max Race.",
  eventAgeOrder: "Min Age must not be more than Max Age.",
  eventFemaleOverMax: "Min Female must not be more than Max Race plus Reserve.",

  // Settings (beyond the spec: the regatta's own numbers on /settings)
  settingsUpdated: "Settings have been updated.",
  settingsAmount: (label: string) =>
    `${label} must be an amount in RM from 1.00 to 10,000.00, with at most two decimals (e.g. 30 or 30.50).`,
  settingsYear: (min: number, max: number) => `Regatta year must be between ${min} and ${max}.`,
  settingsDueHours: "Payment due hours must be a whole number from 1 to 168.",
  settingsDeadline: (label: string) => `${label} must be a date and time, or empty for no deadline.`,

  // Event entries, the waitlist and deadlines (issue 9). The spec has no sentences for these: ours.
  entriesNoneSelected: "Number of teams must be at least 1.",
  entriesTooMany: (max: number) => `Number of teams must be a whole number from 0 to ${max}.`,
  entriesLeft: (event: string, left: number) =>
    left === 0
      ? `${event} is full: no entries are left. You can join its waitlist.`
      : `Only ${left} ${left === 1 ? "entry is" : "entries are"} left for ${event}. Buy at most ${left}, or join its waitlist.`,
  entriesEventGone: "This event is no longer open for entries. The list has been reloaded.",
  entriesClosed: (when: string) => `Entries closed on ${when}. Contact the event committee for changes.`,
  entriesCloseOn: (when: string) => `Entries close on ${when}.`,
  entriesNoClub: "Your account is not in a team, so it cannot buy entries.",
  waitlistJoined: (event: string) =>
    `You are on the waitlist for ${event}. We will email you when entries free up.`,
  waitlistLeft: "You have left the waitlist.",
  waitlistAlready: "Your team is already on this event's waitlist.",
  waitlistNotFull: "Entries are still available for this event: buy them instead.",
  waitlistOffer: (held: number, event: string, until: string) =>
    `${held} ${held === 1 ? "entry is" : "entries are"} held for you in ${event} until ${until}.`,
  waitlistWaiting: (teams: number) => `On the waitlist for ${teams} ${teams === 1 ? "team" : "teams"}.`,
  waitlistClosedByPurchase: (event: string) =>
    `Buying entries of ${event} closes your team's place on its waitlist.`,

  // Crew selection (section 5: the five checks and the Malaysia notice are the spec's; the rest ours)
  crewMinRace: (n: number) =>
    `Number of selected participants does not meet mininum count (${n}). Select more and try again.`,
  crewMaxRace: "Number of selected participants exceed maximum selectable count. Unselect and try again.",
  crewMaxNonPaddler: (n: number) =>
    `Number of selected drummers/steerers exceed maximum selectable count (${n}). Unselect and try again.`,
  crewMaxMale: (n: number) =>
    `Number of selected male participants exceed maximum selectable count (${n}). Unselect and try again.`,
  crewMinFemale: (n: number) =>
    `Number of selected female participants does not meet mininum count (${n}). Select more and try again.`,
  crewMalaysiaNotice: "For Malaysia events, do select only Malaysian citizens.",
  crewUpdated: "Event team members updated successfully.",
  crewNotEligible:
    "Some of the selected members cannot be picked for this team (not in your team, not eligible, or in another team of this event). Nothing was changed.",
  crewClosed: (when: string) => `Crew changes closed on ${when}. Contact the event committee for changes.`,
  crewCloseOn: (when: string) => `Crew changes close on ${when}.`,
  crewTeamGone: "This event team no longer exists.",
  crewInCrewNow: "In the crew now",
  crewInCrewNowRemoved: "In the crew now — removed on Save",
  crewStale: (n: number) =>
    `${n === 1 ? "1 member of this crew" : `${n} members of this crew`} can no longer be picked (see Members who cannot be picked): Save removes them from the crew.`,
  crewNoLongerEligible: (reason: string) => `Can no longer be picked: ${reason}`,

  // Hardening (not spec sentences: our own, for limits the spec does not name)
  badForm: "The form could not be read. Please reload the page and try again.",
  serverBusy: "The server is busy right now. Please wait a few seconds and try again.",
  photoBadShape:
    "The photo must be a portrait or square passport-size photo (at most twice as tall as it is wide).",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  errorTitle: "Error",
  errorBody: "Something went wrong. Please try again.",
  forbiddenTitle: "Forbidden",
  formExpired: "This form has expired. Please go back, reload the page and try again.",
  badRequestTitle: "Bad Request",
  tooManyTitle: "Too Many Requests",

  // Orders and payment logs (sections 2, 4, 8). The confirmations and toasts are the spec's; the
  // manager's warning follows the spec's wording; the refusals are ours.
  ordersWarning:
    "If your payment was successful but the order status is Failed, do not cancel the order or create a new order. Contact the administrator if the status is not updated after 1 hour.",
  orderCancelConfirm: "Are you sure you want to cancel this order?",
  orderCancelled: "Order has been cancelled.",
  orderNotCancellable: "This order can no longer be cancelled: only an order in Processing can be cancelled.",
  orderStatusConfirm: "Changing status might impact payment process, are you sure you want to proceed?",
  orderStatusUpdated: "Order status has been updated.",
  orderStatusUnchanged: "Select a status different from the current one to update it.",
  orderStatusStale: "The order's status was changed meanwhile. Check it and try again.",
  orderEffectsKept:
    "Nothing the order paid for was reversed: crew tag fees (and any entries or tickets) stay paid.",
  orderNoteAdded: "Order note has been added.",
  orderEntriesGone: (event: string, left: number) =>
    `The order cannot hold its entries again: only ${left} ${left === 1 ? "entry is" : "entries are"} left for ${event}. Nothing was changed.`,
  orderNoteRequired: "Please enter a note.",
  downloadError: (doc: "invoice" | "receipt") =>
    `An error occured when downloading ${doc}. Please try again.`,

  // Dinner tickets (sections 2, 5). The pax minimum is the spec's; the other sentences are ours.
  ticketPaxMin: "Number of pax must be at least 1.",
  ticketPaxWhole: "Number of pax must be a whole number.",
  ticketPaxMax: (max: number) =>
    `Number of pax must be at most ${max} per order. For more, place another order.`,
  ticketNoClub: "Your account is not in a team, so it cannot buy dinner tickets.",

  // Rounds and races (sections 5, 8: the toasts, duplicates and the confirmations' gist are the
  // spec's; the confirmations are worded like the event's; the rest is ours)
  roundCreated: "Round has been created successfully.",
  roundUpdated: "Round has been updated successfully.",
  roundDeleted: "Round has been deleted successfully.",
  roundExists: "Round already exist. Please try with different name.",
  roundDeleteConfirm: "Deleting round will remove all related data. Continue?",
  roundEventGone: "This event no longer exists. Pick another event.",
  roundPickEvent: "Select an event to see its rounds.",
  raceCreated: "Race has been created successfully.",
  raceUpdated: "Race has been updated successfully.",
  raceDeleted: "Race has been deleted successfully.",
  raceLaneUsed: "Lane already used. Please try with different lane.",
  raceTeamExists: "Team already exist. Please try edit or delete existing race.",
  raceDeleteConfirm: "Deleting race will remove all related data. Continue?",
  raceTeamNotInEvent: "This event team is not in the round's event. Pick a team from the list.",
  raceRoundGone: "This round no longer exists. Pick another round.",
  racePickRound: "Select an event and a round to see its races.",
  raceNoTeamsLeft: "Every event team of this event already has a race in this round.",
  scoresSaved: "Scores have been saved successfully.",
  scoresStale: "The races of this round changed meanwhile. The list has been reloaded: check and save again.",

  // Entrance kiosk, scanning profile and scan logs (sections 5, 8; issue 10). roundNotFound,
  // scanInvalid, scanNotParticipant, scanFemaleConfirm, historySaved and historySaveError are the
  // spec's; the rest are ours (the spec only says the caps' alerts tell to clear history and retry).
  roundNotFound: "Unable to find race. Please make sure the name is correct.",
  scanInvalid: "Invalid input.",
  scanNotParticipant: "User is not a participant.",
  scanFemaleConfirm:
    "Not meeting minimum number of female participants required. Do you still want to proceed?",
  historySaved: "History has been successfully saved.",
  historySaveError: "An error occured when saving history. Please try again.",
  scanNotMember: (team: string) => `Not a member of ${team}.`,
  scanRepeat: (name: string) => `${name} is already in the history.`,
  scanAdded: (name: string) => `${name} added.`,
  scanFull: (n: number) =>
    `The history already has ${n} ${n === 1 ? "participant" : "participants"}, the most this event allows. Clear history and try again.`,
  scanTooManyMales: (n: number) =>
    `The history already has ${n} male ${n === 1 ? "participant" : "participants"}, the most this event allows. Clear history and try again.`,
  historyCleared: "History cleared.",
  historyEmpty: "The history is empty. Scan at least one participant.",
  historyDropped: (codes: string) => `Not saved, no longer valid: ${codes}.`,
  scansWaiting: (n: number) => `${n} ${n === 1 ? "scan" : "scans"} waiting to be sent`,
  scansQueued:
    "No connection: the history is kept on this device and will be sent when the connection returns.",
  scansSent: (n: number) => `${n} waiting ${n === 1 ? "scan was" : "scans were"} sent and saved.`,
  scansRefused: (label: string, why: string) => `A saved history of ${label} was refused: ${why}`,
  laneNotFound: (lane: string) => `No team races in lane ${lane} of this round.`,
  kioskTeamGone: "This team does not race in this round. Pick a team again.",
  kioskRoundGone: "This round no longer exists. Enter the round name again.",

  // Scoreboard (sections 5, 8; issue 10). scoreboardUpdated is the spec's; the rest are ours.
  scoreboardUpdated: "Scoreboard rounds updated successfully.",
  scoreboardEmpty: "No rounds on the scoreboard yet. Results appear here as they come in.",
  scoreboardNoRaces: "No races drawn yet.",
  scoreboardNoScore: "No score yet",
  scoreboardNoJs: (seconds: number) => `Updates every ${seconds} seconds.`,
  scoreboardNoRounds: "No rounds yet. Create rounds on All Rounds first.",
  scoreboardShownNow: (n: number) =>
    n === 0
      ? "The scoreboard shows no rounds now."
      : `The scoreboard shows ${n} ${n === 1 ? "round" : "rounds"} now.`,

  // EOI (sections 5, 8; issue 11). eoiCreated/Updated/Deleted and eoiExists are the spec's; the
  // confirmation is worded like the round's; the rest are ours.
  eoiCreated: "EOI event has been created successfully.",
  eoiUpdated: "EOI event has been updated successfully.",
  eoiDeleted: "EOI event has been deleted successfully.",
  eoiExists: "EOI event already exist. Please try with different name.",
  eoiDeleteConfirm: "Deleting EOI event will remove all related data. Continue?",
  eoiNoEvents: "No EOI events yet.",
  eoiSaved: "Your expression of interest has been saved.",
  eoiBadTicks:
    "Some of the ticked events no longer exist. They have been taken off your ticks: check them and save again.",
  eoiNoClub: "Your account is not in a team, so it cannot express interest.",
  eoiIntro: "Tick the events your team is interested in. You can change your ticks at any time.",
  eoiNothingSaved: "Nothing saved yet.",
  eoiTeams: (n: number) => `${formatCount(n)} ${n === 1 ? "team" : "teams"}`,
  eoiTeamsInterestedIn: (n: number, event: string) =>
    `${formatCount(n)} ${n === 1 ? "team" : "teams"} interested in ${event}`,
  eoiInterestedCaption: (event: string) => `Teams interested in ${event}`,
  eoiTotalTeams: (n: number) => `Total (${formatCount(n)} ${n === 1 ? "team" : "teams"})`,
  eoiNameHint: "e.g. 250M PREMIER OPEN",
  eoiDeleteRelated: (n: number) =>
    n === 0
      ? "Related data: no team has ticked this event."
      : `Related data: the interest of ${formatCount(n)} ${n === 1 ? "team" : "teams"} (they will no longer have this event ticked).`,
  eoiSavedFor: (team: string, country: string) => `Saved for ${team} (${country})`,
  eoiSavedWhen: (when: string, events: number) =>
    `Saved ${when}: ${events === 0 ? "no events" : `${formatCount(events)} ${events === 1 ? "event" : "events"}`}`,

  // Training (sections 5, 8; issue 11). sessionCreated/Updated/Deleted, sessionDeleteConfirm,
  // sessionTimeOrder, reservationUpdated and rejectReasonRequired are the spec's; the rest are ours.
  sessionCreated: "Session has been created successfully.",
  sessionUpdated: "Session has been updated successfully.",
  sessionDeleted: "Session has been deleted successfully.",
  sessionDeleteConfirm: "Deleting session will remove all related data. Continue?",
  sessionTimeOrder: "Make sure start time is earlier than end time.",
  sessionBadTime: "Enter the time as a date and time, for example 2026-12-01T07:00.",
  sessionTooLong: (hours: number) => `A session lasts at most ${hours} hours. Check the end time.`,
  sessionMaxBoat: (min: number, max: number) => `Max boats must be a whole number from ${min} to ${max}.`,
  sessionMaxBelowApproved: (approved: number) =>
    `Max boats cannot be lower than the ${boats(approved)} already approved for this session. Nothing was changed.`,
  sessionNone: "No training sessions yet.",
  reservationUpdated: "Reservation has been updated successfully.",
  rejectReasonRequired: "Please enter a reject reason.",
  rejectReasonPlaceholder: "Enter a reject reason / instruction",
  reservationSelectAction: "Select an action",
  reservationPickAction: "Select Approve or Reject.",
  reservationNotPending: "This reservation has already been decided or cancelled. Nothing was changed.",
  reservationOverbooked: (left: number, asked: number) =>
    `Approving ${boats(asked)} would go past the session's max boats: only ${left} ${left === 1 ? "boat is" : "boats are"} left. Nothing was changed.`,
  bookingIntro:
    "Request boats for an upcoming training session. The committee approves or rejects each request.",
  bookingRequested: (asked: number) =>
    `Your request for ${boats(asked)} has been sent. You will get an email when it is approved or rejected.`,
  bookingCancelConfirm: "Are you sure you want to cancel this request?",
  bookingCancelled: "Your request has been cancelled.",
  bookingNotCancellable: "Only a pending request can be cancelled. Nothing was changed.",
  bookingSessionGone: "This session has started or no longer exists. Pick another session.",
  bookingBoatMin: "Number of boats must be at least 1.",
  bookingBoatWhole: "Number of boats must be a whole number.",
  bookingBoatTooMany: (max: number) => `Number of boats must be at most ${max}.`,
  bookingTooMany: (left: number) =>
    left === 0
      ? "No boats are left in this session. Pick another session."
      : `Only ${left} ${left === 1 ? "boat is" : "boats are"} left in this session.`,
  bookingNoSessions: "No upcoming sessions with boats left. Check again later.",
  bookingNoRequests: "You have not requested any boats yet.",
  bookingNoClub: "Your account is not in a team, so it cannot book boats.",
  bookingAlreadyPending:
    "Your team already has a pending request for this session. Cancel it first to ask for a different number of boats.",
  bookingLeft: (left: number) => `${boats(left)} left`,
  reservationStarted: "This session has already started: it can no longer be approved. Reject it instead.",
  reservationStatus: {
    PENDING: "Pending",
    APPROVED: "Approved",
    REJECTED: "Rejected",
    CANCELLED: "Cancelled",
  },
  reservationAsks: (pending: boolean, asked: number) => `${pending ? "asks" : "asked"} for ${boats(asked)}.`,
  reservationOfSession: (id: number, start: string, end: string) =>
    `Reservation #${id}, session ${start} to ${end} (Malaysia time).`,
  reservationPressToConfirm: (label: string) => `Press ${label} to confirm.`,
  rejectReasonHint: "Needed to reject; the team's managers get it by email.",
  sessionHeading: (id: number, start: string, end: string) => `Session #${id}: ${start} to ${end}`,
  sessionApprovedOf: (approved: number) => `${boats(approved)} approved.`,
  sessionApprovedOfMax: (approved: number, max: number) => `${approved} of ${boats(max)} approved.`,
  sessionTeamsCaption: (id: number) => `Reserved Teams of session #${id}`,
  sessionDeleteRelated: (approved: number, teams: number, pending: number) =>
    `Related data: ${plural(approved, "approved boat", "approved boats")} (${plural(teams, "team", "teams")}), ${plural(pending, "pending request", "pending requests")} and any rejected or cancelled requests. The teams are not emailed.`,
  reservedBoatsLink: (reserved: number, id: number) =>
    `${plural(reserved, "reserved boat", "reserved boats")} in session #${id}: Reserved Teams`,
  reservationMailSubject: {
    APPROVED: "Your training boat request has been approved",
    REJECTED: "Your training boat request has been rejected",
  },
  reservationMailHeading: { APPROVED: "Boat request approved", REJECTED: "Boat request rejected" },
  reservationMailLine: (asked: number, start: string, end: string, status: "APPROVED" | "REJECTED") =>
    `Your request for ${boats(asked)} in the training session of ${start} to ${end} (Malaysia time) has been ${status === "APPROVED" ? "approved" : "rejected"}.`,
  reservationMailReason: (reason: string) => `Reason: ${reason}`,
  reservationMailHello: (name: string) => `Hello ${name},`,
  reservationMailLink: "See your requests",

  // Generic
  fillAll: "Make sure to fill in all the fields.",
  genericError: (doing: string) => `An error occured when ${doing}. Please try again.`,
} as const;

export const TITLES = {
  appName: "Regatta",
  login: "Login",
  reset: "Reset Password",
  register: "Registration",
  verify: "Verify Account",
  overview: "Overview",
  competitorProfile: "Competitor Profile",
  managerProfile: "Team Manager Profile",
  users: "All Users",
  approvePhoto: "Pending Approval",
  photoApproved: "Approved Photos",
  eoi: "EOI Result",
  eoiEvents: "All EOI Events",
  events: "All Events",
  assignedEvents: "Assigned Events",
  eventsSummary: "Confirmed Events Summary",
  tickets: "Dinner Ticket Purchase",
  members: "Members",
  help: "Help Center",
  teamsManage: "Manage Event Teams",
  associations: "All Teams",
  payments: "Payment Logs",
  orders: "Orders",
  rounds: "All Rounds",
  races: "All Races",
  scanLog: "Scan Logs",
  paymentReturn: "Payment",
  checkout: "Checkout",
  simulator: "Regatta (simulator)",
  scanningEntrance: "Scanning Entrance",
  scanningProfile: "Scanning Profile",
  scoreboard: "Scoreboard",
  scoreboardManage: "Scoreboard",
  trainingSessions: "Training Sessions",
  trainingReservations: "Training Reservations",
  training: "Training Booking",
  eoiManager: "Expression of Interest",
  reservedTeams: "Reserved Teams",
  trainingUpcoming: "Upcoming Sessions",
  trainingMyRequests: "My Requests",
  changePassword: "Change Password",
  auditLog: "Audit Log",
  settings: "Settings",
} as const;

export const FOOTER = {
  copyright: (year: number) => `© ${year} Regatta Dragon Boat Festival. All rights reserved.`,
  designer: "Designed and built by the Regatta team.",
} as const;

export const NAV = {
  officialWebsite: "Official Website",
  home: "Home",
  logout: "Logout",
  menu: "Menu",
  help: "Need help? Chat with us",
  // i18n: the sidebar's groups and links (app/lib/access.ts navFor)
  groupUser: "User",
  groupEoi: "EOI",
  groupEvent: "Event",
  groupTeam: "Team",
  groupTraining: "Training",
  groupOrder: "Order",
  groupScoreboard: "Scoreboard",
  groupAudit: "Audit",
  groupSettings: "Settings",
  allUsers: "All Users",
  pendingApproval: "Pending Approval",
  approvedPhotos: "Approved Photos",
  allEoiEvents: "All EOI Events",
  eoiResult: "Result",
  allEvents: "All Events",
  eventsSummary: "Confirmed Events Summary",
  allRounds: "All Rounds",
  allRaces: "All Races",
  allScans: "All Scans",
  allTeams: "All Teams",
  manageEventTeams: "Manage Event Teams",
  sessions: "Sessions",
  reservations: "Reservations",
  allOrders: "All Orders",
  paymentLogs: "Payment Logs",
  scoreboard: "Scoreboard",
  events: "Events",
} as const;

export const LABELS = {
  // i18n: auth (the logged-out screens: login, registration, reset, verify; their emails)
  email: "Email",
  password: "Password",
  confirmPassword: "Confirm Password",
  newPassword: "New Password",
  oldPassword: "Old Password",
  passwordHint: "8-16 characters",
  managerRegistration: "Team Manager Registration",
  competitorRegistration: "Competitor Registration",
  teamName: "Team Name",
  teamCountry: "Team Country",
  selectCountry: "Select a country",
  identification: "MyKad/Passport Number",
  name: "Name",
  nameHint: "As in your MyKad or passport",
  gender: "Gender",
  male: "Male",
  female: "Female",
  yob: "Year of Birth",
  phone: "Phone",
  phoneHint: "Numbers only, e.g. 60123456789",
  emergency: "Emergency Contact",
  emergencyHint: "Optional, numbers only",
  address: "Address",
  photoOptional: "Photo (optional)",
  samplePhotoAlt: "Example: head and shoulders, face centred, plain background",
  register: "Register",
  // The field names inside "… must be at most N characters." (MSG.tooLong)
  capIdentification: "MyKad/Passport number",
  capName: "Name",
  capPhone: "Phone number",
  capEmergency: "Emergency contact",
  capTeamName: "Team name",
  // The spinner's task (shown as "Logging in ...")
  taskLogin: "Logging in",
  taskRegister: "Creating account",
  taskResetEmail: "Sending reset email",
  taskReset: "Resetting password",
  taskVerify: "Verifying account",
  taskChangePassword: "Changing password",
  // Emails (in the recipient's language: users.locale)
  mailHello: (name: string) => `Hello ${name},`,
  verifyMailSubject: "Verify your Regatta account",
  verifyMailTitle: "Verify your email",
  verifyMailBody:
    "Thank you for registering for the regatta. Please verify your email address to activate your account. The link is valid for 48 hours and can be used once.",
  verifyMailLink: "Verify my email",
  resetMailSubject: "Reset your Regatta password",
  resetMailTitle: "Reset your password",
  resetMailBody:
    "We received a request to reset your password. The link is valid for 1 hour and can be used once. If you did not ask for this, ignore this email.",
  resetMailLink: "Reset my password",
  // i18n: end of auth
  // i18n: members and crews (the manager's Members, checkout, payment, Pick Crew; the sidebar)
  roles: { ADMIN: "ADMIN", COMMITTEE: "COMMITTEE", MANAGER: "MANAGER", COMPETITOR: "COMPETITOR" },
  mainNav: "Main",
  memberTabs: "Member tabs",
  tabPaid: "Paid",
  tabUnverified: "Email Verification Required",
  tabPending: "Pending Approval",
  tabFee: "Pending Crew Tag Fee",
  colIdentification: "Identification",
  colYob: "YOB",
  colPhoto: "Photo",
  colSelect: "Select",
  selectMember: (name: string) => `Select ${name}`,
  viewPhotoOf: (label: string, name: string) => `${label}: view photo of ${name}`,
  clearSelection: "Clear Selection",
  approve: "Approve",
  pay: "Pay",
  tickToApprove: "Tick members to approve them.",
  tickToPay: "Tick members to pay their crew tag fee.",
  taskApproving: "Approving",
  taskCreatingOrder: "Creating order",
  taskProcessingPayment: "Processing payment",
  taskUpdatingCrew: "Updating event team members",
  draftOrder: "Draft order",
  orderLines: "Order lines",
  item: "Item",
  price: "Price",
  count: "Count",
  subtotal: "Subtotal",
  total: "Total",
  proceedToPayment: "Proceed to Payment",
  cancel: "Cancel",
  close: "Close",
  continueToPayment: "Continue to payment",
  continue: "Continue",
  simulatorHint: "Payment simulator: no money moves.",
  pages: "Pages",
  showing: (min: number, max: number, n: number) =>
    `Showing ${formatCount(min)}–${formatCount(max)} of ${formatCount(n)}`,
  previous: "Previous",
  next: "Next",
  pageN: (n: number) => `Page ${n}`,
  rowsPerPage: "Rows per page",
  show: "Show",
  eventTeamTitle: (name: string) => `Event Team: ${name}`,
  backToEvents: "Back to Events",
  event: "Event",
  eventTeam: "Event Team",
  team: "Team",
  age: "Age",
  role: "Role",
  paddler: "Paddler",
  drummerSteererOnly: "Drummer/Steerer only",
  crewCount: (n: number) => `Crew (${n})`,
  crew: "Crew",
  canBePicked: "Members who can be picked",
  noneCanBePicked: "No member can be picked for this team yet.",
  cannotBePicked: "Members who cannot be picked",
  cannotBePickedCount: (n: number) => `Members who cannot be picked (${n})`,
  reason: "Reason",
  save: "Save",
  selection: "Selection",
  countSelected: "Selected",
  countMales: "Males",
  countFemales: "Females",
  countDrummers: "Drummers/steerers",
  capsRange: (min: number, max: number) => `Select ${min}–${max} members`,
  capsUpTo: (max: number) => `Select up to ${max} members`,
  capsMaxMale: (n: number) => `at most ${n} male`,
  capsMinFemale: (n: number) => `at least ${n} female`,
  capsMaxDrummers: (n: number) => `at most ${n} drummers/steerers`,
  crewAdminClosed: (when: string) =>
    `Crew changes closed for team managers on ${when}; as an administrator you can still change crews.`,
  ineligible: {
    role: "Not a participant",
    fee: "Crew tag fee not paid",
    photo: "Photo not approved",
    details: "Gender or year of birth missing",
    age: "Outside the event's age limits",
    otherTeam: "In another team of this event",
  },
  colEvent: "Event",
  colActions: "Actions",
  pickCrew: "Pick Crew",
  pickCrewFor: (team: string) => `Pick Crew for ${team}`,
  buyEventEntries: "Buy Event Entries",
  // i18n: end of members and crews
  // i18n: events, entries, orders, tickets (the staff's Events, Buy Event Entries, the waitlist,
  // Orders, Dinner Ticket Purchase, Manage Event Teams, the summary; their PDFs and emails)
  createEvent: "Create Event",
  editEvent: "Edit Event",
  updateEvent: "Update Event",
  deleteEvent: "Delete Event",
  taskCreatingEvent: "Creating event",
  taskUpdatingEvent: "Updating event",
  taskDeletingEvent: "Deleting event",
  search: "Search",
  filter: "Filter",
  description: "Description",
  priceRM: "Price (RM)",
  priceHint: "e.g. 100 or 100.50",
  eventCounts: {
    maxTeam: "Max Teams",
    reserveCount: "Reserve",
    minRace: "Min Race",
    maxRace: "Max Race",
    maxMale: "Max Male",
    minFemale: "Min Female",
    minAge: "Min Age",
    maxAge: "Max Age",
  },
  malaysiaOnly: "Malaysia only",
  yes: "Yes",
  no: "No",
  teams: "Teams",
  waitlist: "Waitlist",
  view: "View",
  edit: "Edit",
  delete: "Delete",
  nWaiting: (n: number) => `${n} waiting`,
  viewWaitlistOf: (name: string) => `View waitlist of ${name}`,
  editItem: (name: string) => `Edit ${name}`,
  deleteItem: (name: string) => `Delete ${name}`,
  teamsPaidOf: (teams: number, max: number) => `${teams} of ${max} teams paid`,
  waitlistOf: (name: string) => `Waitlist of ${name}`,
  country: "Country",
  managerEmail: "Manager email",
  status: "Status",
  held: "Held",
  holdUntil: "Hold until",
  joined: "Joined",
  waitlistStatus: {
    WAITING: "Waiting",
    OFFERED: "Offered",
    BOUGHT: "Bought",
    LEFT: "Left",
    EXPIRED: "Expired",
  },
  entriesLeft: "Entries Left",
  numberOfTeams: "Number of teams",
  full: "Full",
  nLeft: (n: number) => `${n} left`,
  numberOfTeamsFor: (event: string) => `Number of teams for ${event}`,
  leaveWaitlist: "Leave Waitlist",
  leaveWaitlistOf: (event: string) => `Leave Waitlist of ${event}`,
  joinWaitlist: "Join Waitlist",
  joinWaitlistOf: (event: string) => `Join Waitlist of ${event}`,
  teamsToWaitFor: (event: string) => ` to wait for in ${event}`,
  joinWaitlistFor: (event: string) => `Join the waitlist of ${event} for this number of teams:`,
  taskLeavingWaitlist: "Leaving the waitlist",
  taskJoiningWaitlist: "Joining the waitlist",
  statusAll: "All",
  orderStatus: { PROCESSING: "Processing", PAID: "Paid", FAILED: "Failed", CANCELLED: "Cancelled" },
  colId: "Id",
  created: "Created",
  owner: "Owner",
  totalRM: "Total (RM)",
  viewOrder: "View Order",
  editOrderNotes: "Edit Order / Add Notes",
  downloadInvoice: "Download Invoice",
  downloadReceipt: "Download Receipt",
  cancelOrder: "Cancel Order",
  orderN: (id: number) => `Order #${id}`,
  yesUpdateStatus: "Yes, update status",
  updateStatus: "Update Status",
  taskUpdatingStatus: "Updating status",
  notes: "Notes",
  orderNotes: "Order notes",
  date: "Date",
  author: "Author",
  note: "Note",
  addNote: "Add Note",
  taskAddingNote: "Adding note",
  dinnerTicket: "Dinner Ticket",
  numberOfPax: "Number of pax",
  association: "Association",
  selectAssociation: "Select an association",
  showTeams: "Show Teams",
  noEventTeams: "This association has no event teams.",
  selectEventTeam: "Select an event team",
  showMembers: "Show Members",
  nMembers: (n: number) => `${n} ${n === 1 ? "member" : "members"}`,
  international: "International",
  other: "Other",
  // The invoice and receipt PDFs (in the requester's language; the emailed receipt in the owner's)
  pdfTitle: { invoice: "INVOICE", receipt: "RECEIPT" },
  pdfOrderId: "Order ID",
  pdfStatus: { PROCESSING: "PROCESSING", PAID: "PAID", FAILED: "FAILED", CANCELLED: "CANCELLED" },
  pdfPaid: "Paid",
  pdfTransactionId: "Transaction ID",
  pdfReceiptClosing: "Thank you. Payment received in full. Orders are non-refundable.",
  pdfInvoiceClosing: "Orders are non-refundable and are confirmed only on successful payment.",
  // Crew tag cards and their download (beyond the spec)
  tagNoPhoto: "NO PHOTO",
  tagEvents: "EVENTS",
  tagMore: (n: number) => `+${n} more`,
  tagNoTeam: "No event team yet",
  crewTagsNone: "No crew tags to print yet: a member gets a crew tag once their crew tag fee is paid.",
  crewTagsError: "An error occured when downloading crew tags. Please try again.",
  // Emails: order paid, waitlist offer (in the recipient's language: users.locale)
  orderPaidSubject: (id: number) => `Payment received: order #${id}`,
  orderPaidTitle: "Payment received",
  orderPaidBody: (amount: string, id: number, team: string) =>
    `We have received your payment of ${amount} for order #${id}${team ? ` for ${team}` : ""}. Your receipt is attached to this email (receipt.pdf).`,
  orderPaidThanks: (name: string) => `Thank you for taking part in ${name}. Orders are non-refundable.`,
  orderPaidLink: "View your orders",
  offerMailSubject: "Event entries are held for your team",
  offerMailTitle: "Entries are held for your team",
  offerMailBody: (event: string, held: number, until: string) =>
    `Entries have freed up in ${event}: ${held === 1 ? "1 entry is" : `${held} entries are`} held for your team until ${until} (Malaysia time).`,
  offerMailBuy:
    "Buy them on the Events page before then; after that they go to the next team on the waitlist.",
  offerMailLink: "Buy the entries",
  // i18n: end of events, entries, orders, tickets
} as const;

/** The English bundle: the spec's sentences to the letter. Every other language (messages.ms.ts)
 * must have the same keys, each a string or a function of the same parameters (the type below
 * makes a missing or extra key a compile error; app/i18n/bundles.test.ts checks it again at run
 * time and flags values left in English). */
export const EN = { MSG, TITLES, FOOTER, NAV, LABELS } as const;

type Widen<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Widen<T[K]>;
};
export type Bundle = Widen<typeof EN>;
