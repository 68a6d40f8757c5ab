// The app's side of the request log (server/request-log.mjs, docs/operations.md): server.mjs keeps
// an entry per request in flight, keyed by the request id it sends in the x-regatta-request-id
// header, in a table shared through a global symbol (the build is a separate module graph). The
// session records the logged-in user's id there, so that the request's log line carries it.
// Under another server (vitest) there is no table and nothing is recorded.
const OPEN = Symbol.for("regatta.openRequests");
const REQUEST_ID_HEADER = "x-regatta-request-id";

type Entry = { userId?: number };

/** Marks the request's log line with the user it was made by. */
export function noteUser(request: Request, userId: number): void {
  const open = (globalThis as Record<symbol, Map<string, Entry> | undefined>)[OPEN];
  if (!open) return;
  const id = request.headers.get(REQUEST_ID_HEADER);
  const entry = id ? open.get(id) : undefined;
  if (entry) entry.userId = userId;
}

/** An error's log line, with the id of the request it broke (the error page shows that id). */
export function logError(error: unknown, requestId: string | undefined): void {
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(JSON.stringify({ level: "error", msg: "request failed", id: requestId, error: stack }));
}
