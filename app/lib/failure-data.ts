// What a screen's loader failure sends to the browser, and how the error boundary reads it (the
// browser's half of lib/failures.ts, kept apart so that the route table and the sentences stay on
// the server).
import type { Role } from "../../db/enums";

/** A loader's failure sentence, already said in the page's language by the server; Home's depends on
 * who looks. Sent only when a loader fails, so the browser bundle carries none of these sentences. */
export type FailureText = string | { staff: string; other: string };

/** The sentence for a user of `role` (null: logged out). */
export function failureTextFor(text: FailureText, role: Role | null | undefined): string {
  if (typeof text === "string") return text;
  return role === "ADMIN" || role === "COMMITTEE" ? text.staff : text.other;
}

/** What a loader's failure throws (as the body of a 500): the boundary renders it as a toast. */
export type FailureData = { failure: FailureText; back: string | null };

export function isFailureData(data: unknown): data is FailureData {
  return typeof data === "object" && data !== null && "failure" in data;
}
