// CSRF: a signed random token in the XSRF-TOKEN cookie (readable by scripts, as the spec's API
// clients expect). A mutating request must echo it in the `csrf` form field or in the
// X-XSRF-TOKEN header. SameSite=Lax cookies are a second line of defence.
import { hmac, randomToken, safeEqual } from "./crypto.server";
import { secureCookies } from "./cookies.server";
import { env } from "./env.server";

export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "X-XSRF-TOKEN";
export const CSRF_FIELD = "csrf";

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

const sign = (nonce: string) => hmac(env().SESSION_SECRET, `csrf:${nonce}`);

function isValid(token: string | null): token is string {
  if (!token) return false;
  const [nonce, sig] = token.split(".");
  return Boolean(nonce && sig && safeEqual(sig, sign(nonce)));
}

/** The request's token, or a new one with the Set-Cookie header that stores it. */
export function csrfToken(request: Request): { token: string; setCookie: string | null } {
  const existing = readCookie(request, CSRF_COOKIE);
  if (isValid(existing)) return { token: existing, setCookie: null };
  const nonce = randomToken(18);
  const token = `${nonce}.${sign(nonce)}`;
  const attrs = ["Path=/", "SameSite=Lax", secureCookies() ? "Secure" : ""].filter(Boolean).join("; ");
  return { token, setCookie: `${CSRF_COOKIE}=${token}; ${attrs}` };
}

/** Throws 403 unless the request carries the cookie's token in a field or header. */
export function assertCsrf(request: Request, form: FormData | null): void {
  const cookie = readCookie(request, CSRF_COOKIE);
  const sent = request.headers.get(CSRF_HEADER) ?? (form?.get(CSRF_FIELD) as string | null) ?? null;
  if (!isValid(cookie) || !sent || !safeEqual(sent, cookie)) {
    throw new Response("Invalid or missing CSRF token.", { status: 403 });
  }
}

/** Reads the form and checks its CSRF token in one step: every action starts with this. */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  const isForm = type.includes("form-urlencoded") || type.includes("multipart/form-data");
  const form = isForm ? await request.formData() : new FormData();
  assertCsrf(request, form);
  return form;
}
