// Zod stays on the server (ADR 0006, 0022): a route file imports its form schemas and zod's parser
// through this .server module, never from app/rules/*-schema(s).ts directly. Remix leaves .server
// modules out of the browser build; a rules module imported by a route would stay in it (its
// top-level schemas are side effects), and with it ~90 kB of zod on every page of that route.
// Components import limits and helpers from the zod-free modules (rules/auth-fields.ts,
// rules/event-fields.ts, ...).
export { parseWithZod } from "@conform-to/zod/v4";
export {
  createUserSchemaFor,
  loginSchemaFor,
  registrationSchema,
  resendSchema,
  resetPageSchemaFor,
} from "~/rules/auth-schemas";
export { eventFormError, eventSchemaFor } from "~/rules/event-schema";
export { noticeSchemaFor, raceControlSchema, scheduleSchemaFor } from "~/rules/race-control-schema";
export { parseLaneRows, resultsDeskSchema } from "~/rules/results-schema";
export { kioskEnrolSchema, languageSchema, ownClubSchema } from "~/rules/small-form-schemas";
export { formValuesOf, settingsOf, settingsSchema, yearRange } from "~/rules/settings-schema";
export { editOrderSchema, myRacesSchema, planIntentSchema } from "~/rules/intent-schemas";
