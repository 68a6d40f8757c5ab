// The New Edition form's limits (issue 21), shared by the form (maxLength, min/max of the boxes)
// and its schema (rules/edition-schema.ts, server side: zod stays out of the browser).
export const EDITION_NAME_MAX = 60;
export const EDITION_YEAR = { min: 2000, max: 2100 } as const;
/** A date box's value: YYYY-MM-DD. */
export const EDITION_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const EDITION_FIELDS = ["name", "year", "startsOn", "endsOn", "fromId"] as const;
