// Every loader and action runs inside one wrapper (server.mjs applies answerFailures to the build):
// what a route throws that is not a Response (an expected refusal: a redirect, 400, 403, 404, 429)
// is an unexpected failure. It is logged with the request's id, then answered with the spec's
// sentence for what the screen was doing (lib/failures.ts):
// - an action: a redirect back to the page the form was on (same-origin path only) with the
//   sentence as an error toast; a JSON endpoint: `{ error }` with 500;
// - a screen's loader: a 500 whose body names the sentence, rendered by the error boundary of the
//   layout (the sidebar stays) as a toast with a way back;
// - a download's loader (CSV, PDF): a redirect back to the page of the link, with the toast.
// A failing action has changed nothing: each route writes in one transaction, rolled back by the
// throw. docs/decisions/0028-unexpected-failures.md.
import { json, redirect, type ServerBuild } from "@remix-run/node";
import type { FailureData, FailureText } from "~/lib/failure-data";
import { actionFailure, byIntent, FAILURES, type FailureKey, loaderFailure } from "~/lib/failures";
import { archivedRefusal, isArchivedWrite } from "./edition.server";
import { logError } from "~/lib/request-log.server";
import { flashToast } from "~/lib/toast.server";
import { messagesFor } from "~/i18n/locale.server";
import { EN } from "~/messages";

type Args = { request: Request; context?: { requestId?: string }; params: unknown };
type Handler = (args: Args) => unknown;
type Kind = "loader" | "action";

export type FailureOptions = {
  /** The test hook (tests only): the name of a request header (e.g. X-Test-Fail) whose value,
   * `loader:<route id>` or `action:<route id>` (comma-separated), makes that route fail as if it
   * had thrown. Unset (production): no header does anything. */
  failHeader?: string;
};

/** The build with each route's loader and action wrapped (the modules themselves are untouched). */
export function answerFailures(build: ServerBuild, options: FailureOptions = {}): ServerBuild {
  const failHeader = options.failHeader?.trim().toLowerCase() || null;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module;
    const page = typeof module.default === "function"; // a screen (not a resource route)
    const wrapped = { ...module } as typeof module;
    if (module.loader)
      wrapped.loader = wrap(id, "loader", page, module.loader as Handler, failHeader) as never;
    if (module.action)
      wrapped.action = wrap(id, "action", page, module.action as Handler, failHeader) as never;
    routes[id] = { ...route, module: wrapped };
  }
  return { ...build, routes };
}

function wrap(id: string, kind: Kind, page: boolean, handler: Handler, failHeader: string | null): Handler {
  const intentMatters = kind === "action" && byIntent(id);
  return async (args) => {
    const { request } = args;
    // The form, kept to read its intent after a failure (only where the sentence depends on it).
    const copy = intentMatters && isUrlEncoded(request) ? request.clone() : null;
    try {
      if (failHeader && testFailure(request.headers.get(failHeader), kind, id)) {
        throw new Error(`test failure of the ${kind} of ${id} (${failHeader})`);
      }
      // Staff looking at an archived edition: no action writes into it (issue 21).
      const archived = kind === "action" ? archivedRefusal(request) : null;
      if (archived) return archivedAnswer(id, page, request, archived.name);
      return await handler(args);
    } catch (error) {
      if (isResponse(error) || request.signal.aborted) throw error;
      // A row of an archived edition (a forged or stale id): refused by migration 0018's triggers.
      if (isArchivedWrite(error)) {
        if (kind === "action") return archivedAnswer(id, page, request, null);
        throw error;
      }
      logError(error, args.context?.requestId);
      if (kind === "action") return actionAnswer(id, page, request, copy);
      return loaderAnswer(id, page, request);
    }
  };
}

async function actionAnswer(id: string, page: boolean, request: Request, copy: Request | null) {
  const intent = copy
    ? await copy.formData().then(
        (f) => f.get("intent"),
        () => null,
      )
    : null;
  const key = actionFailure(id, typeof intent === "string" ? intent : null);
  if (FAILURES[id]?.json) {
    return json({ error: sentence(key, request) }, { status: 500, headers: { "Cache-Control": "no-store" } });
  }
  const url = new URL(request.url);
  // No Referer (a privacy setting): the form's own page where it has one, else home.
  const to = backPath(request) ?? (page ? ownPath(url) : "/");
  return redirect(to, { headers: { "Set-Cookie": await flashToast(request, toastOf(key)) } });
}

/** A write into an archived edition, refused with a clear message (409), having changed nothing. */
async function archivedAnswer(id: string, page: boolean, request: Request, name: string | null) {
  const { MSG } = messagesFor(request);
  const message = MSG.editionArchived(name ?? MSG.editionArchivedThis);
  if (FAILURES[id]?.json || !page) {
    return json({ error: message }, { status: 409, headers: { "Cache-Control": "no-store" } });
  }
  const to = backPath(request) ?? ownPath(new URL(request.url));
  return redirect(to, { headers: { "Set-Cookie": await flashToast(request, { type: "error", message }) } });
}

async function loaderAnswer(id: string, page: boolean, request: Request): Promise<never> {
  const failure = loaderFailure(id);
  if (!page) {
    // A download (a link followed away from a page): back to that page, with the toast. Never to
    // itself (no loop), and an unmapped resource (a photo, the health check) fails as before.
    if (!FAILURES[id]?.loader) throw new Response("Unexpected Server Error", { status: 500 });
    const back = backPath(request);
    const to = back && back !== ownPath(new URL(request.url)) ? back : "/";
    throw redirect(to, {
      headers: { "Set-Cookie": await flashToast(request, toastOf(failure as FailureKey)) },
    });
  }
  const { MSG } = messagesFor(request);
  const text: FailureText =
    typeof failure === "string" ? MSG[failure] : { staff: MSG[failure.staff], other: MSG[failure.other] };
  const data: FailureData = { failure: text, back: backPath(request) };
  throw json(data, { status: 500, headers: { "Cache-Control": "no-store" } });
}

const toastOf = (key: FailureKey) => ({ type: "error" as const, message: EN.MSG[key] });

function sentence(key: FailureKey, request: Request): string {
  return messagesFor(request).MSG[key];
}

/**
 * The page the request came from (its Referer), as a path on our own origin, or null. Never an open
 * redirect: another host's Referer, a path that a browser would read as another host ("//x",
 * "/\x") or anything unparsable gives null.
 */
export function backPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.host !== here.host || (from.protocol !== "http:" && from.protocol !== "https:")) return null;
    return safePath(from.pathname + from.search);
  } catch {
    return null;
  }
}

function safePath(path: string): string | null {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return null;
  return path;
}

/** The request's own URL as a page address: without Remix's `_data` and `index` parameters. */
function ownPath(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("_data");
  search.delete("index");
  const q = search.toString();
  return safePath(url.pathname + (q ? `?${q}` : "")) ?? "/";
}

/** Whether the test header asks this route's loader or action to fail. */
export function testFailure(value: string | null, kind: Kind, id: string): boolean {
  if (!value) return false;
  return value.split(",").some((v) => v.trim() === `${kind}:${id}`);
}

function isUrlEncoded(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded");
}

// As Remix's own check (server-runtime/responses isResponse): a thrown Response is an answer.
function isResponse(value: unknown): value is Response {
  const r = value as Response | null;
  return (
    r != null &&
    typeof r.status === "number" &&
    typeof r.statusText === "string" &&
    typeof r.headers === "object" &&
    typeof r.body !== "undefined"
  );
}
