// Form schemas of the account screens (spec section 5), shared by actions and tests. Each field's
// rules are checked in the spec's order, so the first message is the spec's first failing rule.
import { z } from "zod";
import { MSG } from "~/messages";

import { PASSWORD_MAX, PASSWORD_MIN } from "./password-limits";

export { PASSWORD_MAX, PASSWORD_MIN } from "./password-limits";

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

const capped = (label: string, max: number) => ({ error: MSG.tooLong(label, max) });

export const loginSchema = z.object({
  email: z.email({ error: MSG.loginInvalidEmail }).max(MAX.email, { error: MSG.loginInvalidEmail }),
  password: z
    .string({ error: MSG.loginInvalidPassword })
    .min(1, { error: MSG.loginInvalidPassword })
    .max(MAX.password, { error: MSG.loginInvalidPassword }),
});

/** Letters (any script), digits, spaces and the punctuation names and club names really use. */
export const NAME_PUNCTUATION = ".,'-/@()&";
const NAME_CHARS = /^[\p{L}\p{M}0-9 .,'\-/@()&]+$/u;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const password = z
  .string({ error: MSG.passwordLength })
  .min(PASSWORD_MIN, { error: MSG.passwordLength })
  .max(PASSWORD_MAX, { error: MSG.passwordLength });

export function yearBounds(now = new Date()) {
  const max = now.getFullYear();
  return { min: max - 100, max };
}

export type RegisterRole = "manager" | "competitor";

/** Registration (spec section 5, in order). `countries` are the valid two-letter codes. */
export function registrationSchema(role: RegisterRole, countries: ReadonlySet<string>, now = new Date()) {
  const { min, max } = yearBounds(now);
  const base = z.object({
    email: z.email({ error: MSG.emailInvalid }).max(MAX.email, { error: MSG.emailInvalid }),
    password,
    confirmPassword: z.string({ error: MSG.passwordSame }).max(MAX.password, { error: MSG.passwordSame }),
    identification: required(MSG.identificationRequired)
      .max(MAX.identification, capped("MyKad/Passport number", MAX.identification))
      .transform((v) => v.toUpperCase()),
    name: required(MSG.nameRequired)
      .max(MAX.name, capped("Name", MAX.name))
      .regex(NAME_CHARS, { error: MSG.nameCharset })
      .transform((v) => v.replace(/\s+/g, " ").toUpperCase()),
    gender: z.enum(["MALE", "FEMALE"], { error: MSG.genderRequired }),
    yob: z.coerce
      .number({ error: MSG.yobRequired })
      .int({ error: MSG.yobRange(min, max) })
      .min(min, { error: MSG.yobRange(min, max) })
      .max(max, { error: MSG.yobRange(min, max) }),
    phone: required(MSG.phoneRequired)
      .regex(/^\d+$/, { error: MSG.phoneDigits })
      .max(MAX.phone, capped("Phone number", MAX.phone)),
    phoneEmergency: z
      .string()
      .trim()
      .regex(/^\d*$/, { error: MSG.emergencyDigits })
      .max(MAX.phone, capped("Emergency contact", MAX.phone))
      .optional()
      .transform((v) => v ?? ""),
    address: required(MSG.addressRequired).max(MAX.address, capped("Address", MAX.address)),
  });
  const withTeam =
    role === "manager"
      ? base.extend({
          teamName: required(MSG.teamNameRequired)
            .max(MAX.teamName, capped("Team name", MAX.teamName))
            .regex(NAME_CHARS, { error: MSG.teamNameCharset })
            .transform((v) => v.replace(/\s+/g, " ")),
          teamCountry: z
            .string({ error: MSG.teamCountryRequired })
            .refine((c) => countries.has(c), { error: MSG.teamCountryRequired }),
        })
      : base.extend({ teamName: z.string().optional(), teamCountry: z.string().optional() });
  return withTeam.superRefine((v, ctx) => {
    // Only compare once the password itself is acceptable.
    const passwordOk =
      typeof v.password === "string" &&
      v.password.length >= PASSWORD_MIN &&
      v.password.length <= PASSWORD_MAX;
    if (passwordOk && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MSG.passwordSame });
    }
  });
}

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

export const forgotSchema = z.object({
  email: z.email({ error: MSG.loginInvalidEmail }).max(MAX.email, { error: MSG.loginInvalidEmail }),
});

export const resetSchema = z
  .object({
    token: z.string().min(1).max(MAX.token),
    newPassword: z.string({ error: MSG.resetFillAll }).max(MAX.password, { error: MSG.passwordLength }),
    confirmPassword: z.string({ error: MSG.resetFillAll }).max(MAX.password, { error: MSG.resetMismatch }),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MSG.resetMismatch });
    } else if (v.newPassword.length < PASSWORD_MIN || v.newPassword.length > PASSWORD_MAX) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: MSG.passwordLength });
    }
  });

export const changePasswordSchema = z
  .object({
    // A longer old password cannot be right (none longer was ever accepted): no hash is spent on it.
    oldPassword: z.string({ error: MSG.changeFillAll }).max(MAX.password, { error: MSG.wrongPassword }),
    newPassword: z.string({ error: MSG.changeFillAll }).max(MAX.password, { error: MSG.passwordLength }),
    confirmPassword: z.string({ error: MSG.changeFillAll }).max(MAX.password, { error: MSG.passwordSame }),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword.length < PASSWORD_MIN || v.newPassword.length > PASSWORD_MAX) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: MSG.passwordLength });
    } else if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MSG.passwordSame });
    }
  });

/** Create user (admin; spec section 5): role ADMIN or COMMITTEE, a valid email, password 8-16. */
export const createUserSchema = z.object({
  role: z.enum(["ADMIN", "COMMITTEE"], { error: MSG.createUserRole }),
  email: z.email({ error: MSG.emailInvalid }).max(MAX.email, { error: MSG.emailInvalid }),
  password,
});
