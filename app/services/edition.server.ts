// A request's edition (issue 21, docs/decisions/0033-editions.md). Managers, competitors, the kiosk
// and the public always get the open edition. ADMIN and COMMITTEE may look at another one: the
// sidebar's picker (POST /editions/view) sets the `edition` cookie, a plain id (it chooses what to
// look at and grants nothing: a forged one only shows a staff member another year).
//
// Routes call `editionOf(request, user)` and hand its id to every model; models never ask which
// edition is current. Writing into an archived edition is refused twice: here, before any action
// runs while staff look at an archive (`archivedRefusal`, called by services/failures.server.ts for every
// action), and under the app by migration 0018's triggers, whose EDITION_ARCHIVED error (an id of
// an archived row posted while looking at the open edition) gets the same answer.
import { cookieName, secureCookies } from "~/lib/cookies.server";
import { currentEdition, type Edition, getEdition } from "~/models/edition.server";
import type { User } from "~/models/user.server";

export type { Edition } from "~/models/edition.server";

const COOKIE = () => cookieName("__edition");

/** The edition id a staff member chose to look at, from the Cookie header (or null). */
export function chosenEditionId(request: Request): number | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const name = COOKIE();
  for (const part of header.split(";")) {
    const [k, v] = part.trim().split("=");
    if (k === name && v && /^\d{1,9}$/.test(v)) return Number(v);
  }
  return null;
}

const isStaff = (user: Pick<User, "role"> | null) => user?.role === "ADMIN" || user?.role === "COMMITTEE";

/** The edition this request reads and writes: the chosen one for staff, else the open one. */
export function editionOf(request: Request, user: Pick<User, "role"> | null): Edition {
  if (isStaff(user)) {
    const id = chosenEditionId(request);
    const chosen = id === null ? null : getEdition(id);
    if (chosen) return chosen;
  }
  return currentEdition();
}

/** The Set-Cookie value that makes a staff member look at this edition (null: the open one). */
export function editionCookie(id: number | null): string {
  const secure = secureCookies() ? "; Secure" : "";
  if (id === null) return `${COOKIE()}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
  return `${COOKIE()}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000${secure}`;
}

/** Actions that work whatever edition is being looked at: choosing another one, logging out, the
 * language, the editions screen itself (it never writes into an archive) and the kiosk (it always
 * scans into the open edition). */
const ALWAYS = [/^\/editions(\/|$)/, /^\/auth\/logout$/, /^\/lang$/, /^\/scanning\//];

/** The archived edition a staff member is looking at while posting to an action that would write
 * into it (null: go on). */
export function archivedRefusal(request: Request): Edition | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const id = chosenEditionId(request);
  if (id === null) return null;
  const path = new URL(request.url).pathname;
  if (ALWAYS.some((re) => re.test(path))) return null;
  const chosen = getEdition(id);
  return chosen?.state === "ARCHIVED" ? chosen : null;
}

/** A write refused by migration 0018's triggers: a row of an archived edition. */
export function isArchivedWrite(error: unknown): boolean {
  return (
    error instanceof Error &&
    /EDITION_ARCHIVED/.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`)
  );
}
