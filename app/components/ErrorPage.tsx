import { isRouteErrorResponse, Link } from "@remix-run/react";
import { createContext, useContext, useState } from "react";
import { MSG } from "~/messages";

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

/** The title and sentence for an error a loader or action threw (a Response) or a crash. */
export function errorText(error: unknown): { status: number; title: string; message: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  switch (status) {
    case 400:
      return { status, title: MSG.badRequestTitle, message: data ?? MSG.badForm };
    case 403:
      return {
        status,
        title: MSG.forbiddenTitle,
        message: data === MSG.unauthorized ? MSG.unauthorized : MSG.formExpired,
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

/** The body of an error boundary: what went wrong and the way home. */
export function ErrorMessage({ error }: { error: unknown }) {
  const { title, message } = errorText(error);
  const requestId = useRequestId(error);
  return (
    <div className="card narrow" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      {requestId ? (
        // i18n: MSG.errorReference = "Error reference: {id}" (ms: "Rujukan ralat: {id}")
        <p className="hint" data-request-id={requestId}>
          Error reference: <code>{requestId}</code>
        </p>
      ) : null}
      <Link to="/" reloadDocument>
        {MSG.returnHome}
      </Link>
    </div>
  );
}
