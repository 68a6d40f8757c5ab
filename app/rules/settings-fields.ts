// The Settings form's limits, without zod: the Settings page imports these on the client, and a page
// should not carry zod for a few numbers (rules/settings-schema.ts has the schema and re-exports these).
export const SETTINGS_MAX = {
  regattaName: 100,
  ticketDescription: 500,
} as const;

export const MONEY_MIN_SEN = 100; // RM 1.00: the payment provider takes no free orders
export const SETTINGS_MONEY_MAX_SEN = 1_000_000; // RM 10,000.00
export const DUE_HOURS = { min: 1, max: 168 } as const;
/** Provisional results: the protest window after saving, in minutes (issue 20). */
export const PROTEST_MINUTES = { min: 0, max: 240 } as const;
/** Race day on the water (issue 28): the On the water alert, the crew-change cut-off and the call,
 * each in minutes (30 by default). */
export const RACE_DAY_MINUTES = { min: 5, max: 180 } as const;

/** The deadlines' inputs: any minute of these years (the server reads only a real date-time). */
export const DEADLINE_RANGE = { min: "2000-01-01T00:00", max: "2100-12-31T23:59" } as const;
