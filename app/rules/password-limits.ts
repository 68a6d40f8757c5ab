// The spec's password length (section 9), without zod: the shared form fields import it on the
// client, and pages with a form should not carry zod for a number (rules/auth-schemas.ts has the
// schemas).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
