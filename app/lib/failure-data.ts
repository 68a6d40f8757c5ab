// What a screen's loader failure sends to the browser, and how the error boundary reads it (the
// browser's half of lib/failures.ts, kept apart so that the route table stays on the server).
import type { Role } from "../../db/enums";
import type { Bundle } from "~/messages";

/** A sentence of MSG that is a plain string (it translates by its English text: lib/i18n-text). */
export type FailureKey = {
  [K in keyof Bundle["MSG"]]: Bundle["MSG"][K] extends string ? K : never;
}[keyof Bundle["MSG"]];

/** A loader's sentence; Home's depends on who looks (the overview for staff, a profile otherwise). */
export type LoaderFailure = FailureKey | { staff: FailureKey; other: FailureKey };
/** A loader's sentence for a user of `role` (null: logged out). */
export function failureKeyFor(failure: LoaderFailure, role: Role | null | undefined): FailureKey {
  if (typeof failure === "string") return failure;
  return role === "ADMIN" || role === "COMMITTEE" ? failure.staff : failure.other;
}

/** What a loader's failure throws (as the body of a 500): the boundary renders it as a toast. */
export type FailureData = { failure: LoaderFailure; back: string | null };

export function isFailureData(data: unknown): data is FailureData {
  return typeof data === "object" && data !== null && "failure" in data;
}
