// Add endpoint (issue 29 part 4, ADMIN's /webhooks/new): the URL (trimmed, at most WEBHOOK_URL_MAX
// characters; its scheme and addresses are checked by services/webhooks.server.ts registerEndpoint,
// after DNS) and at least one known event, each once.
import { z } from "zod";
import { type Bundle, EN } from "~/i18n/en";
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from "./webhook-fields";

export const webhookSchemaFor = ({ MSG }: Bundle = EN) =>
  z.object({
    url: z
      .string({ error: MSG.whUrlInvalid })
      .trim()
      .min(1, { error: MSG.whUrlInvalid })
      .max(WEBHOOK_URL_MAX, { error: MSG.whUrlTooLong(WEBHOOK_URL_MAX) }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: MSG.whEventsRequired }), { error: MSG.whEventsRequired })
      .min(1, { error: MSG.whEventsRequired })
      .max(WEBHOOK_EVENTS.length, { error: MSG.whEventsRequired })
      .refine((xs) => new Set(xs).size === xs.length, { error: MSG.whEventsRequired }),
  });
