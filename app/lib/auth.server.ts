// Login with remix-auth's FormStrategy: it checks the credentials; sessions are ours
// (session.server.ts), stored in the database.
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getFlashStorage } from "./cookies.server";
import { dummyHash, verifyPassword } from "./password.server";
import { findUserByEmail, type User } from "~/models/user.server";

export type LoginFailure = "Invalid credentials." | "User not verified.";

let authenticator: Authenticator<User> | undefined;

function getAuthenticator() {
  if (!authenticator) {
    // remix-auth wants a session storage; we never ask it to write one (no successRedirect).
    authenticator = new Authenticator<User>(getFlashStorage());
    authenticator.use(
      new FormStrategy(async ({ form }) => {
        const email = String(form.get("email") ?? "");
        const password = String(form.get("password") ?? "");
        const user = findUserByEmail(email);
        // Spend the same time on an unknown email, so timing does not reveal accounts.
        const ok = await verifyPassword(password, user?.hash ?? (await dummyHash()));
        if (!user || !ok) throw new Error("Invalid credentials." satisfies LoginFailure);
        if (!user.verified) throw new Error("User not verified." satisfies LoginFailure);
        return user;
      }),
      "form",
    );
  }
  return authenticator;
}

/** The user, or the failure message of the spec's API ('Invalid credentials.', 'User not verified.'). */
export async function login(
  request: Request,
  formData: FormData,
): Promise<{ user: User } | { error: string }> {
  try {
    const user = await getAuthenticator().authenticate("form", request, {
      throwOnError: true,
      context: { formData },
    });
    return { user };
  } catch (error) {
    if (error instanceof AuthorizationError) return { error: error.message };
    throw error;
  }
}
