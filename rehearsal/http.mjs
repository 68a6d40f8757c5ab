// The rehearsal's HTTP client: one per simulated browser (its own client address, sent in the
// header the app trusts, and its own cookies), over a keep-alive agent shared by its actor. Every
// request is timed into the actor's samples. Only 127.0.0.1 is ever contacted.
import http from "node:http";

// The edge of `npm run cluster` reads the first X-Forwarded-For entry (as Fly's does) and passes it on as
// Fly-Client-IP; a single node is started with TRUSTED_PROXY_HEADER=X-Forwarded-For.
export const CLIENT_HEADER = "x-forwarded-for";
const HOST = "127.0.0.1";

/** Everything an actor measured: samples of { t, ms, status, error, path, pdf, signIn }. */
export class Recorder {
  constructor(t0) {
    this.t0 = t0;
    /** @type {Map<string, object[]>} */
    this.byActor = new Map();
  }
  add(actor, sample) {
    const list = this.byActor.get(actor);
    if (list) list.push(sample);
    else this.byActor.set(actor, [sample]);
  }
  now() {
    return performance.now() - this.t0;
  }
}

let addressNo = 0;
/** A new client address: 10.x.y.z, one per simulated device. */
export function nextAddress() {
  addressNo++;
  return `10.${(addressNo >> 16) & 255}.${(addressNo >> 8) & 255}.${addressNo & 255}`;
}

export function agentFor(maxSockets = 64) {
  return new http.Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 10_000 });
}

const decodeEntities = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
export const tagsOf = (html, name) => html.match(new RegExp(`<${name}\\b[^>]*>`, "gi")) ?? [];
export function attr(tag, name) {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i"));
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3]) : null;
}
/** The csrf token of the first form that has one. */
export function csrfOf(html) {
  const input = tagsOf(html, "input").find((t) => attr(t, "name") === "csrf");
  return input ? attr(input, "value") : null;
}
/** The form (action, inputs [name, value] in order) that contains `marker` (a regular expression). */
export function formWith(html, marker) {
  for (const part of html.split(/<form\b/i).slice(1)) {
    const body = part.split(/<\/form>/i)[0];
    if (!marker.test(body)) continue;
    return {
      action: attr(`<form${body.slice(0, body.indexOf(">") + 1)}`, "action"),
      inputs: [
        ...tagsOf(body, "input")
          .filter((t) => !/type=["']?(submit|file)/i.test(t))
          .filter((t) => !/type=["']?(checkbox|radio)/i.test(t) || /\schecked/i.test(t))
          .map((t) => [attr(t, "name") ?? "", attr(t, "value") ?? ""]),
        // Selects: the selected option (else the first), as a browser sends them.
        ...[...body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)].map((m) => {
          const options = tagsOf(m[2], "option");
          const chosen = options.find((o) => /\sselected/i.test(o)) ?? options[0];
          return [attr(`<select${m[1]}>`, "name") ?? "", chosen ? (attr(chosen, "value") ?? "") : ""];
        }),
      ].filter(([n]) => n),
    };
  }
  return null;
}

/** Applies Set-Cookie lines to a jar (name -> value), dropping the cookies they clear. Shared with
 * scripts/bench.mjs. */
export function storeCookies(jar, setCookies) {
  for (const line of setCookies) {
    const [pair, ...attrs] = line.split(";");
    const i = pair.indexOf("=");
    if (i <= 0) continue;
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const cleared = attrs.some((a) => {
      const [k, v = ""] = a.trim().split("=");
      if (k.toLowerCase() === "max-age") return Number(v) <= 0;
      if (k.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
      return false;
    });
    if (cleared || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}

export class Client {
  /**
   * @param {{ base: string, actor: string, recorder: Recorder, agent: http.Agent, address?: string }} o
   */
  constructor({ base, actor, recorder, agent, address }) {
    this.base = new URL(base);
    if (this.base.hostname !== HOST) throw new Error(`refusing to contact ${this.base.host}`);
    this.actor = actor;
    this.recorder = recorder;
    this.agent = agent;
    this.address = address ?? nextAddress();
    /** @type {Map<string, string>} */
    this.jar = new Map();
  }

  cookieHeader() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  store(setCookies) {
    storeCookies(this.jar, setCookies ?? []);
  }

  /**
   * One request, not following redirects. Resolves { status, headers, body (Buffer), text() , ms };
   * a network failure or timeout resolves with status 0 and `error`. Recorded unless record=false.
   */
  request(method, path, { body, type, headers = {}, timeoutMs = 30_000, record = true, pdf = false } = {}) {
    const url = new URL(path, this.base);
    if (url.hostname !== HOST) throw new Error(`refusing to contact ${url.host}`);
    const h = { [CLIENT_HEADER]: this.address, ...headers };
    const cookie = this.cookieHeader();
    if (cookie) h.cookie = cookie;
    let payload = null;
    if (body !== undefined) {
      payload = Buffer.isBuffer(body) ? body : Buffer.from(String(body));
      h["content-type"] = type ?? "application/x-www-form-urlencoded";
      h["content-length"] = String(payload.length);
    }
    const started = performance.now();
    const at = this.recorder.now();
    return new Promise((resolve) => {
      const done = (res) => {
        res.ms = performance.now() - started;
        if (record)
          this.recorder.add(this.actor, {
            t: at,
            ms: res.ms,
            status: res.status,
            error: res.error ?? null,
            path: `${method} ${url.pathname}`,
            pdf,
            signIn: this.signingIn === true,
          });
        resolve(res);
      };
      const req = http.request(
        {
          host: HOST,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          headers: h,
          agent: this.agent,
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => {
            this.store(res.headers["set-cookie"]);
            const buf = Buffer.concat(chunks);
            done({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: buf,
              text: () => buf.toString("utf8"),
            });
          });
          res.on("error", (e) =>
            done({ status: 0, error: e.message, headers: {}, body: Buffer.alloc(0), text: () => "" }),
          );
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
      req.on("error", (e) =>
        done({ status: 0, error: e.message, headers: {}, body: Buffer.alloc(0), text: () => "" }),
      );
      if (payload) req.write(payload);
      req.end();
    });
  }

  get(path, o) {
    return this.request("GET", path, o);
  }
  post(path, fields, o = {}) {
    const body = fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
    return this.request("POST", path, { ...o, body: body.toString() });
  }
  /** A multipart/form-data POST: fields [[name, value]] and files [{ name, filename, type, content }]. */
  postMultipart(path, fields, files, o = {}) {
    const boundary = `----rehearsal${Math.random().toString(16).slice(2)}`;
    const parts = [];
    for (const [name, value] of fields)
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    for (const f of files)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
        ),
        Buffer.from(f.content),
        Buffer.from("\r\n"),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return this.request("POST", path, {
      ...o,
      body: Buffer.concat(parts),
      type: `multipart/form-data; boundary=${boundary}`,
    });
  }

  /** Logs in through /auth/login like a browser without JavaScript; true when a session came back. */
  /** Signs in as a browser does (the form, the POST, the page it lands on): samples marked signIn. */
  async login(email, password) {
    this.signingIn = true;
    try {
      const page = await this.get("/auth/login");
      const csrf = csrfOf(page.text());
      if (!csrf) return false;
      const res = await this.post("/auth/login", { csrf, email, password });
      if (res.status !== 302 || !this.jar.has("__session")) return false;
      await this.get(res.headers.location ?? "/");
      return true;
    } finally {
      this.signingIn = false;
    }
  }
}

/** An SSE stream over fetch-like http.get: calls onEvent(event, data, tMs) per message. */
export function openStream({ base, path, address, recorder, onEvent }) {
  const url = new URL(path, base);
  if (url.hostname !== HOST) throw new Error(`refusing to contact ${url.host}`);
  const stream = { open: false, closed: false, status: 0, close: () => {} };
  const req = http.get(
    {
      host: HOST,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      agent: false,
      headers: { accept: "text/event-stream", [CLIENT_HEADER]: address },
    },
    (res) => {
      stream.status = res.statusCode ?? 0;
      if (res.statusCode !== 200) {
        res.resume();
        stream.closed = true;
        return;
      }
      stream.open = true;
      res.setEncoding("utf8");
      let buffered = "";
      res.on("data", (chunk) => {
        buffered += chunk;
        let end = buffered.indexOf("\n\n");
        while (end !== -1) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.*)$/m.exec(message)?.[1] ?? "message";
          const data = message
            .split("\n")
            .filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).replace(/^ /, ""))
            .join("\n");
          onEvent(event, data, recorder.now());
          end = buffered.indexOf("\n\n");
        }
      });
      const closed = () => {
        stream.open = false;
        stream.closed = true;
      };
      res.on("end", closed);
      res.on("error", closed);
      res.on("close", closed);
    },
  );
  req.on("error", () => {
    stream.open = false;
    stream.closed = true;
  });
  stream.close = () => {
    stream.closed = true;
    stream.open = false;
    req.destroy();
  };
  return stream;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
