import { isRouteErrorResponse, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext, useMemo, useState } from "react";
import { Toasts } from "./Toasts";
import type { Role } from "../../db/enums";
import { useMessages } from "~/i18n/useMessages";
import { type FailureData, failureTextFor, isFailureData } from "~/lib/failure-data";
import { inBundle } from "~/lib/i18n-text";
import { type Bundle, EN } from "~/i18n/en";

// The request id (server.mjs: X-Request-Id, and each request's log line), shown on the error page
// so that a user's report leads to the log. The server provides it while it renders
// (app/entry.server.tsx); in the browser it is read back from the rendered page while hydrating
// that same error, and is unknown for an error met in a client-side navigation (none is shown).
const RequestIdContext = createContext<string | undefined>(undefined);
export const RequestIdProvider = RequestIdContext.Provider;

let hydrating: { id: string | undefined; error: unknown } | null = null;

function useRequestId(error: unknown): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [fromPage] = useState(() => {
    if (fromServer !== undefined || typeof document === "undefined") return undefined;
    // The first error page rendered in the browser is the one the server sent (hydration).
    if (hydrating === null) {
      const el = document.querySelector<HTMLElement>("[data-request-id]");
      hydrating = { id: el?.dataset.requestId, error };
    }
    return hydrating.error === error ? hydrating.id : undefined;
  });
  return fromServer ?? fromPage;
}

/** The title and sentence for an error a loader or action threw (a Response) or a crash, in the
 * language of `t` (English by default). */
export function errorText(
  error: unknown,
  t: Bundle = EN,
): { status: number; title: string; message: string } {
  const { MSG } = t;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const raw = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  // A sentence a server module sent in English (MSG.serverBusy ...) in the page's language.
  const data = raw === null ? null : inBundle(raw, t);
  switch (status) {
    case 400:
      return { status, title: MSG.badRequestTitle, message: data ?? MSG.badForm };
    case 403:
      return {
        status,
        title: MSG.forbiddenTitle,
        message: raw === EN.MSG.unauthorized ? MSG.unauthorized : MSG.formExpired,
      };
    case 404:
      return { status, title: MSG.notFoundTitle, message: MSG.notFoundBody };
    case 413:
      return { status, title: MSG.errorTitle, message: MSG.photoTooLarge };
    case 429:
      return { status, title: MSG.tooManyTitle, message: data ?? MSG.serverBusy };
    default:
      return { status, title: MSG.errorTitle, message: MSG.errorBody };
  }
}

/** The failure a loader answered (services/failures.server.ts), if that is what `error` is. */
function failureOf(error: unknown): FailureData | null {
  return isRouteErrorResponse(error) && error.status === 500 && isFailureData(error.data) ? error.data : null;
}

/** The body of an error boundary: what went wrong and the way home. */
export function ErrorMessage({ error }: { error: unknown }) {
  const failure = failureOf(error);
  return failure ? <FailureMessage error={error} failure={failure} /> : <RefusalMessage error={error} />;
}

/**
 * A screen whose loader failed unexpectedly: the spec's sentence for it as an error toast (an
 * alert), and the same sentence on the screen (the toast goes away) with a way back: the same
 * address again, the page the user came from, home. docs/decisions/0028-unexpected-failures.md.
 */
function FailureMessage({ error, failure }: { error: unknown; failure: FailureData }) {
  const t = useMessages();
  const root = useRouteLoaderData("root") as { user?: { role: Role } | null } | undefined;
  const message = failureTextFor(failure.failure, root?.user?.role);
  const location = useLocation();
  const here = location.pathname + location.search;
  const requestId = useRequestId(error);
  const back = failure.back && failure.back !== here ? failure.back : null;
  // One toast object per failure: a new one at each render would come back after its dismissal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new failure (error) is a new toast
  const toasts = useMemo(() => [{ type: "error" as const, message }], [error, message]);
  return (
    <>
      <Toasts toasts={toasts} />
      <div className="card narrow failure">
        <h1>{t.MSG.errorTitle}</h1>
        <p>{message}</p>
        {requestId ? (
          <p className="hint" data-request-id={requestId}>
            {t.MSG.errorReference} <code>{requestId}</code>
          </p>
        ) : null}
        <p className="actions">
          <Link to={here} reloadDocument className="btn btn-primary">
            {t.MSG.failureTryAgain}
          </Link>
          {back ? (
            <Link to={back} reloadDocument className="btn">
              {t.MSG.failureGoBack}
            </Link>
          ) : null}
          <Link to="/" reloadDocument className="btn">
            {t.MSG.returnHome}
          </Link>
        </p>
      </div>
    </>
  );
}

function RefusalMessage({ error }: { error: unknown }) {
  const t = useMessages();
  const { title, message } = errorText(error, t);
  const requestId = useRequestId(error);
  return (
    <div className="card narrow" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      {requestId ? (
        <p className="hint" data-request-id={requestId}>
          {t.MSG.errorReference} <code>{requestId}</code>
        </p>
      ) : null}
      <Link to="/" reloadDocument>
        {t.MSG.returnHome}
      </Link>
    </div>
  );
}
