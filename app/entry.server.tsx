import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, matchRoutes, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { RequestIdProvider } from "~/components/ErrorPage";
// Every language's strings, before the first render (app/i18n/bundles.ts).
import "~/i18n/bundles.server";
import { NonceProvider } from "~/components/Nonce";
import { PageMarkupProvider } from "~/components/HtmlForms";
import { StylesheetReaderProvider } from "~/components/Stylesheet";
import { stylesheetText } from "~/lib/inline-css.server";
import { checkEnvAtStart } from "~/lib/env.server";
import { startJobs } from "~/services/jobs.server";
import { logError } from "~/lib/request-log.server";
import { withoutServerHtml } from "~/lib/handoff.server";

// server.mjs wraps every loader and action of the build with this: an unexpected failure answers
// the spec's sentence for it (services/failures.server.ts, docs/decisions/0028-unexpected-failures.md).
export { honourTestContext } from "~/lib/clock.server";
export { answerFailures } from "~/services/failures.server";
// server.mjs's shutdown: no new mail claimed, the message being sent finished (ADR 0037).
export { stopMailSender } from "~/services/mailer.server";
export { stopWebhookSender } from "~/services/webhook-sender.server";

const ABORT_DELAY = 5_000;

// The configuration, checked as the server loads the build: a bad one stops start-up with its
// message (PAYMENT_PROVIDER unset in production, ...); the simulator in production is announced.
checkEnvAtStart();

// Scheduled upkeep (expired sessions, tokens, idle throttles), on the LiteFS primary only.
startJobs();

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** This response's CSP nonce (server.mjs); undefined under another server. */
    nonce?: string;
    /** This request's id (server.mjs: X-Request-Id, the log line); shown on the error page. */
    requestId?: string;
    /** A document request's markup that its loaders kept out of their data (lib/handoff.server.ts
     * `forDocument`), by key; server.mjs sets it for a document request only. */
    markup?: Map<string, string>;
  }
}

// Security headers (CSP with this nonce, nosniff, frame and referrer policies ...) are set by
// server.mjs on every response, not here.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext?.nonce === "string" ? loadContext.nonce : undefined;
  const context = withoutServerMarkup(withRoutesOfThisPage(remixContext));
  const app = (
    <NonceProvider value={nonce}>
      <RequestIdProvider value={loadContext?.requestId}>
        <StylesheetReaderProvider value={stylesheetText}>
          <PageMarkupProvider value={loadContext?.markup}>
            <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </PageMarkupProvider>
        </StylesheetReaderProvider>
      </RequestIdProvider>
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // Nothing deferred (no route uses defer() today): the whole page is ready, so it is rendered in
  // one synchronous pass and sent as one body, i.e. one write and one compression pass. The same
  // bytes as streaming, about a tenth less CPU per page (docs/decisions/0010-performance.md).
  // React.lazy or another Suspense that suspends would need the streaming path below.
  if (!hasDeferredData(remixContext)) {
    const html = renderToString(app);
    return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
  }

  // Deferred data: stream the shell, then each boundary as it resolves (bots get the whole page).
  const bot = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [bot ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Errors that loaders, actions and rendering threw: logged with the request's id. */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return; // the client went away: not an error of ours
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logError(inner ?? error, context?.requestId);
}

type ManifestRoutes = EntryContext["manifest"]["routes"];
type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
};

/**
 * The render context with only the routes this page's browser will know: with lazy route
 * discovery (v3_lazyRouteDiscovery) the page ships a partial manifest (Remix's getPartialManifest:
 * the matched routes, plus what matches each parent path, for their index and pathless children),
 * and the browser discovers the rest as it navigates. RemixServer builds its route objects and
 * matches them again for every route in the manifest it is given, which with our ~60 routes cost
 * more than rendering a small page; given the partial manifest it renders the same HTML, and
 * ships the same manifest, from a handful. The set depends only on the path and the matches, so
 * it is remembered (docs/decisions/0010-performance.md).
 */
function withRoutesOfThisPage(context: EntryContext): EntryContext {
  if (!context.future.v3_lazyRouteDiscovery || context.isSpaMode) return context;
  const { location, matches, basename } = context.staticHandlerContext;
  const all = context.manifest.routes;
  const key = `${location.pathname}\n${matches.map((m) => m.route.id).join("\n")}`;
  let routes = pageRoutes.get(key);
  if (!routes || routesOf !== all) {
    if (routesOf !== all) {
      pageRoutes.clear();
      routesOf = all;
      tree = routeTree(all);
    }
    const ids = new Set(matches.map((m) => m.route.id));
    // As getPartialManifest does: "/" and every parent path of the location.
    const segments = location.pathname.split("/").filter(Boolean);
    segments.pop();
    const paths = ["/"];
    while (segments.length > 0) {
      paths.push(`/${segments.join("/")}`);
      segments.pop();
    }
    for (const path of paths) {
      for (const m of matchRoutes(tree as Parameters<typeof matchRoutes>[0], path, basename || "/") ?? [])
        ids.add(m.route.id as string);
    }
    // In the manifest's order: siblings keep their order (it breaks ties when routes are ranked).
    routes = {};
    for (const [id, route] of Object.entries(all)) if (ids.has(id)) routes[id] = route;
    if (pageRoutes.size >= 1000) pageRoutes.delete(pageRoutes.keys().next().value as string);
    pageRoutes.set(key, routes);
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}

/** The handoff without the markup loaders and actions wrote as `{ serverHtml }` (lib/handoff.server.ts). */
function withoutServerMarkup(context: EntryContext): EntryContext {
  const serverHandoffString = context.serverHandoffString
    ? withoutServerHtml(context.serverHandoffString)
    : context.serverHandoffString;
  return serverHandoffString === context.serverHandoffString ? context : { ...context, serverHandoffString };
}

let routesOf: ManifestRoutes | undefined;
let tree: RouteNode[] = [];
const pageRoutes = new Map<string, ManifestRoutes>();

/** The manifest's routes as the nested objects matchRoutes takes. */
function routeTree(routes: ManifestRoutes): RouteNode[] {
  const children = new Map<string, RouteNode[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    const node: RouteNode = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    };
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const attach = (nodes: RouteNode[]): RouteNode[] =>
    nodes.map((node) => {
      const kids = children.get(node.id);
      return kids ? { ...node, children: attach(kids) } : node;
    });
  return attach(children.get("") ?? []);
}

function hasDeferredData(context: EntryContext): boolean {
  const deferreds = context.staticHandlerContext.activeDeferreds;
  return deferreds !== null && Object.keys(deferreds).length > 0;
}
