// The account forms' limits and helpers without zod (issue 12, JS budget): route components import
// these, so a page with an account form does not carry zod to the browser (app/rules/auth-schemas.ts
// has the schemas, for the actions, and re-exports these).
import { PASSWORD_MAX } from "./password-limits";

/** Length caps of every text field (the inputs carry them as maxLength too). */
export const MAX = {
  email: 254,
  teamName: 100,
  name: 100,
  identification: 30,
  phone: 20,
  address: 300,
  password: PASSWORD_MAX,
  token: 200,
} as const;

/** Letters (any script), digits, spaces and the punctuation names and club names really use. */
export const NAME_PUNCTUATION = ".,'-/@()&";

export function yearBounds(now = new Date()) {
  const max = now.getFullYear();
  return { min: max - 100, max };
}

export type RegisterRole = "manager" | "competitor";

/** The spec's field order: the first failing field's message is the one a toast shows. */
export const REGISTRATION_ORDER = [
  "teamName",
  "teamCountry",
  "email",
  "password",
  "confirmPassword",
  "identification",
  "name",
  "gender",
  "yob",
  "phone",
  "phoneEmergency",
  "address",
  "photo",
] as const;

export function firstError(errors: Record<string, string[] | null | undefined> | undefined): string | null {
  if (!errors) return null;
  for (const key of REGISTRATION_ORDER) {
    const e = errors[key];
    if (e?.length) return e[0];
  }
  return null;
}
