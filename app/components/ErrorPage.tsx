import { isRouteErrorResponse, Link } from "@remix-run/react";
import { MSG } from "~/messages";

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
  return (
    <div className="card narrow" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <Link to="/" reloadDocument>
        {MSG.returnHome}
      </Link>
    </div>
  );
}
