// Form schemas of the account screens (spec section 5), shared by actions and tests.
import { z } from "zod";
import { MSG } from "~/messages";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export const loginSchema = z.object({
  email: z.email({ error: MSG.loginInvalidEmail }),
  password: z.string({ error: MSG.loginInvalidPassword }).min(1, { error: MSG.loginInvalidPassword }),
});
