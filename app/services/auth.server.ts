// Login with remix-auth's FormStrategy: it checks the credentials; sessions are ours
// (session.server.ts), stored in the database. Every attempt passes the throttle gate first:
// counted before the password is hashed, settled once the outcome is known.
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDeviceCookie, getFlashStorage } from "~/lib/cookies.server";
import { isBusyResponse } from "~/lib/limiter.server";
import { dummyHash, verifyPassword } from "~/lib/password.server";
import { deviceTag, gate, type Key, settle, throttleKeys } from "~/models/throttle.server";
import { findCredentials, type User, withoutHash } from "~/models/user.server";

export type LoginFailure = "Invalid credentials." | "User not verified.";

/** Too many hashes under way (remix-auth turns a thrown Error into an AuthorizationError). */
class HashingBusy extends Error {}

let authenticator: Authenticator<User> | undefined;

function getAuthenticator() {
  if (!authenticator) {
    // remix-auth wants a session storage; we never ask it to write one (no successRedirect).
    authenticator = new Authenticator<User>(getFlashStorage());
    authenticator.use(
      new FormStrategy(async ({ form }) => {
        const email = String(form.get("email") ?? "");
        const password = String(form.get("password") ?? "");
        const found = findCredentials(email);
        // Spend the same time on an unknown email, so timing does not reveal accounts.
        const ok = await verifyPassword(password, found?.hash ?? dummyHash()).catch((error) => {
          throw isBusyResponse(error) ? new HashingBusy() : error;
        });
        if (!found || !ok) throw new Error("Invalid credentials." satisfies LoginFailure);
        if (!found.verified) throw new Error("User not verified." satisfies LoginFailure);
        return withoutHash(found);
      }),
      "form",
    );
  }
  return authenticator;
}

const MAX_DEVICE_TAGS = 5;

async function deviceTags(request: Request): Promise<string[]> {
  try {
    const tags = await getDeviceCookie().parse(request.headers.get("Cookie"));
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie header that remembers this device for the account (newest first, a few kept). */
async function rememberDevice(request: Request, email: string): Promise<string> {
  const tag = deviceTag(email);
  const tags = [tag, ...(await deviceTags(request)).filter((t) => t !== tag)].slice(0, MAX_DEVICE_TAGS);
  return getDeviceCookie().serialize(tags);
}

export type LoginOutcome =
  | { user: User; setCookie: string }
  | { error: LoginFailure }
  | { throttledMs: number }
  | { busy: true };

/** One login attempt, throttled: see docs/decisions/0008-throttling.md. */
export async function login(request: Request, formData: FormData): Promise<LoginOutcome> {
  const email = String(formData.get("email") ?? "");
  const knownDevice = (await deviceTags(request)).includes(deviceTag(email));
  const keys = throttleKeys.login(request, email, knownDevice);
  const counted: Key[] = [keys.pair, keys.address, ...(keys.account ? [keys.account] : [])];
  const wait = gate(counted);
  if (wait > 0) return { throttledMs: wait };

  // The password was right (even if the account is unverified): this pair starts afresh and the
  // attempt does not count against the account or the address.
  const rightPassword = () => settle({ clear: [keys.pair], refunds: counted.slice(1) });
  try {
    const user = await getAuthenticator().authenticate("form", request, {
      throwOnError: true,
      context: { formData },
    });
    rightPassword();
    return { user, setCookie: await rememberDevice(request, email) };
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    if (error.cause instanceof HashingBusy) {
      settle({ refunds: counted }); // never checked: give the attempt back
      return { busy: true };
    }
    if (error.message === "User not verified.") rightPassword();
    if (error.message === "User not verified." || error.message === "Invalid credentials.") {
      return { error: error.message };
    }
    throw error;
  }
}
