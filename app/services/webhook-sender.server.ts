// The webhook sender (issue 29 part 4, ADR 0039): runs on the LiteFS primary from the job loop (a
// tick every WEBHOOK_EVERY_MS, and a kick right after an event is written), never inside the
// request that caused the event. Each pass claims due deliveries (models/webhooks.server.ts) and
// sends up to WEBHOOK_PARALLEL at once, each one POST:
// - Content-Type: application/json, the event's stored body, and Regatta-Signature (rules/webhooks.ts);
// - the host resolved again at every attempt and every address checked (no loopback, private,
//   link-local ...; loopback only under WEBHOOKS_ALLOW_LOOPBACK), then the connection made to the
//   checked address itself (the socket's lookup answers with it: a second DNS answer cannot swap
//   in another address, "DNS rebinding"); TLS still checks the certificate of the URL's name;
// - no redirect followed (a 3xx is a failure), 10 s for the answer's headers, the body not read
//   (the socket is closed once the status is in).
// A non-2xx, no answer or a refused address backs off per the schedule (1, 5, 30 min, 2 h, 6 h,
// then given up); 20 failures in a row disable the endpoint and email every ADMIN (mail queue).
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { bundleFor } from "~/i18n/bundles";
import { isLocale } from "~/i18n/locale";
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import { raceEvents } from "~/lib/race-events.server";
import { mailLayout, queueMail } from "~/services/mailer.server";
import {
  admins,
  type ClaimedDelivery,
  claimDueDeliveries,
  markDelivered,
  markFailed,
} from "~/models/webhooks.server";
import {
  checkResolved,
  isDelivered,
  nextWebhookAttempt,
  parseWebhookUrl,
  SIGNATURE_HEADER,
  signatureHeader,
  WEBHOOK_TIMEOUT_MS,
  type WebhookUrlPolicy,
} from "~/rules/webhooks";
import { WEBHOOK_URL_MAX } from "~/rules/webhook-fields";

/** The job loop's tick (services/jobs.server.ts): a retry goes at the first tick after its back-off. */
export const WEBHOOK_EVERY_MS = 2_000;
/** Deliveries sent at once by one pass. */
export const WEBHOOK_PARALLEL = 8;

let warned = false;

/** The address rules of this server: https only in production, loopback only under the flag. The
 * flag is ignored (with a warning, once) where the server looks like a deployment (APP_URL https,
 * or FLY_APP_NAME set: as server/test-context.mjs judges the test hooks): there it would let an
 * ADMIN's endpoint reach the machine's own services. */
export function webhookPolicy(): WebhookUrlPolicy {
  const e = env();
  let allowLoopback = e.WEBHOOKS_ALLOW_LOOPBACK === "1";
  if (allowLoopback && (e.APP_URL.startsWith("https:") || (process.env.FLY_APP_NAME ?? "") !== "")) {
    allowLoopback = false;
    if (!warned) console.warn("[webhooks] WEBHOOKS_ALLOW_LOOPBACK=1 ignored: this looks like production");
    warned = true;
  }
  return { production: e.NODE_ENV === "production", allowLoopback };
}

export type Resolved =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; code: "invalid" | "tooLong" | "scheme" | "credentials" | "https" | "address" | "dns" };

/** Resolves the URL's host and checks every address it has (also an IP literal); the first one is
 * the one to connect to. */
export async function resolveEndpoint(
  url: string,
  policy: WebhookUrlPolicy = webhookPolicy(),
): Promise<Resolved> {
  const parsed = parseWebhookUrl(url, policy, WEBHOOK_URL_MAX);
  if (!parsed.ok) return { ok: false, code: parsed.error };
  const { host, https: secure, literal } = parsed.value;
  let found: { address: string; family: number }[];
  if (literal) found = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  else {
    try {
      found = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      return { ok: false, code: "dns" };
    }
  }
  const checked = checkResolved(
    found.map((a) => a.address),
    secure,
    policy,
  );
  if (!checked.ok) return { ok: false, code: checked.error };
  return { ok: true, address: found[0].address, family: found[0].family === 6 ? 6 : 4 };
}

export type PostOutcome = { status: number | null; error: string | null };

/** One POST to `url`, connecting to `address` only; resolves with the status (null and the reason
 * when there was no answer within `timeoutMs`). Never rejects. */
export function postTo(
  url: string,
  to: { address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const lib = u.protocol === "https:" ? https : http;
    const lookup: LookupFunction = (_host, options, callback) => {
      const cb = callback as (...args: unknown[]) => void;
      if ((options as { all?: boolean }).all) cb(null, [{ address: to.address, family: to.family }]);
      else cb(null, to.address, to.family);
    };
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = lib.request(
      {
        protocol: u.protocol,
        hostname: u.hostname.replace(/^\[|\]$/g, ""),
        port: u.port || undefined,
        path: `${u.pathname}${u.search}`,
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
      },
      (res) => {
        // The status is all we keep: the body is not read, and the socket goes at once (an endpoint
        // that streams an endless answer holds nothing).
        res.on("error", () => {});
        done({ status: res.statusCode ?? null, error: null });
        res.destroy();
      },
    );
    const timer = setTimeout(() => {
      done({ status: null, error: `no answer within ${Math.round(timeoutMs / 1000)} s` });
      req.destroy();
    }, timeoutMs);
    req.on("error", (error) => {
      const code = (error as { code?: unknown }).code;
      done({ status: null, error: typeof code === "string" ? `${code}: ${error.message}` : error.message });
    });
    req.end(body);
  });
}

/** The email every ADMIN gets when an endpoint is disabled after 20 failures in a row. */
function disabledMails(
  tx: Parameters<Parameters<typeof markFailed>[2]>[0],
  endpoint: { id: number; url: string; failures: number },
) {
  for (const admin of admins(tx)) {
    const { MSG, LABELS } = bundleFor(isLocale(admin.locale) ? admin.locale : "en");
    const subject = MSG.whDisabledSubject;
    queueMail(
      {
        to: admin.email,
        subject,
        ...mailLayout(subject, [MSG.whDisabledBody(endpoint.url, endpoint.failures), MSG.whDisabledHow], {
          href: `${env().APP_URL}/webhooks/${endpoint.id}`,
          label: LABELS.whDeliveryLog,
        }),
      },
      { tx },
    );
  }
}

export type SendOptions = { policy?: WebhookUrlPolicy; timeoutMs?: number; now?: () => number };

/** Sends one claimed delivery and records what happened. */
async function deliver(d: ClaimedDelivery, opts: SendOptions): Promise<boolean> {
  const clock = opts.now ?? Date.now;
  // The 10 s cover the name's resolution too: a resolver that hangs is no answer.
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const to = await Promise.race([
    resolveEndpoint(d.url, opts.policy ?? webhookPolicy()),
    new Promise<Resolved>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, code: "dns" }), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  let outcome: PostOutcome;
  if (!to.ok) outcome = { status: null, error: `address refused (${to.code})` };
  else {
    const t = Math.floor(clock() / 1000);
    outcome = await postTo(
      d.url,
      to,
      d.body,
      {
        "Content-Type": "application/json",
        "User-Agent": "Regatta-Webhooks/1",
        "Regatta-Event": d.event,
        [SIGNATURE_HEADER]: signatureHeader(d.secret, d.body, t),
      },
      Math.max(1, timeoutMs - (Date.now() - started)),
    );
  }
  const now = clock();
  if (isDelivered(outcome.status)) {
    markDelivered(d.id, d.endpointId, outcome.status as number, now);
    return true;
  }
  const error = outcome.error ?? `HTTP ${outcome.status}`;
  const nextAt = nextWebhookAttempt(d.attempts, now);
  const disabled = markFailed(d, { status: outcome.status, error, nextAt }, disabledMails, now);
  if (d.attempts === 1 || nextAt === null || disabled)
    console.error(
      `[webhooks] delivery #${d.id} to ${d.url}: ${error}${nextAt === null ? ", given up" : ""}${disabled ? "; endpoint disabled" : ""}`,
    );
  return false;
}

export type WebhookPass = { sent: number; failed: number; primary: boolean };

/** One pass: every due delivery, until none is due, by WEBHOOK_PARALLEL workers that each claim
 * the next delivery as soon as theirs is done (an endpoint that never answers holds one worker for
 * 10 s, not the others). Nothing on a replica. Throws only what the database throws. */
export async function sendDueWebhooks(opts: SendOptions = {}): Promise<WebhookPass> {
  const result: WebhookPass = { sent: 0, failed: 0, primary: isPrimary() };
  if (!result.primary) return result;
  const worker = async () => {
    for (;;) {
      if (senderState().stopped) return;
      const [d] = claimDueDeliveries(1, (opts.now ?? Date.now)());
      if (!d) return;
      (await deliver(d, opts)) ? result.sent++ : result.failed++;
    }
  };
  await Promise.all(Array.from({ length: WEBHOOK_PARALLEL }, worker));
  return result;
}

type SenderState = { running: Promise<WebhookPass> | null; again: boolean; stopped?: boolean };
const state = globalThis as unknown as { __regattaWebhooks?: SenderState };
const senderState = () => {
  state.__regattaWebhooks ??= { running: null, again: false };
  return state.__regattaWebhooks;
};

/**
 * Runs a pass unless one is running in this process; a kick during a pass asks for one more pass
 * after it (an event written meanwhile goes at once). Never rejects; resolves with the last pass.
 */
export function kickWebhooks(opts: SendOptions = {}): Promise<WebhookPass> {
  const s = senderState();
  if (s.running) {
    s.again = true;
    return s.running;
  }
  const run = async (): Promise<WebhookPass> => {
    let last: WebhookPass = { sent: 0, failed: 0, primary: true };
    do {
      s.again = false;
      try {
        const pass = await sendDueWebhooks(opts);
        last = { sent: last.sent + pass.sent, failed: last.failed + pass.failed, primary: pass.primary };
      } catch (error) {
        console.error("[webhooks] the sender failed", error);
      }
    } while (s.again && !s.stopped);
    s.running = null;
    return last;
  };
  s.running = run();
  return s.running;
}

/** After the transaction that wrote events committed: the sender goes at once (never awaited). */
export function afterEmit(deliveries: number): void {
  if (deliveries > 0) void kickWebhooks();
}

// A model that queued deliveries says so on the event bus (lib/race-events.server.ts
// notifyWebhooks): the same as afterEmit. Listened once per process (a reloaded module in dev must
// not add a second listener).
const LISTENING = Symbol.for("regatta.webhookSender.listening");
const marks = globalThis as { [LISTENING]?: boolean };
if (!marks[LISTENING]) {
  marks[LISTENING] = true;
  raceEvents.on("webhooks", () => void kickWebhooks());
}

/** Resolves once the pass running in this process (if any) is done (tests, shutdown). */
export async function webhookSenderIdle(): Promise<void> {
  await senderState().running;
}

/** Shutdown: no new claims; resolves once the deliveries in flight are recorded. */
export function stopWebhookSender(): Promise<void> {
  senderState().stopped = true;
  return webhookSenderIdle();
}

/** Tests: the sender claims again after stopWebhookSender. */
export function restartWebhookSenderForTests(): void {
  senderState().stopped = false;
}
