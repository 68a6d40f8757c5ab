// The secret of a new webhook endpoint is shown once (issue 29 part 4): Add endpoint's action puts
// it in this short-lived cookie (signed, httpOnly, SameSite=Strict, 5 minutes, Secure over https)
// with the endpoint's and the ADMIN's ids, and redirects to the endpoint's page, whose loader shows
// it and clears the cookie in the same answer. A reload, another tab or another ADMIN sees it no
// more. Nothing is written to the database on the GET (the secret itself is stored for signing).
import { createCookie } from "@remix-run/node";
import { cookieName, secureCookies } from "./cookies.server";
import { env } from "./env.server";

type Shown = { endpointId: number; userId: number; secret: string };

let cookie: ReturnType<typeof createCookie> | undefined;
function secretCookie() {
  cookie ??= createCookie(cookieName("__webhook_secret"), {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: secureCookies(),
    secrets: [env().SESSION_SECRET],
    maxAge: 300,
  });
  return cookie;
}

/** The Set-Cookie header that carries the new endpoint's secret to its page. */
export function carrySecret(shown: Shown): Promise<string> {
  return secretCookie().serialize(shown);
}

/** The secret to show on this endpoint's page for this user, if the cookie carries it, and the
 * Set-Cookie header that clears it (null: nothing to clear). */
export async function takeSecret(
  request: Request,
  endpointId: number,
  userId: number,
): Promise<{ secret: string | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${cookieName("__webhook_secret")}=`)) return { secret: null, clear: null };
  const value = (await secretCookie().parse(header)) as Partial<Shown> | null;
  const clear = await secretCookie().serialize("", { maxAge: 0 });
  if (
    !value ||
    value.endpointId !== endpointId ||
    value.userId !== userId ||
    typeof value.secret !== "string"
  )
    return { secret: null, clear: value ? null : clear };
  return { secret: value.secret, clear };
}
