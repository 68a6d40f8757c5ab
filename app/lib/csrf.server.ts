// CSRF: a signed random token in the XSRF-TOKEN cookie (readable by scripts, as the spec's API
// clients expect; `__Host-XSRF-TOKEN` over https). The signature binds the token to the login
// session (or to "no session"), so a token minted for one session is worthless with another. A
// mutating request must echo it in the `csrf` form field or in the X-XSRF-TOKEN header.
// SameSite=Lax cookies are a second line of defence.
import { cookieName, secureCookies, sessionIdHash } from "./cookies.server";
import { hmac, randomToken, safeEqual } from "./crypto.server";
import { env } from "./env.server";
import { MSG } from "~/messages";

export const CSRF_HEADER = "X-XSRF-TOKEN";
export const CSRF_FIELD = "csrf";
export const csrfCookieName = () => cookieName("XSRF-TOKEN");

/** A cookie's value, or null when it is absent or not decodable (never throws on bad input). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

const sign = (nonce: string, binding: string) => hmac(env().SESSION_SECRET, `csrf:${nonce}:${binding}`);

async function bindingOf(request: Request): Promise<string> {
  return (await sessionIdHash(request)) ?? "anonymous";
}

function isValid(token: string | null, binding: string): token is string {
  if (!token) return false;
  const [nonce, sig, extra] = token.split(".");
  return Boolean(nonce && sig && extra === undefined && safeEqual(sig, sign(nonce, binding)));
}

/** The request's token, or a new one with the Set-Cookie header that stores it. */
export async function csrfToken(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const binding = await bindingOf(request);
  const existing = readCookie(request, csrfCookieName());
  if (isValid(existing, binding)) return { token: existing, setCookie: null };
  const nonce = randomToken(18);
  const token = `${nonce}.${sign(nonce, binding)}`;
  const attrs = ["Path=/", "SameSite=Lax", secureCookies() ? "Secure" : ""].filter(Boolean).join("; ");
  return { token, setCookie: `${csrfCookieName()}=${token}; ${attrs}` };
}

/** Throws 403 unless the request carries the cookie's token, signed for this session, in a field or header. */
export async function assertCsrf(request: Request, form: FormData | null): Promise<void> {
  const cookie = readCookie(request, csrfCookieName());
  const field = form?.get(CSRF_FIELD);
  const sent = request.headers.get(CSRF_HEADER) ?? (typeof field === "string" ? field : null);
  if (!isValid(cookie, await bindingOf(request)) || !sent || !safeEqual(sent, cookie)) {
    throw new Response("Invalid or missing CSRF token.", { status: 403 });
  }
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Reads the form and checks its CSRF token in one step: every action starts with this. A body
 * that claims to be a form but cannot be read is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  let form = new FormData();
  if (FORM_TYPES.has(mediaType)) {
    try {
      form = await request.formData();
    } catch {
      throw new Response(MSG.badForm, {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  }
  await assertCsrf(request, form);
  return form;
}
