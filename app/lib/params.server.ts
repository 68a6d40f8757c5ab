// Ids from the URL (`/rounds/:id/edit`): a plain number, or the request ends in a 404 (an id that
// is not a number is a page that does not exist, not a bad form).
import { parseEventId } from "~/rules/event-fields";
import { parseId } from "~/rules/race-fields";

export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** What a lookup by the URL's id found; nothing is a 404 (`found(resultsRound(idParam(params.id)))`). */
export function found<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) notFound();
  return value;
}

/** The route's `:id` as a number; anything else is a 404. */
export function idParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) notFound();
  return id;
}

/** An event's `:id` as a number; anything else is a 404. Events keep their own, stricter parse (no
 * trimming: `/events/%205/edit` stays a 404). */
export function eventIdParam(raw: string | undefined): number {
  const id = parseEventId(raw);
  if (id === null) notFound();
  return id;
}
