import { describe, expect, it } from "vitest";
import { FLASH_MAX, flashToast, takeToasts } from "./toast.server";

const cookieOf = (setCookie: string) => setCookie.split(";")[0];

describe("flashToast", () => {
  it("keeps the last few toasts of a client that never reads them, so the cookie stays writable", async () => {
    let cookie = "";
    for (let i = 0; i < 40; i++) {
      const request = new Request("http://x/", { headers: cookie ? { Cookie: cookie } : {} });
      const message = `Toast number ${i} ${"with a long sentence ".repeat(8)}`;
      cookie = cookieOf(await flashToast(request, { type: "error", message }));
    }
    expect(cookie.length).toBeLessThan(4096);
    const { toasts } = await takeToasts(new Request("http://x/", { headers: { Cookie: cookie } }));
    expect(toasts).toHaveLength(FLASH_MAX);
    expect(toasts.at(-1)?.message).toMatch(/^Toast number 39 /);
  });
});
