// The crawl of tests/replica/replica.test.ts, shared with the real LiteFS cluster's test
// (tests/cluster/cluster.test.ts): a cookie jar, a small HTML reader, a crawl of every page reachable
// from the route table (app/lib/access.ts ROUTES) by links, and a login like a browser without
// JavaScript.
import { ROUTES } from "~/lib/access";

export const PASSWORD = "Regatta2026!";
export const USERS = {
  ADMIN: "admin@example.com",
  COMMITTEE: "committee@example.com",
  MANAGER: "manager@example.com",
  COMPETITOR: "competitor@example.com",
} as const;
export type Who = keyof typeof USERS | "anonymous";
/** Most pages visited per role, and per path pattern (query variants: tabs, filters, pages). */
const MAX_PAGES = 400;
const MAX_PER_PATTERN = 6;

export type Jar = Map<string, string>;
export const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
export function store(jar: Jar, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(";");
    const i = pair.indexOf("=");
    if (i <= 0) continue;
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const cleared = attrs.some((a) => /^\s*max-age=0\b/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
    if (cleared || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
export function attr(tag: string, name: string): string | null {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i"));
  return m ? decode(m[1] ?? m[2] ?? m[3]) : null;
}

export type PostForm = { action: string; fields: [string, string][]; from: string };

/** A GET form's queries: as submitted untouched (inputs' values, each select's selected or first
 * non-empty option), and with each other option of each select (e.g. every event of a picker). */
function getFormUrls(open: string, inner: string, pageUrl: string): string[] {
  const base = new URL(attr(open, "action") ?? pageUrl, pageUrl);
  base.search = "";
  for (const input of inner.match(/<input\b[^>]*>/gi) ?? []) {
    const name = attr(input, "name");
    const type = (attr(input, "type") ?? "text").toLowerCase();
    if (!name || ((type === "checkbox" || type === "radio") && !/\schecked\b/i.test(input))) continue;
    base.searchParams.append(name, attr(input, "value") ?? "");
  }
  const selects = [...inner.matchAll(/<select\b[^>]*>([\s\S]*?)<\/select>/gi)].map((m) => {
    const values = (m[1].match(/<option\b[^>]*>/gi) ?? []).map((o) => ({
      value: attr(o, "value") ?? "",
      selected: /\sselected\b/i.test(o),
    }));
    const chosen = values.find((v) => v.selected && v.value) ?? values.find((v) => v.value);
    return { name: attr(m[0], "name") ?? "", values: values.map((v) => v.value).filter(Boolean), chosen };
  });
  for (const s of selects) if (s.name && s.chosen) base.searchParams.set(s.name, s.chosen.value);
  const urls = [base.href];
  for (const s of selects) {
    for (const value of s.values.slice(0, 8)) {
      const u = new URL(base);
      u.searchParams.set(s.name, value);
      urls.push(u.href);
    }
  }
  return urls;
}

/** Links (anchors, images, GET forms) and POST forms of a page (forms with their named inputs and
 * the first named submit button). */
export function readPage(html: string, pageUrl: string) {
  const links = [...(html.match(/<a\b[^>]*>/gi) ?? [])]
    .map((tag) => attr(tag, "href"))
    .concat((html.match(/<img\b[^>]*>/gi) ?? []).map((tag) => attr(tag, "src")))
    .filter((h): h is string => !!h);
  const forms: PostForm[] = [];
  for (const m of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/gi)) {
    const open = m[0].slice(0, m[0].indexOf(">") + 1);
    if ((attr(open, "method") ?? "get").toLowerCase() !== "post") {
      links.push(...getFormUrls(open, m[1], pageUrl));
      continue;
    }
    const fields: [string, string][] = [];
    for (const input of m[1].match(/<(input|textarea|select)\b[^>]*>/gi) ?? []) {
      const name = attr(input, "name");
      if (name && (attr(input, "type") ?? "") !== "file") fields.push([name, attr(input, "value") ?? "1"]);
    }
    const button = (m[1].match(/<button\b[^>]*>/gi) ?? []).find((b) => attr(b, "name"));
    if (button) fields.push([attr(button, "name") ?? "", attr(button, "value") ?? ""]);
    forms.push({ action: new URL(attr(open, "action") ?? pageUrl, pageUrl).href, fields, from: pageUrl });
  }
  return { links, forms };
}

/** The shape of a URL: its path with ids as :id (visited at most MAX_PER_PATTERN times), and the
 * key of one visit: that path with the query, paging, sorting and search values left out. */
export function shapeOf(u: URL): { pattern: string; key: string } {
  const pattern = u.pathname
    .replace(/\/\d+(?=\/|$)/g, "/:id")
    .replace(/\/orders\/[^/]{20,}\//, "/orders/:token/")
    .replace(/^\/uploads\/.*/, "/uploads/:file");
  const query = [...u.searchParams]
    .map(([k, v]) => `${k}=${/^(page|size|sort|dir|q|name|search|email)$/.test(k) ? "*" : v}`)
    .sort()
    .join("&");
  return { pattern, key: `${pattern}?${query}` };
}

export type Visit = { url: string; status: number; type: string };

/** Every page reachable from the route table by links, on `base`, as the jar's user. */
export async function crawl(base: string, jar: Jar, who: Who, extra: string[]) {
  const seeds = Object.values(ROUTES)
    .map((r) => r.path as string)
    .filter((p) => !p.includes(":"))
    .concat([
      "/auth/register/manager",
      "/auth/register/competitor",
      "/auth/verify/not-a-real-token",
      "/auth/resend-verification",
      "/auth/logout",
      "/photo",
      "/events/checkout",
      "/events/waitlist",
      "/members/checkout",
      "/tickets/purchase/checkout",
      "/scanning/entrance/check?roundId=1&teamId=1&code=X",
      "/senangpay/return?status_id=1&order_id=1&msg=Payment_was_successful&transaction_id=T1&hash=00",
      "/no-such-page",
      ...extra,
    ]);
  const queue = seeds.map((p) => new URL(p, base).href);
  const seenKeys = new Set<string>();
  const perPattern = new Map<string, number>();
  const visits: Visit[] = [];
  const forms: PostForm[] = [];
  const admit = (href: string, from: string) => {
    let u: URL;
    try {
      u = new URL(href, from);
    } catch {
      return;
    }
    u.hash = "";
    if (u.origin !== base || u.pathname.startsWith("/build/") || u.pathname === "/scoreboard/events") return;
    const { pattern, key } = shapeOf(u);
    if (seenKeys.has(key) || (perPattern.get(pattern) ?? 0) >= MAX_PER_PATTERN) return;
    seenKeys.add(key);
    perPattern.set(pattern, (perPattern.get(pattern) ?? 0) + 1);
    queue.push(u.href);
  };
  for (const s of queue.splice(0)) admit(s, base);

  const worker = async () => {
    while (queue.length && visits.length < MAX_PAGES) {
      const url = queue.shift() as string;
      const res = await fetch(url, {
        headers: jar.size ? { cookie: cookieHeader(jar) } : {},
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      store(jar, res);
      const type = res.headers.get("content-type") ?? "";
      visits.push({ url, status: res.status, type });
      if (type.includes("event-stream")) {
        await res.body?.cancel();
        continue;
      }
      const body = await res.arrayBuffer();
      const location = res.headers.get("location");
      if (location) admit(location, url);
      if (res.status === 200 && type.includes("text/html")) {
        const page = readPage(Buffer.from(body).toString("utf8"), url);
        for (const href of page.links) admit(href, url);
        forms.push(...page.forms);
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { who, visits, forms };
}

/** Logs in on the primary like a browser without JavaScript; the session row is in the shared file. */
export async function login(base: string, email: string): Promise<Jar> {
  const jar: Jar = new Map();
  const page = await fetch(`${base}/auth/login`, { redirect: "manual" });
  store(jar, page);
  const html = await page.text();
  const csrfTag = (html.match(/<input\b[^>]*>/gi) ?? []).find((t) => attr(t, "name") === "csrf");
  const csrf = csrfTag ? attr(csrfTag, "value") : null;
  if (!csrf) throw new Error("no CSRF token on /auth/login");
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, email, password: PASSWORD }),
  });
  store(jar, res);
  if (res.status !== 302 || !jar.has("__session")) throw new Error(`login of ${email}: ${res.status}`);
  return jar;
}
