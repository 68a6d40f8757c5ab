// Ids from the URL (`/rounds/:id/edit`): a plain number, or the request ends in a 404 (an id that
// is not a number is a page that does not exist, not a bad form). One parse for every `:id`.
import { parseEventId } from "~/rules/event-fields";

export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** What a lookup by the URL's id found; nothing is a 404 (`found(resultsRound(idParam(params.id)))`). */
export function found<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) notFound();
  return value;
}

/** The route's `:id` as a number (one to nine digits, nothing around them: no trimming, so
 * `/events/%205/edit` is a 404); anything else is a 404. */
export function idParam(raw: string | undefined): number {
  const id = parseEventId(raw);
  if (id === null) notFound();
  return id;
}
