// The spec's route table (section 2) against every guarded route module, for every role and for
// nobody, by calling the loaders and actions directly with a session cookie (no browser; see
// route-request.ts). The table below is written out independently of app/lib/access.ts, so a
// mistake there fails here. A refused caller is sent home with "Unauthorized. Redirect to
// homepage." (logged out: to the login with "Session expired! Log in to proceed."; a guest-only
// route sends a user home in silence), and a refused POST, with a valid CSRF token, writes
// nothing. Then the writes a manager may make only for their own club, tried on another club's.
// The browser-level checks (the toast on the page, JS on and off) stay in tests/e2e/access.spec.ts.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../db/enums";
import { ROUTES, type RouteKey } from "~/lib/access";
import { db, schema } from "~/lib/db.server";
import {
  type Caller,
  callerOf,
  getRequest,
  type Made,
  makeClub,
  makeUser,
  type Outcome,
  postRequest,
  run,
  writes,
} from "./route-request";

const STAFF: Role[] = ["ADMIN", "COMMITTEE"];
const ALL: Role[] = [...ROLES];

/** Who may open each route of the table: roles, any user, logged-out only, or anyone. */
const SPEC = {
  home: ALL,
  password: ALL,
  confirmedEvents: ["MANAGER"],
  referralRegenerate: ["MANAGER"],
  login: "guest",
  reset: "guest",
  register: "guest",
  verify: "guest",
  users: STAFF,
  approvePhoto: ["ADMIN"],
  photoApproved: STAFF,
  eoi: ["ADMIN", "COMMITTEE", "MANAGER"],
  eoiEvents: ["ADMIN"],
  events: ALL,
  eventsSummary: STAFF,
  tickets: ["MANAGER"],
  members: ["MANAGER"],
  crewTags: ["MANAGER"],
  associationCrewTags: ["ADMIN", "MANAGER"],
  help: ["MANAGER"],
  teamsManage: ["ADMIN"],
  associations: STAFF,
  associationReferralRegenerate: ["ADMIN"],
  payments: ["ADMIN"],
  orders: ["ADMIN", "MANAGER"],
  rounds: ["ADMIN"],
  races: STAFF,
  scanLog: ["ADMIN"],
  paymentReturn: "public",
  scanningEntrance: "public",
  scanningProfile: "public",
  kioskEnrol: STAFF,
  kiosks: ["ADMIN"],
  scoreboard: "public",
  scoreboardManage: STAFF,
  trainingSessions: STAFF,
  trainingReservations: STAFF,
  training: ["MANAGER"],
  notFound: "public",
  reconnecting: "public",
  auditLog: ["ADMIN"],
  settings: ["ADMIN"],
  editions: ["ADMIN"],
  editionView: STAFF,
  raceControl: STAFF,
  roundResults: STAFF,
  crewChanges: STAFF,
  myRaces: ["MANAGER", "COMPETITOR"],
  myRacesIcs: "public",
  scanningPontoon: "public",
  board: "public",
  results: "public",
  resultsYear: "public",
  standings: "public",
  standingsCsv: "public",
  awardsPdf: STAFF,
  overlay: "public",
  api: "public",
  apiV1: "public",
  webhooks: ["ADMIN"],
  webhook: ["ADMIN"],
} satisfies Record<RouteKey, Role[] | "guest" | "public">;

type Who = Role | "anonymous";
const WHO: Who[] = ["anonymous", ...ALL];

const UNAUTHORIZED = "Unauthorized. Redirect to homepage.";
const SESSION_EXPIRED = "Session expired! Log in to proceed.";

type Expected = { kind: "allowed" } | { kind: "refused"; location: string; toasts: string[] };

function expected(who: Who, key: RouteKey, pathname: string): Expected {
  const access: Role[] | "guest" | "public" = SPEC[key];
  if (access === "public") return { kind: "allowed" };
  if (access === "guest")
    return who === "anonymous" ? { kind: "allowed" } : { kind: "refused", location: "/", toasts: [] };
  if (who === "anonymous")
    return { kind: "refused", location: "/auth/login", toasts: pathname === "/" ? [] : [SESSION_EXPIRED] };
  return access.includes(who)
    ? { kind: "allowed" }
    : { kind: "refused", location: "/", toasts: [UNAUTHORIZED] };
}

/** What the caller got, in the same terms: a refusal is a redirect home or to the login. */
function seen(o: Outcome): Expected {
  if ((o.status === 302 && o.location === "/") || o.location === "/auth/login")
    return { kind: "refused", location: o.location, toasts: o.toasts };
  return { kind: "allowed" };
}

// Every route module that guards itself, found in app/routes, with the URL it serves.
type Module = { file: string; key: RouteKey; url: string; params: Record<string, string> };
const ROUTES_DIR = path.resolve("app/routes");
const PARAMS: Record<string, string> = { id: "1", teamId: "1", token: "x", role: "manager" };

function urlOf(file: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.(tsx|ts)$/, "")
    .replace(/\[\.\]/g, "~")
    .split(".")
    .filter((s) => !s.startsWith("_"))
    .map((s) => {
      const seg = s.replace(/~/g, ".").replace(/_$/, ""); // `users_.x`: not nested, same URL
      if (!seg.startsWith("$")) return seg;
      const name = seg.slice(1);
      params[name] = PARAMS[name] ?? "1";
      return params[name];
    });
  return { url: `/${segments.join("/")}`, params };
}

function guardedModules(): Module[] {
  const out: Module[] = [];
  for (const entry of fs.readdirSync(ROUTES_DIR).sort()) {
    // A route folder (`X/route.tsx`, docs/code-map.md) serves the folder's name.
    const folder = fs.statSync(path.join(ROUTES_DIR, entry)).isDirectory();
    const inside = folder
      ? ["route.tsx", "route.ts"].find((f) => fs.existsSync(path.join(ROUTES_DIR, entry, f)))
      : null;
    if (folder && !inside) continue;
    const file = inside ? `${entry}/${inside}` : entry;
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
    const keys = new Set([...source.matchAll(/require(?:User|Guest)\(request, "(\w+)"\)/g)].map((m) => m[1]));
    if (keys.size === 0) continue;
    expect(keys.size, `${file} guards with one route key`).toBe(1);
    const key = [...keys][0] as RouteKey;
    expect(ROUTES[key], `${file}: ${key} is in the route table`).toBeDefined();
    out.push({ file, key, ...urlOf(entry) });
  }
  return out;
}

const MODULES = guardedModules();
/** Routes for a form's POST only, whose GET goes to the form's page whoever asks. */
const POST_ONLY = new Set(["auth.resend-verification.tsx", "scanning.enrol.ts"]);
const load = (file: string) => import(/* @vite-ignore */ path.join(ROUTES_DIR, file));

const callers = {} as Record<Who, Caller>;
let users = {} as Record<Role, Made>;

beforeAll(async () => {
  const club = makeClub();
  users = {
    ADMIN: makeUser("ADMIN"),
    COMMITTEE: makeUser("COMMITTEE"),
    MANAGER: makeUser("MANAGER", club.id),
    COMPETITOR: makeUser("COMPETITOR", club.id),
  };
  callers.anonymous = await callerOf(null);
  for (const role of ALL) callers[role] = await callerOf(users[role]);
});

describe("the route table", () => {
  it("covers every route module that guards itself, and every guarded route of the table", () => {
    expect(MODULES.length).toBeGreaterThan(80);
    const guarded = (Object.keys(ROUTES) as RouteKey[]).filter((k) => SPEC[k] !== "public");
    expect(new Set(MODULES.map((m) => m.key))).toEqual(new Set(guarded));
    // The table's own paths are served by modules of the same key.
    for (const key of guarded) {
      const want = ROUTES[key].path.replace(/:(\w+)/g, (_, p: string) => PARAMS[p] ?? "1");
      expect(
        MODULES.some((m) => m.key === key && m.url === want),
        `${key}: ${want}`,
      ).toBe(true);
    }
  });

  for (const who of WHO) {
    it(`loaders as ${who}: in where the table lets them, else home or to the login with its toast`, async () => {
      const wrong: string[] = [];
      for (const m of MODULES) {
        const { loader } = await load(m.file);
        if (!loader || POST_ONLY.has(m.file)) continue;
        const outcome = await run(loader, getRequest(callers[who], m.url), m.params);
        const want = expected(who, m.key, m.url);
        if (JSON.stringify(seen(outcome)) !== JSON.stringify(want))
          wrong.push(
            `${who} GET ${m.url} (${m.file}): ${JSON.stringify(outcome)}, want ${JSON.stringify(want)}`,
          );
      }
      expect(wrong).toEqual([]);
    });

    it(`actions as ${who}: a refused POST with a valid CSRF token writes nothing`, async () => {
      let refused = 0;
      const wrong: string[] = [];
      for (const m of MODULES) {
        const { action } = await load(m.file);
        const want = expected(who, m.key, m.url);
        if (!action || want.kind === "allowed") continue;
        const before = writes();
        const outcome = await run(action, postRequest(callers[who], m.url, { intent: "save" }), m.params);
        if (JSON.stringify(seen(outcome)) !== JSON.stringify(want))
          wrong.push(
            `${who} POST ${m.url} (${m.file}): ${JSON.stringify(outcome)}, want ${JSON.stringify(want)}`,
          );
        if (writes() !== before)
          wrong.push(`${who} POST ${m.url} (${m.file}) wrote ${writes() - before} rows`);
        refused++;
      }
      expect(wrong).toEqual([]);
      // Everyone is refused somewhere (a broken loop would pass by testing nothing).
      expect(refused).toBeGreaterThan(who === "ADMIN" ? 4 : 10);
    });
  }

  it("public routes answer everyone without a refusal", async () => {
    const publicFiles = [
      "scanning.entrance/route.tsx",
      "scanning.profile.tsx",
      "scoreboard/route.tsx",
      "board/route.tsx",
      "results._index/route.tsx",
      "results.$year.tsx",
      "standings/route.tsx", // issue 29
      "standings[.]csv.ts",
      "overlay/route.tsx",
      "api/route.ts",
      "not-found.tsx",
      "reconnecting.tsx",
    ];
    for (const file of publicFiles) {
      const { loader } = await load(file);
      const { url } = urlOf(file.replace(/\/route\.tsx?$/, ""));
      for (const who of WHO) {
        const outcome = await run(loader, getRequest(callers[who], url));
        expect(seen(outcome), `${who} GET ${url}`).toEqual({ kind: "allowed" });
      }
    }
  });
});

describe("another club's rows: their manager's reads and writes are refused and change nothing", () => {
  it("their order, their event team's crew, their waitlist entry, their training request", async () => {
    const d = db();
    const mine = makeClub();
    const theirs = makeClub();
    const manager = makeUser("MANAGER", mine.id);
    const other = makeUser("MANAGER", theirs.id);
    const rival = makeUser("COMPETITOR", theirs.id);
    const caller = await callerOf(manager);
    const event = d
      .insert(schema.events)
      .values({ name: `EVENT ${Date.now()}` })
      .returning()
      .get();
    const order = d
      .insert(schema.orders)
      .values({ ownerId: other.id, status: "PROCESSING", token: `order-${process.pid}-${Date.now()}` })
      .returning()
      .get();
    const team = d
      .insert(schema.teams)
      .values({ name: `${theirs.name} A`, associationId: theirs.id, eventId: event.id })
      .returning()
      .get();
    const entry = d
      .insert(schema.waitlist)
      .values({ eventId: event.id, associationId: theirs.id, userId: other.id, teams: 1 })
      .returning()
      .get();
    const session = d
      .insert(schema.trainingSessions)
      .values({
        startTime: new Date(Date.now() + 86_400_000),
        endTime: new Date(Date.now() + 90_000_000),
        maxBoat: 5,
      })
      .returning()
      .get();
    const booking = d
      .insert(schema.trainingReservations)
      .values({ sessionId: session.id, associationId: theirs.id, boat: 1 })
      .returning()
      .get();

    type Try = {
      file: string;
      url: string;
      params?: Record<string, string>;
      fields?: Record<string, string>;
    };
    const reads: Try[] = [
      { file: "_app.orders.$id._index.tsx", url: `/orders/${order.id}`, params: { id: `${order.id}` } },
      {
        file: "_app.orders.$id.cancel.tsx",
        url: `/orders/${order.id}/cancel`,
        params: { id: `${order.id}` },
      },
      {
        file: "_app.events_.teams.$teamId.tsx",
        url: `/events/teams/${team.id}`,
        params: { teamId: `${team.id}` },
      },
      {
        file: "_app.training.$id.cancel.tsx",
        url: `/training/${booking.id}/cancel`,
        params: { id: `${booking.id}` },
      },
      {
        file: "associations.$id.crew-tags[.]pdf.ts",
        url: `/associations/${theirs.id}/crew-tags.pdf`,
        params: { id: `${theirs.id}` },
      },
    ];
    const writesTried: Try[] = [
      ...reads.slice(1, 4),
      {
        file: "_app.events.waitlist.tsx",
        url: "/events/waitlist",
        fields: { intent: "leave", entry: `${entry.id}` },
      },
    ];
    writesTried[1].fields = { member: `${rival.id}` };
    const wrong: string[] = [];
    for (const t of reads) {
      const { loader } = await load(t.file);
      const o = await run(loader, getRequest(caller, t.url), t.params);
      // Not theirs to see: a 404, or back to a list with a toast; never the other club's page.
      if (!(o.status === 404 || (o.status === 302 && o.toasts.length > 0)))
        wrong.push(`GET ${t.url}: ${JSON.stringify(o)}`);
    }
    for (const t of writesTried) {
      const { action } = await load(t.file);
      const before = writes();
      const o = await run(action, postRequest(caller, t.url, t.fields ?? {}), t.params);
      if (o.status === 200) wrong.push(`POST ${t.url}: answered 200`);
      if (writes() !== before) wrong.push(`POST ${t.url}: wrote ${writes() - before} rows`);
    }
    expect(wrong).toEqual([]);
    // And so the rows are as they were.
    expect(d.select().from(schema.orders).where(eq(schema.orders.id, order.id)).get()?.status).toBe(
      "PROCESSING",
    );
    expect(d.select().from(schema.teamMembers).where(eq(schema.teamMembers.teamId, team.id)).all()).toEqual(
      [],
    );
    expect(d.select().from(schema.waitlist).where(eq(schema.waitlist.id, entry.id)).get()?.status).toBe(
      "WAITING",
    );
    expect(
      d.select().from(schema.trainingReservations).where(eq(schema.trainingReservations.id, booking.id)).get()
        ?.status,
    ).toBe("PENDING");
  });
});
