// The Add endpoint form's limits and the events an endpoint may want (issue 29 part 4), without
// node:crypto or zod: the /webhooks pages import these in the browser (rules/webhooks.ts has the
// signature and the address check, server side).
import { WEBHOOK_EVENTS, type WebhookEvent } from "../../db/enums";

export { WEBHOOK_EVENTS, type WebhookEvent };

/** The longest endpoint URL accepted (the form's maxLength and the server's check). */
export const WEBHOOK_URL_MAX = 500;

/** The delivery log's page sizes. */
export const WEBHOOK_LOG_SIZES = [50, 100, 200] as const;

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** How a receiver checks a delivery (for the /api page, part 3, to show as code): Node.js, the raw
 * body as received (not re-serialised), a 5-minute window against replays. The same check as
 * rules/webhooks.ts verifySignature. */
export const SIGNATURE_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// header: the Regatta-Signature header, e.g. "t=1767225600,v1=5f2b...";
// body: the request body exactly as received (a string); secret: shown once when the endpoint was added.
export function verifyRegattaSignature(header, body, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${body}\`).digest("hex");
  const given = Buffer.from(parts.v1 ?? "", "utf8");
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, "utf8"));
}`;
