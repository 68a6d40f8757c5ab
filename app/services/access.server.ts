// Server-side guards. Every loader and action of a guarded route calls one of these itself:
// Remix runs nested loaders in parallel, so a layout's check protects nothing below it.
import { redirect } from "@remix-run/node";
import type { Role } from "../../db/schema";
import { decide, ROUTES, type RouteKey, type Scope } from "~/lib/access";
import { getUser } from "~/models/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { User } from "~/models/user.server";
import { MSG } from "~/messages";

type Guarded = {
  [K in RouteKey]: (typeof ROUTES)[K]["access"] extends "guest" | "public" ? never : K;
}[RouteKey];

async function enforce(request: Request, key: RouteKey): Promise<User | null> {
  const user = await getUser(request);
  const pathname = new URL(request.url).pathname;
  const decision = decide(ROUTES[key].access, user?.role ?? null, pathname);
  if (decision.kind === "allow") return user;
  if (decision.kind === "login") {
    if (!decision.message) throw redirect(ROUTES.login.path);
    throw await redirectWithToast(request, ROUTES.login.path, { type: "error", message: MSG.sessionExpired });
  }
  if (!decision.message) throw redirect("/");
  throw await redirectWithToast(request, "/", { type: "error", message: MSG.unauthorized });
}

/** For routes that need a logged-in user (optionally of some roles): returns that user. */
export async function requireUser(request: Request, key: Guarded): Promise<User> {
  return (await enforce(request, key)) as User;
}

/** For logged-out-only routes (login, reset, register, verify): a logged-in user goes home. */
export async function requireGuest(request: Request, key: "login" | "reset" | "register" | "verify") {
  await enforce(request, key);
}

export function hasRole(user: User, ...roles: Role[]): boolean {
  return roles.includes(user.role);
}

/**
 * For an action (or a control) that only some of a page's roles may use, e.g. Create user on
 * /users (ADMIN, not COMMITTEE). The page's own guard has already run; this refuses the rest with
 * 403 and changes nothing.
 */
export function requireRole(user: User, roles: readonly Role[]): void {
  if (!roles.includes(user.role)) {
    throw new Response(MSG.unauthorized, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** Which association's rows a user may see: managers and competitors their own, staff all. Every
 * model query of club data takes this as an argument. */
export type { Scope };
export function scopeOf(user: User): Scope {
  if (user.role === "ADMIN" || user.role === "COMMITTEE") return { kind: "all" };
  return { kind: "association", associationId: user.associationId ?? -1 };
}
