// Form schemas of the account screens (spec section 5), shared by actions and tests. Each field's
// rules are checked in the spec's order, so the first message is the spec's first failing rule.
// Each schema speaks the bundle it is made with (`loginSchemaFor(messagesFor(request))`); the
// constants are the English ones.
import { z } from "zod";
import { type Bundle, EN } from "~/messages";

import { MAX, type RegisterRole, yearBounds } from "./auth-fields";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-limits";

export {
  firstError,
  MAX,
  NAME_PUNCTUATION,
  REGISTRATION_ORDER,
  type RegisterRole,
  yearBounds,
} from "./auth-fields";
export { PASSWORD_MAX, PASSWORD_MIN } from "./password-limits";

export function loginSchemaFor({ MSG }: Bundle = EN) {
  return z.object({
    email: z.email({ error: MSG.loginInvalidEmail }).max(MAX.email, { error: MSG.loginInvalidEmail }),
    password: z
      .string({ error: MSG.loginInvalidPassword })
      .min(1, { error: MSG.loginInvalidPassword })
      .max(MAX.password, { error: MSG.loginInvalidPassword }),
  });
}
export const loginSchema = loginSchemaFor();

/** Letters (any script), digits, spaces and the punctuation names and club names really use. */
const NAME_CHARS = /^[\p{L}\p{M}0-9 .,'\-/@()&]+$/u;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const passwordOf = (MSG: Bundle["MSG"]) =>
  z
    .string({ error: MSG.passwordLength })
    .min(PASSWORD_MIN, { error: MSG.passwordLength })
    .max(PASSWORD_MAX, { error: MSG.passwordLength });

/** Registration (spec section 5, in order). `countries` are the valid two-letter codes. */
export function registrationSchema(
  role: RegisterRole,
  countries: ReadonlySet<string>,
  now = new Date(),
  { MSG, LABELS }: Bundle = EN,
) {
  const { min, max } = yearBounds(now);
  const capped = (label: string, max: number) => ({ error: MSG.tooLong(label, max) });
  const password = passwordOf(MSG);
  const base = z.object({
    email: z.email({ error: MSG.emailInvalid }).max(MAX.email, { error: MSG.emailInvalid }),
    password,
    confirmPassword: z.string({ error: MSG.passwordSame }).max(MAX.password, { error: MSG.passwordSame }),
    identification: required(MSG.identificationRequired)
      .max(MAX.identification, capped(LABELS.capIdentification, MAX.identification))
      .transform((v) => v.toUpperCase()),
    name: required(MSG.nameRequired)
      .max(MAX.name, capped(LABELS.capName, MAX.name))
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
      .max(MAX.phone, capped(LABELS.capPhone, MAX.phone)),
    phoneEmergency: z
      .string()
      .trim()
      .regex(/^\d*$/, { error: MSG.emergencyDigits })
      .max(MAX.phone, capped(LABELS.capEmergency, MAX.phone))
      .optional()
      .transform((v) => v ?? ""),
    address: required(MSG.addressRequired).max(MAX.address, capped(LABELS.address, MAX.address)),
  });
  const withTeam =
    role === "manager"
      ? base.extend({
          teamName: required(MSG.teamNameRequired)
            .max(MAX.teamName, capped(LABELS.capTeamName, MAX.teamName))
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

const forgotShape = ({ MSG }: Bundle) => ({
  email: z.email({ error: MSG.loginInvalidEmail }).max(MAX.email, { error: MSG.loginInvalidEmail }),
});

export function forgotSchemaFor(t: Bundle = EN) {
  return z.object(forgotShape(t));
}
export const forgotSchema = forgotSchemaFor();

/** The login page's 'resend the verification email': any email-sized text (unchecked further). */
export function resendSchema() {
  return z.object({ email: z.string().trim().min(1).max(MAX.email) });
}

const resetShape = ({ MSG }: Bundle) => ({
  token: z.string().min(1).max(MAX.token),
  newPassword: z.string({ error: MSG.resetFillAll }).max(MAX.password, { error: MSG.passwordLength }),
  confirmPassword: z.string({ error: MSG.resetFillAll }).max(MAX.password, { error: MSG.resetMismatch }),
});

const resetRefinement =
  ({ MSG }: Bundle) =>
  (v: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MSG.resetMismatch });
    } else if (v.newPassword.length < PASSWORD_MIN || v.newPassword.length > PASSWORD_MAX) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: MSG.passwordLength });
    }
  };

export function resetSchemaFor(t: Bundle = EN) {
  return z.object(resetShape(t)).superRefine(resetRefinement(t));
}

/** The reset page's two forms, told apart by their `intent` (issue 30: one way to dispatch): the
 * email that asks for a link (`request`), or the new password with the link's token (`reset`). */
export function resetPageSchemaFor(t: Bundle = EN) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("request"), ...forgotShape(t) }),
    z.object({ intent: z.literal("reset"), ...resetShape(t) }).superRefine(resetRefinement(t)),
  ]);
}
export const resetSchema = resetSchemaFor();

export function changePasswordSchemaFor({ MSG }: Bundle = EN) {
  return z
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
}
export const changePasswordSchema = changePasswordSchemaFor();

/** Create user (admin; spec section 5): role ADMIN or COMMITTEE, a valid email, password 8-16. */
export function createUserSchemaFor({ MSG }: Bundle = EN) {
  return z.object({
    role: z.enum(["ADMIN", "COMMITTEE"], { error: MSG.createUserRole }),
    email: z.email({ error: MSG.emailInvalid }).max(MAX.email, { error: MSG.emailInvalid }),
    password: passwordOf(MSG),
  });
}
export const createUserSchema = createUserSchemaFor();
