// The schemas of forms nobody types into (ids in hidden fields and boxes, an intent per button),
// read with parseFixedForm: anything else than what the page sends is a 400 and changes nothing.
// A .server module, so zod stays out of the browser build (see schemas.server.ts).
import { z } from "zod";
import { MAX_MEMBER_IDS } from "~/models/member.server";
import { CHANGE_IDS_MAX, CHANGE_REASON_MAX } from "~/rules/crew-change";
import { MAX_REVIEW_IDS, type PhotoPick } from "~/models/photo-review.server";
import { idValue, idValues } from "~/lib/forms.server";

/** Scoreboard Management's Update: the rounds the page listed and the ones ticked Show (more
 * than BOARD_MAX_IDS is not our form). */
export const BOARD_MAX_IDS = 5000;
export const boardSchema = z.object({ listed: idValues(BOARD_MAX_IDS), show: idValues(BOARD_MAX_IDS) });

/** A crew save: the event team and the ticked members (at most 100). */
export const crewSaveSchema = z.object({ team: idValue, member: idValues(100) });

/** The staff edition picker (issue 21): the edition to look at and the page to go back to. */
export const editionViewSchema = z.object({ edition: idValue, back: z.string().max(2000).optional() });

/** Save Scores: the round whose rows the form showed (the rows are read by rules/race-schema). */
export const scoresRoundSchema = z.object({ round: idValue });

/** Save Draw / Save Progress: the plan's fingerprint (the draw's own fields are read by
 * rules/draw.ts parseDrawQuery, the same reader as the preview's query). */
export const drawSaveSchema = z.object({ fingerprint: z.string() });

const PICK = /^(\d{1,9}):([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;

/** Approve / Reject photos: the intent, the ticked cards (each `id:image`, the member and the photo
 * file the card showed; at most a page) and, on the second step, the confirmation. */
export const photoReviewSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  ids: z
    .array(
      z
        .string()
        .regex(PICK)
        .transform((v): PhotoPick => {
          const [, id, image] = PICK.exec(v) ?? [];
          return { id: Number(id), image };
        }),
    )
    .max(MAX_REVIEW_IDS),
  confirmed: z.string().max(10).optional(),
});

/** Join Waitlist (the event and the number of teams, read by rules/entries parseEntryRequest, whose
 * sentences the club sees) or Leave Waitlist (the club's entry). */
export const waitlistSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("join"),
    event: z.string().max(20).optional(),
    teams: z.string().optional(),
  }),
  z.object({ intent: z.literal("leave"), entry: idValue }),
]);

/** Members' Approve: the ticked members (none is the page's own warning; more than MAX_MEMBER_IDS,
 * or anything but ids, is not our form). */
export const membersApproveSchema = z.object({ intent: z.literal("approve"), ids: idValues(MAX_MEMBER_IDS) });

/** The crew tag fee's Checkout: the members the step listed and the declaration box. */
export const membersCheckoutSchema = z.object({
  ids: idValues(MAX_MEMBER_IDS),
  declaration: z.string().max(10).optional(),
});

/** A scanned code as the kiosk's box sends it (the scan rules refuse what is too long, with their
 * own sentence; beyond this it is not our form). */
export const SCAN_FIELD_MAX = 2000;
const scannedCode = z.string().max(SCAN_FIELD_MAX);

/** The no-JS entrance kiosk (the history `h` is read by services/kiosk historyCodes): a scan (the
 * intent the input's own button sends; Enter without it is a scan too), Save (with `confirmed` on
 * the female question's Yes), Clear, or No to the question (the history as it is now). */
export const entranceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("scan").optional(), code: scannedCode.optional() }),
  z.object({ intent: z.literal("save"), confirmed: z.string().max(10).optional() }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("back") }),
]);

/** The no-JS pontoon kiosk: the direction the page was in and the scanned code. */
export const pontoonSchema = z.object({ direction: z.enum(["out", "back"]), code: scannedCode.optional() });

/** A crew change request's Approve or Reject (the reason, read by rules/crew-change parseReason,
 * whose sentences the page shows; far beyond its limit is not our form). */
const changeDecision = {
  id: idValue,
  reason: z
    .string()
    .max(CHANGE_REASON_MAX * 4)
    .optional(),
};
export const crewChangeDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), ...changeDecision }),
  z.object({ intent: z.literal("reject"), ...changeDecision }),
]);

/** A team's crew page (/events/teams/:teamId): Save Crew (the ticked members, at most 100; the
 * form sends no intent) or Request Crew Change (the members leaving and joining, and the reason,
 * read by rules/crew-change parseReason). */
export const teamCrewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveCrew").optional(), member: idValues(100) }),
  z.object({
    intent: z.literal("requestChange"),
    leave: idValues(CHANGE_IDS_MAX),
    join: idValues(CHANGE_IDS_MAX),
    reason: z
      .string()
      .max(CHANGE_REASON_MAX * 4)
      .optional(),
  }),
]);
export type ChangeRequestForm = Extract<z.output<typeof teamCrewSchema>, { intent: "requestChange" }>;
