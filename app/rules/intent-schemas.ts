// The schemas of three routes' intent forms, moved out of the route files (issue 30): a route file
// that imports zod at module level sends ~90 kB of it to every page of that route and its children
// (ADR 0006). Zod stays on the server: routes import these through lib/schemas.server.ts.
import { z } from "zod";
import { ORDER_STATUSES } from "../../db/enums";
import type { Bundle } from "~/messages";

/** A round's progression plan (/rounds/:id/plan): Save or Remove; the plan's fields are read by
 * parsePlanForm (rules/progression.ts). Anything else is a 400. */
export function planIntentSchema() {
  return z.object({ intent: z.enum(["save", "remove"]) });
}

/** The admin's order dialog (/orders/:id/edit): Update Status (with its confirmation) or Add Note
 * (required, at most `noteMax` characters). */
export function editOrderSchema({ MSG, LABELS }: Bundle, noteMax: number) {
  const noteRequired = MSG.orderNoteRequired;
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("status"),
      status: z.enum(ORDER_STATUSES),
      confirmed: z.string().optional(),
    }),
    z.object({
      intent: z.literal("note"),
      note: z
        .string({ error: noteRequired })
        .trim()
        .min(1, noteRequired)
        .max(noteMax, MSG.tooLong(LABELS.note, noteMax)),
    }),
  ]);
}

/** My races (/my-races): make the calendar key, or turn the race-call emails on or off. */
export function myRacesSchema() {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("makeKey") }),
    z.object({ intent: z.literal("callEmails"), callEmails: z.literal("on").optional() }),
  ]);
}
