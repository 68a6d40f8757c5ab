import { describe, expect, it } from "vitest";
import { assertCsrf, csrfToken, readCookie, readForm } from "./csrf.server";
import { getSessionCookie } from "./cookies.server";

const withCookie = (cookie: string, init: RequestInit = {}) =>
  new Request("http://test/x", {
    method: "POST",
    ...init,
    headers: { Cookie: cookie, ...(init.headers ?? {}) },
  });

async function status(fn: () => Promise<void>): Promise<number> {
  try {
    await fn();
    return 200;
  } catch (e) {
    return (e as Response).status;
  }
}

describe("CSRF", async () => {
  const { token, setCookie } = await csrfToken(new Request("http://test/"));
  const cookie = `XSRF-TOKEN=${token}`;

  it("issues a signed token once and reuses a valid one", async () => {
    expect(setCookie).toMatch(/^XSRF-TOKEN=.+; Path=\/; SameSite=Lax/);
    expect(await csrfToken(withCookie(cookie))).toEqual({ token, setCookie: null });
    expect((await csrfToken(withCookie("XSRF-TOKEN=made.up"))).setCookie).not.toBeNull();
  });

  it("accepts the token in the form field or the X-XSRF-TOKEN header", async () => {
    const form = new FormData();
    form.set("csrf", token);
    expect(await status(() => assertCsrf(withCookie(cookie), form))).toBe(200);
    const viaHeader = withCookie(cookie, { headers: { "X-XSRF-TOKEN": token } });
    expect(await status(() => assertCsrf(viaHeader, null))).toBe(200);
  });

  it("refuses a missing, wrong or unsigned token with 403", async () => {
    const wrong = new FormData();
    wrong.set("csrf", `${token}x`);
    expect(await status(() => assertCsrf(withCookie(cookie), new FormData()))).toBe(403);
    expect(await status(() => assertCsrf(withCookie(cookie), wrong))).toBe(403);
    expect(await status(() => assertCsrf(withCookie(""), null))).toBe(403);
    // A token the attacker made up and placed in both cookie and field is not signed by us.
    const forged = new FormData();
    forged.set("csrf", "abc.def");
    expect(await status(() => assertCsrf(withCookie("XSRF-TOKEN=abc.def"), forged))).toBe(403);
  });

  it("binds the token to the login session: one minted for another session is refused", async () => {
    // (The binding is the cookie's session id; no session row is needed for it.)
    const a = (await getSessionCookie().serialize("session-a")).split(";")[0];
    const b = (await getSessionCookie().serialize("session-b")).split(";")[0];
    const minted = await csrfToken(withCookie(a));
    const form = new FormData();
    form.set("csrf", minted.token);
    const tokenCookie = `XSRF-TOKEN=${minted.token}`;
    expect(await status(() => assertCsrf(withCookie(`${a}; ${tokenCookie}`), form))).toBe(200);
    expect(await status(() => assertCsrf(withCookie(`${b}; ${tokenCookie}`), form))).toBe(403);
    // ...and the anonymous token does not serve a logged-in session either.
    const anonymous = new FormData();
    anonymous.set("csrf", token);
    expect(await status(() => assertCsrf(withCookie(`${a}; ${cookie}`), anonymous))).toBe(403);
    // The page of session b gets a fresh token of its own.
    expect((await csrfToken(withCookie(`${b}; ${tokenCookie}`))).setCookie).not.toBeNull();
  });

  it("a cookie that does not decode is no cookie, not an error", async () => {
    expect(readCookie(withCookie("XSRF-TOKEN=%E0"), "XSRF-TOKEN")).toBeNull();
    expect((await csrfToken(withCookie("XSRF-TOKEN=%E0; __session=%E0"))).setCookie).not.toBeNull();
  });

  it("readForm checks the token of a posted form", async () => {
    const body = new URLSearchParams({ csrf: token, a: "1" });
    const ok = withCookie(cookie, { body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect((await readForm(ok)).get("a")).toBe("1");
    const bad = withCookie(cookie, {
      body: new URLSearchParams({ a: "1" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await expect(readForm(bad)).rejects.toMatchObject({ status: 403 });
  });

  it("readForm answers 400 to a body that claims to be a form but is not one", async () => {
    const broken = withCookie(cookie, {
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', // no closing boundary
      headers: { "Content-Type": "multipart/form-data; boundary=xyz", "X-XSRF-TOKEN": token },
    });
    await expect(readForm(broken)).rejects.toMatchObject({ status: 400 });
    const noBoundary = withCookie(cookie, {
      body: "a=1",
      headers: { "Content-Type": "multipart/form-data", "X-XSRF-TOKEN": token },
    });
    await expect(readForm(noBoundary)).rejects.toMatchObject({ status: 400 });
    // Not a form type at all: the body is not read as one, and the header token still counts.
    const odd = withCookie(cookie, {
      body: "a=1",
      headers: { "Content-Type": "text/plain; x=form-urlencoded", "X-XSRF-TOKEN": token },
    });
    expect([...(await readForm(odd)).keys()]).toEqual([]);
  });
});
