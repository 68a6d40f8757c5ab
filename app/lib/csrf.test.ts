import { describe, expect, it } from "vitest";
import { assertCsrf, csrfToken, readForm } from "./csrf.server";

const withCookie = (cookie: string, init: RequestInit = {}) =>
  new Request("http://test/x", {
    method: "POST",
    ...init,
    headers: { Cookie: cookie, ...(init.headers ?? {}) },
  });

function status(fn: () => void): number {
  try {
    fn();
    return 200;
  } catch (e) {
    return (e as Response).status;
  }
}

describe("CSRF", () => {
  const { token, setCookie } = csrfToken(new Request("http://test/"));
  const cookie = `XSRF-TOKEN=${token}`;

  it("issues a signed token once and reuses a valid one", () => {
    expect(setCookie).toMatch(/^XSRF-TOKEN=.+; Path=\/; SameSite=Lax/);
    expect(csrfToken(withCookie(cookie))).toEqual({ token, setCookie: null });
    expect(csrfToken(withCookie("XSRF-TOKEN=made.up")).setCookie).not.toBeNull();
  });

  it("accepts the token in the form field or the X-XSRF-TOKEN header", () => {
    const form = new FormData();
    form.set("csrf", token);
    expect(status(() => assertCsrf(withCookie(cookie), form))).toBe(200);
    expect(status(() => assertCsrf(withCookie(cookie, { headers: { "X-XSRF-TOKEN": token } }), null))).toBe(
      200,
    );
  });

  it("refuses a missing, wrong or unsigned token with 403", () => {
    const wrong = new FormData();
    wrong.set("csrf", `${token}x`);
    expect(status(() => assertCsrf(withCookie(cookie), new FormData()))).toBe(403);
    expect(status(() => assertCsrf(withCookie(cookie), wrong))).toBe(403);
    expect(status(() => assertCsrf(withCookie(""), null))).toBe(403);
    // A token the attacker made up and placed in both cookie and field is not signed by us.
    const forged = new FormData();
    forged.set("csrf", "abc.def");
    expect(status(() => assertCsrf(withCookie("XSRF-TOKEN=abc.def"), forged))).toBe(403);
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
});
