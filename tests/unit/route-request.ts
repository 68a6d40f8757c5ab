// Calling a route's loader or action directly, as a given user, without a browser or a server
// (as Epic Stack tests its loaders): a user of a role, a session row and its signed cookie (what
// createUserSession gives a real login), a CSRF token bound to that session, and a Request. The
// answer, thrown or returned, comes back as one Outcome: status, Location and flashed toasts.
import type { Role } from "../../db/enums";
import { csrfCookieName, csrfToken } from "~/lib/csrf.server";
import { db } from "~/lib/db.server";
import { createUserSession } from "~/models/session.server";
import { takeToasts } from "~/lib/toast.server";
import { club, user } from "../factories";

export const ORIGIN = "http://127.0.0.1:3999"; // APP_URL of the unit tests (tests/setup-unit.ts)

let made = 0;

/** A club (association) of its own. */
export function makeClub(name?: string): { id: number; name: string } {
  const made = club(name === undefined ? {} : { name });
  return { id: made.id, name: made.name };
}

export type Made = { id: number; role: Role; associationId: number | null; email: string };

/** A verified, approved user of `role` (managers and competitors in a club, their own by default). */
export function makeUser(role: Role, associationId?: number): Made {
  const club = role === "MANAGER" || role === "COMPETITOR" ? (associationId ?? makeClub().id) : null;
  const email = `${role.toLowerCase()}-${++made}-${process.pid}@example.test`;
  const row = user({
    email,
    hash: "x", // never logs in by password: the session is made directly
    name: `${role} ${made}`,
    role,
    associationId: club,
    verified: true,
    approved: true,
  });
  return { id: row.id, role, associationId: club, email };
}

/** Who sends a request: nobody, or a user with a session and a CSRF token bound to it. */
export type Caller = { user: Made | null; cookie: string; csrf: string };

/** A caller with a live session for `user` (as after logging in), or anonymous for null. */
export async function callerOf(user: Made | null): Promise<Caller> {
  const session = user ? (await createUserSession(user.id)).split(";")[0] : "";
  const probe = new Request(`${ORIGIN}/`, { headers: session ? { Cookie: session } : {} });
  const { token } = await csrfToken(probe);
  const cookie = [session, `${csrfCookieName()}=${token}`].filter(Boolean).join("; ");
  return { user, cookie, csrf: token };
}

/** A GET of `path` by `caller`. */
export function getRequest(caller: Caller, path: string): Request {
  return new Request(`${ORIGIN}${path}`, { headers: { Cookie: caller.cookie } });
}

/** A form POST to `path` by `caller`, with their valid CSRF token unless `csrf: false`. */
export function postRequest(
  caller: Caller,
  path: string,
  fields: Record<string, string> = {},
  { csrf = true } = {},
): Request {
  const body = new URLSearchParams(fields);
  if (csrf) body.set("csrf", caller.csrf);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Cookie: caller.cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
    },
    body,
  });
}

export type Outcome = { status: number; location: string | null; toasts: string[]; thrown: boolean };

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

/** Runs a loader or action and describes its answer, whether it returned or threw a Response. */
export async function run(
  handler: unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Outcome> {
  let answer: unknown;
  let thrown = false;
  try {
    answer = await (handler as Handler)({ request, params, context: {} });
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    answer = error;
    thrown = true;
  }
  if (!(answer instanceof Response)) return { status: 200, location: null, toasts: [], thrown };
  const flash = answer.headers.getSetCookie().find((c) => c.includes("__flash="));
  const toasts = flash
    ? (await takeToasts(new Request(ORIGIN, { headers: { Cookie: flash.split(";")[0] } }))).toasts.map(
        (t) => t.message,
      )
    : [];
  return { status: answer.status, location: answer.headers.get("Location"), toasts, thrown };
}

/** How many rows the app's connection has written so far (SQLite total_changes()). */
export function writes(): number {
  return (db().$client.prepare("SELECT total_changes() AS n").get() as { n: number }).n;
}
