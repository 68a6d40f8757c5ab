// The age group the scanning profile shows a kiosk instead of a participant's year of birth
// (issue 18). The spec's event categories name Junior, Premier (open age) and Senior (S40); the
// rule follows the sport's usual one: the age a paddler reaches during the current calendar year,
// from the year of birth alone (so a paddler's group never changes in the middle of a season).
//   age this year = current year - year of birth
//   Junior: 18 or under; Senior (S40): 40 or over; Premier: 19 to 39.
// No year of birth, or one the current year makes impossible (in the future, 120 or more years
// ago), has no group: the profile shows a dash.

export const JUNIOR_MAX_AGE = 18;
export const SENIOR_MIN_AGE = 40;
const OLDEST = 119;

export type AgeGroup = "JUNIOR" | "PREMIER" | "SENIOR";

export function ageGroupOf(yob: number | null | undefined, currentYear: number): AgeGroup | null {
  if (yob == null || !Number.isInteger(yob)) return null;
  const age = currentYear - yob;
  if (age < 0 || age > OLDEST) return null;
  if (age <= JUNIOR_MAX_AGE) return "JUNIOR";
  if (age >= SENIOR_MIN_AGE) return "SENIOR";
  return "PREMIER";
}

/** The calendar year in Malaysia (UTC+8, no daylight saving) at `now`. */
export function malaysiaYear(now: Date = new Date()): number {
  return new Date(now.getTime() + 8 * 60 * 60_000).getUTCFullYear();
}
