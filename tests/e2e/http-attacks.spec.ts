// The attacks of the hardening issue, replayed over HTTP against the built app (project `http`,
// run once). Each test would pass against the old code only if the attack still worked.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { E2E_PORT } from "../../playwright.config";
import { createUser, E2E_DIR, unique } from "./db";
import { PASSWORD } from "./helpers";

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const ADDRESS_HEADER = "X-Test-Client-IP"; // the e2e server's TRUSTED_PROXY_HEADER
let addressCounter = 0;
/** A fresh client address per test (the tests play the proxy that reports it). */
const newAddress = () => `198.51.${process.pid % 250}.${(++addressCounter % 250) + 1}`;

type Client = { address: string; cookies: Map<string, string> };

function cookieHeader(c: Client) {
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

function keepCookies(c: Client, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) c.cookies.delete(name);
    else c.cookies.set(name, value);
  }
}

async function client(address = newAddress()): Promise<Client> {
  const c: Client = { address, cookies: new Map() };
  const res = await fetch(`${BASE}/auth/login`, { headers: { [ADDRESS_HEADER]: address } });
  keepCookies(c, res);
  expect(c.cookies.get("XSRF-TOKEN")).toBeTruthy();
  return c;
}

async function send(
  c: Client,
  url: string,
  body: FormData | URLSearchParams,
  extra: Record<string, string> = {},
) {
  const res = await fetch(`${BASE}${url}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      [ADDRESS_HEADER]: c.address,
      Cookie: cookieHeader(c),
      "X-XSRF-TOKEN": c.cookies.get("XSRF-TOKEN") ?? "",
      ...extra,
    },
  });
  keepCookies(c, res);
  return res;
}

const loginForm = (email: string, password: string) => new URLSearchParams({ email, password });

function appRssMb(): number {
  const pid = fs.readFileSync(path.join(E2E_DIR, "app.pid"), "utf8").trim();
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

test.describe.configure({ mode: "serial" });

test("a tall 1000 x 49,000 PNG is refused from its header, without the server's memory growing", async () => {
  const png = await sharp({ create: { width: 1000, height: 49_000, channels: 3, background: "#fff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(png.byteLength).toBeLessThan(1_000_000);
  const registration = async () => {
    const c = await client();
    const form = new FormData();
    const fields: Record<string, string> = {
      teamName: unique("Tall Club"),
      teamCountry: "MY",
      email: `${unique("tall")}@example.test`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      identification: "A1",
      name: "TALL PHOTO",
      gender: "MALE",
      yob: "1990",
      phone: "60123456789",
      address: "1 Jalan",
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("photo", new Blob([png], { type: "image/png" }), "tall.png");
    return send(c, "/auth/register/manager", form);
  };
  const before = appRssMb();
  const answers = await Promise.all([registration(), registration(), registration()]);
  const after = appRssMb();
  for (const res of answers) {
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("at most twice as tall as it is wide");
  }
  expect(after - before).toBeLessThan(50);
});

test("40 parallel wrong passwords for one account from one address: at most 5 are checked", async () => {
  const user = createUser("MANAGER");
  const c = await client();
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => send(c, "/auth/login", loginForm(user.email, "Wrong-pass1"))),
  );
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
  expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
});

test("spoofed X-Forwarded-For and Fly-Client-IP do not reset the per-address limit", async () => {
  const c = await client();
  let last = 0;
  for (let i = 0; i < 31; i++) {
    // A new unknown account each time (so only the address counts), a new spoofed address each time.
    const res = await send(c, "/auth/login", loginForm(`${unique("nobody")}@example.test`, "Wrong-pass1"), {
      "X-Forwarded-For": `203.0.113.${i}`,
      "Fly-Client-IP": `192.0.2.${i}`,
    });
    last = res.status;
    if (i < 30) expect(res.status).toBe(400);
  }
  expect(last).toBe(429);
});

test("an attacker cannot lock the owner out: the owner's address and device still get in", async () => {
  const owner = createUser("ADMIN");
  // The owner has logged in on their laptop before: it carries the device tag.
  const laptop = await client();
  expect((await send(laptop, "/auth/login", loginForm(owner.email, PASSWORD))).status).toBe(302);
  const laptopAfterLogout = { address: laptop.address, cookies: new Map(laptop.cookies) };
  laptopAfterLogout.cookies.delete("__session");

  // One attacker address hammers the account: it is slowed down...
  const attacker = await client();
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    statuses.push((await send(attacker, "/auth/login", loginForm(owner.email, "Guess-1234"))).status);
  }
  expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
  expect(statuses.slice(5)).toEqual([429, 429, 429]);
  // ...and 25 more addresses guess once each (the account-wide limit then slows new devices).
  for (let i = 0; i < 25; i++) {
    const other = await client();
    await send(other, "/auth/login", loginForm(owner.email, `Guess-${i}x`));
  }
  const stranger = await client();
  expect((await send(stranger, "/auth/login", loginForm(owner.email, PASSWORD))).status).toBe(429);

  // The owner, on their own device, logs in at once with the right password.
  const fresh = await client(laptop.address);
  for (const [k, v] of laptopAfterLogout.cookies) if (k.includes("device")) fresh.cookies.set(k, v);
  expect((await send(fresh, "/auth/login", loginForm(owner.email, PASSWORD))).status).toBe(302);
  // From a new address too, as long as it is the owner's device.
  const onTheRoad = await client();
  for (const [k, v] of laptopAfterLogout.cookies) if (k.includes("device")) onTheRoad.cookies.set(k, v);
  expect((await send(onTheRoad, "/auth/login", loginForm(owner.email, PASSWORD))).status).toBe(302);
});

test("password hashing is bounded: a burst of logins gets 429 beyond the queue, the health check stays up", async () => {
  const users = Array.from({ length: 40 }, () => createUser("COMPETITOR"));
  const burst = Promise.all(
    users.map(async (u) => {
      const c = await client();
      const res = await send(c, "/auth/login", loginForm(u.email, "Wrong-pass1"));
      return { status: res.status, text: await res.text() };
    }),
  );
  const health = await fetch(`${BASE}/healthcheck`);
  const answers = await burst;
  expect(health.status).toBe(200);
  const busy = answers.filter((a) => a.status === 429);
  expect(busy.length).toBeGreaterThan(0);
  expect(busy[0].text).toContain("The server is busy right now.");
  expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
});

test("reset and registration attempts count against the address, unknown emails too", async () => {
  const c = await client();
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    const res = await send(
      c,
      "/auth/reset",
      new URLSearchParams({ intent: "request", email: `${unique("ghost")}@example.test` }),
    );
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
  expect(statuses[20]).toBe(429);

  const r = await client();
  const existing = createUser("MANAGER");
  const registerStatuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const form = new FormData();
    const fields: Record<string, string> = {
      teamName: unique("Probe Club"),
      teamCountry: "MY",
      email: existing.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      identification: "A1",
      name: "PROBE",
      gender: "MALE",
      yob: "1990",
      phone: "60123456789",
      address: "1 Jalan",
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    registerStatuses.push((await send(r, "/auth/register/manager", form)).status);
  }
  expect(registerStatuses.slice(0, 10).every((s) => s === 409)).toBe(true);
  expect(registerStatuses[10]).toBe(429);
});

test("malformed cookies and bodies get a working page or a 400, never a 500", async () => {
  const page = await fetch(`${BASE}/auth/login`, {
    headers: { Cookie: "XSRF-TOKEN=%E0; __session=%E0; __flash=%E0; __device=%E0" },
  });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Forgot password?");

  const c = await client();
  const broken = await send(c, "/auth/login", new URLSearchParams(), {
    "Content-Type": "multipart/form-data; boundary=xyz",
  });
  expect(broken.status).toBe(400);
  const odd = await fetch(`${BASE}/auth/login`, {
    method: "POST",
    body: "email=a%40b.c&password=x",
    redirect: "manual",
    headers: {
      Cookie: cookieHeader(c),
      "X-XSRF-TOKEN": c.cookies.get("XSRF-TOKEN") ?? "",
      "Content-Type": "text/plain; x=form-urlencoded",
      [ADDRESS_HEADER]: c.address,
    },
  });
  expect(odd.status).toBeLessThan(500);
  expect(odd.status).toBeGreaterThanOrEqual(400);
});

test("a CSRF token minted for one session is refused with another session's cookie", async () => {
  const a = createUser("COMMITTEE");
  const b = createUser("COMMITTEE");
  const ca = await client();
  const cb = await client();
  expect((await send(ca, "/auth/login", loginForm(a.email, PASSWORD))).status).toBe(302);
  expect((await send(cb, "/auth/login", loginForm(b.email, PASSWORD))).status).toBe(302);
  // Each session's pages mint a token bound to it.
  for (const c of [ca, cb]) keepCookies(c, await fetch(`${BASE}/`, { headers: { Cookie: cookieHeader(c) } }));
  const stolen = ca.cookies.get("XSRF-TOKEN") ?? "";
  const forged = { address: cb.address, cookies: new Map(cb.cookies) };
  forged.cookies.set("XSRF-TOKEN", stolen);
  const res = await send(
    forged,
    "/password",
    new URLSearchParams({ oldPassword: PASSWORD, newPassword: "Hijacked12", confirmPassword: "Hijacked12" }),
  );
  expect(res.status).toBe(403);
  // The victim's own token works.
  const own = await send(
    cb,
    "/password",
    new URLSearchParams({
      oldPassword: "wrong-one1",
      newPassword: "Changed123",
      confirmPassword: "Changed123",
    }),
  );
  expect(own.status).toBe(400);
});
