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
