import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/Nonce";
import { startJobs } from "~/lib/jobs.server";

const ABORT_DELAY = 5_000;

// Scheduled upkeep (expired sessions, tokens, idle throttles), on the LiteFS primary only.
startJobs();

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** This response's CSP nonce (server.mjs); undefined under another server. */
    nonce?: string;
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
  const app = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
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

function hasDeferredData(context: EntryContext): boolean {
  const deferreds = context.staticHandlerContext.activeDeferreds;
  return deferreds !== null && Object.keys(deferreds).length > 0;
}
