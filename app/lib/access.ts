// The spec's route table (section 2), once. It drives the server-side guards (access.server.ts)
// and the sidebar, so a link is shown only where its route would let the user in.
import type { Role } from "../../db/enums";
import { type Bundle, EN } from "~/i18n/en";

/** "user": any logged-in user; "guest": logged-out only; "public": no guard; Role[]: those roles. */
export type Access = "user" | "guest" | "public" | readonly Role[];

export const ROUTES = {
  home: { path: "/", access: "user" },
  password: { path: "/password", access: "user" },
  confirmedEvents: { path: "/confirmed-events", access: ["MANAGER"] },
  // Beyond the spec (issue 18): a manager regenerates their own club's referral link.
  referralRegenerate: { path: "/referral-link", access: ["MANAGER"] },
  login: { path: "/auth/login", access: "guest" },
  reset: { path: "/auth/reset", access: "guest" },
  register: { path: "/auth/register/:role", access: "guest" },
  verify: { path: "/auth/verify/:token", access: "guest" },
  users: { path: "/users", access: ["ADMIN", "COMMITTEE"] },
  approvePhoto: { path: "/users/approve-photo", access: ["ADMIN"] },
  photoApproved: { path: "/users/photo-approved", access: ["ADMIN", "COMMITTEE"] },
  eoi: { path: "/eoi", access: ["ADMIN", "COMMITTEE", "MANAGER"] },
  eoiEvents: { path: "/eoi-events", access: ["ADMIN"] },
  events: { path: "/events", access: "user" },
  eventsSummary: { path: "/events-summary", access: ["ADMIN", "COMMITTEE"] },
  tickets: { path: "/tickets/purchase", access: ["MANAGER"] },
  members: { path: "/members", access: ["MANAGER"] },
  // Beyond the spec (issue 10): crew tag PDFs. A manager's own club; an ADMIN's any club (a
  // manager asking for another club's id gets a 404 from the route).
  crewTags: { path: "/members/crew-tags.pdf", access: ["MANAGER"] },
  associationCrewTags: { path: "/associations/:id/crew-tags.pdf", access: ["ADMIN", "MANAGER"] },
  help: { path: "/help", access: ["MANAGER"] },
  teamsManage: { path: "/teams/manage", access: ["ADMIN"] },
  associations: { path: "/associations", access: ["ADMIN", "COMMITTEE"] },
  // Beyond the spec (issue 18): ADMIN regenerates any club's referral link (COMMITTEE only copies it).
  associationReferralRegenerate: { path: "/associations/:id/regenerate", access: ["ADMIN"] },
  payments: { path: "/payments", access: ["ADMIN"] },
  orders: { path: "/orders", access: ["ADMIN", "MANAGER"] },
  rounds: { path: "/rounds", access: ["ADMIN"] },
  races: { path: "/races", access: ["ADMIN", "COMMITTEE"] },
  // Beyond the spec (issue 20): race control and the results desk (ADMIN, COMMITTEE); the
  // timetable and progression plans are ADMIN's (checked in their actions).
  raceControl: { path: "/race-control", access: ["ADMIN", "COMMITTEE"] },
  roundResults: { path: "/rounds/:id/results", access: ["ADMIN", "COMMITTEE"] },
  // Issue 28: race day on the water. Staff decide race-day crew changes; managers and competitors
  // see their own races (the calendar feed is public, guarded by its key); the pontoon kiosk is
  // guarded as the entrance kiosk is (staff or an enrolled device).
  crewChanges: { path: "/crew-changes", access: ["ADMIN", "COMMITTEE"] },
  myRaces: { path: "/my-races", access: ["MANAGER", "COMPETITOR"] },
  myRacesIcs: { path: "/my-races.ics", access: "public" },
  scanningPontoon: { path: "/scanning/pontoon", access: "public" },
  board: { path: "/board", access: "public" },
  // Issue 21: every public edition's official results.
  results: { path: "/results", access: "public" },
  resultsYear: { path: "/results/:year", access: "public" },
  scanLog: { path: "/scan-log", access: ["ADMIN"] },
  paymentReturn: { path: "/senangpay/return", access: "public" },
  scanningEntrance: { path: "/scanning/entrance", access: "public" },
  scanningProfile: { path: "/scanning/profile", access: "public" },
  // Beyond the spec (issue 18): the kiosk screens show participants only to staff or an enrolled
  // device; staff enrol a device there, ADMIN lists and revokes them.
  kioskEnrol: { path: "/scanning/enrol", access: ["ADMIN", "COMMITTEE"] },
  kiosks: { path: "/kiosks", access: ["ADMIN"] },
  scoreboard: { path: "/scoreboard", access: "public" },
  scoreboardManage: { path: "/scoreboard-manage", access: ["ADMIN", "COMMITTEE"] },
  trainingSessions: { path: "/training-sessions", access: ["ADMIN", "COMMITTEE"] },
  trainingReservations: { path: "/training-reservations", access: ["ADMIN", "COMMITTEE"] },
  // Beyond the spec's route table (issue 11): a manager books training boats.
  training: { path: "/training", access: ["MANAGER"] },
  notFound: { path: "/not-found", access: "public" },
  // Issue 27: what the cluster's edge (cluster/edge.mjs) answers a write with while the primary is down.
  reconnecting: { path: "/reconnecting", access: "public" },
  auditLog: { path: "/audit-log", access: ["ADMIN"] }, // beyond the spec: staff actions
  settings: { path: "/settings", access: ["ADMIN"] }, // beyond the spec: the regatta's own numbers
  // Issue 21: ADMIN makes and opens editions; staff choose the edition they look at (the picker).
  editions: { path: "/editions", access: ["ADMIN"] },
  editionView: { path: "/editions/view", access: ["ADMIN", "COMMITTEE"] },
  // Issue 29: the club championship, the broadcast overlay and open data (public, no login), the
  // prize-giving sheet (staff) and signed webhooks (ADMIN).
  standings: { path: "/standings", access: "public" },
  standingsCsv: { path: "/standings.csv", access: "public" },
  awardsPdf: { path: "/race-control/awards.pdf", access: ["ADMIN", "COMMITTEE"] },
  overlay: { path: "/overlay", access: "public" },
  api: { path: "/api", access: "public" },
  apiV1: { path: "/api/v1/*", access: "public" },
  webhooks: { path: "/webhooks", access: ["ADMIN"] },
  webhook: { path: "/webhooks/:id", access: ["ADMIN"] },
} as const satisfies Record<string, { path: string; access: Access }>;

export type RouteKey = keyof typeof ROUTES;

/** Which association's rows a user may see (services/access.server.ts scopeOf): managers and
 * competitors their own, staff all. Here, below the models that take it (issue 30). */
export type Scope = { kind: "all" } | { kind: "association"; associationId: number };

export type Decision =
  | { kind: "allow" }
  | { kind: "login"; message: string | null }
  | { kind: "home"; message: string | null };

/** The guard of section 2 as a pure decision; the server turns it into a redirect with a toast. */
export function decide(access: Access, role: Role | null, pathname: string): Decision {
  if (access === "public") return { kind: "allow" };
  if (access === "guest") return role ? { kind: "home", message: null } : { kind: "allow" };
  if (!role) return { kind: "login", message: pathname === "/" ? null : "session" };
  if (access === "user" || access.includes(role)) return { kind: "allow" };
  return { kind: "home", message: "unauthorized" };
}

export function canAccess(key: RouteKey, role: Role | null): boolean {
  return decide(ROUTES[key].access, role, ROUTES[key].path).kind === "allow";
}

export type NavItem = { label: string; to: string };
export type NavGroup = { label: string; items: NavItem[] };

/** A label read from the page's bundle, so the sidebar speaks the page's language. */
type Label = (b: Bundle) => string;
type NavSpec = { label: Label; items: [Label, RouteKey][] };

// Spec's sidebar by role. An item is listed only if the route table admits the role
// (see docs/decisions/0002-sidebar-follows-route-table.md).
const STAFF_NAV: NavSpec[] = [
  {
    label: (b) => b.NAV.groupUser,
    items: [
      [(b) => b.NAV.allUsers, "users"],
      [(b) => b.NAV.pendingApproval, "approvePhoto"],
      [(b) => b.NAV.approvedPhotos, "photoApproved"],
    ],
  },
  {
    label: (b) => b.NAV.groupEoi,
    items: [
      [(b) => b.NAV.allEoiEvents, "eoiEvents"],
      [(b) => b.NAV.eoiResult, "eoi"],
    ],
  },
  {
    label: (b) => b.NAV.groupEvent,
    items: [
      [(b) => b.NAV.allEvents, "events"],
      [(b) => b.NAV.eventsSummary, "eventsSummary"],
      [(b) => b.NAV.allRounds, "rounds"],
      [(b) => b.NAV.allRaces, "races"],
      [(b) => b.NAV.raceControl, "raceControl"], // beyond the spec (issue 20)
      [(b) => b.NAV.crewChanges, "crewChanges"], // issue 28
      [(b) => b.NAV.allScans, "scanLog"],
      [(b) => b.NAV.kiosks, "kiosks"], // beyond the spec (issue 18)
    ],
  },
  {
    label: (b) => b.NAV.groupTeam,
    items: [
      [(b) => b.NAV.allTeams, "associations"],
      [(b) => b.NAV.manageEventTeams, "teamsManage"],
    ],
  },
  {
    label: (b) => b.NAV.groupTraining,
    items: [
      [(b) => b.NAV.sessions, "trainingSessions"],
      [(b) => b.NAV.reservations, "trainingReservations"],
    ],
  },
  {
    label: (b) => b.NAV.groupOrder,
    items: [
      [(b) => b.NAV.allOrders, "orders"],
      [(b) => b.NAV.paymentLogs, "payments"],
    ],
  },
  { label: (b) => b.NAV.groupScoreboard, items: [[(b) => b.NAV.scoreboard, "scoreboardManage"]] },
  { label: (b) => b.NAV.groupAudit, items: [[(b) => b.TITLES.auditLog, "auditLog"]] },
  { label: (b) => b.NAV.groupEdition, items: [[(b) => b.NAV.editions, "editions"]] }, // issue 21
  {
    label: (b) => b.NAV.groupSettings,
    items: [
      [(b) => b.TITLES.settings, "settings"], // beyond the spec
      [(b) => b.NAV.webhooks, "webhooks"], // issue 29
    ],
  },
];

const NO_GROUP: Label = () => "";

const MANAGER_NAV: NavSpec[] = [
  {
    label: NO_GROUP,
    items: [
      // Beyond the spec's sidebar: their Assigned Events (issue 8), reachable only by URL before.
      [(b) => b.NAV.events, "events"],
      [(b) => b.NAV.myRaces, "myRaces"], // issue 28
      [(b) => b.TITLES.tickets, "tickets"],
      [(b) => b.TITLES.members, "members"],
      [(b) => b.TITLES.orders, "orders"],
      [(b) => b.TITLES.eoiManager, "eoi"], // beyond the spec's sidebar (issue 11)
      [(b) => b.TITLES.training, "training"], // beyond the spec's sidebar (issue 11)
      [(b) => b.TITLES.help, "help"],
    ],
  },
];

// Beyond the spec's sidebar (which has nothing for competitors): their Assigned Events.
const COMPETITOR_NAV: NavSpec[] = [
  {
    label: NO_GROUP,
    items: [
      [(b) => b.NAV.events, "events"],
      [(b) => b.NAV.myRaces, "myRaces"], // issue 28
    ],
  },
];

/** The sidebar of a role, in the language of `bundle` (English by default). */
export function navFor(role: Role, bundle: Bundle = EN): NavGroup[] {
  const spec =
    role === "ADMIN" || role === "COMMITTEE" ? STAFF_NAV : role === "MANAGER" ? MANAGER_NAV : COMPETITOR_NAV;
  return spec
    .map((g) => ({
      label: g.label(bundle),
      items: g.items
        .filter(([, key]) => canAccess(key, role))
        .map(([label, key]) => ({ label: label(bundle), to: ROUTES[key].path })),
    }))
    .filter((g) => g.items.length > 0);
}
