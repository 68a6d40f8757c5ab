// The fixed forms of an endpoint's page (issue 29 part 4, /webhooks/:id), read with parseFixedForm:
// Enable, Disable, or Resend one delivery (its id, re-checked against the endpoint by the model).
import { z } from "zod";
import { idValue } from "./forms.server";

export const webhookPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("resend"), delivery: idValue }),
]);
