// Display formats of spec section 9: money in RM with two decimals, dates in Malaysia time as
// dd/MM/yyyy hh:mm aa.

/** 3050 -> "30.50": an amount as the money inputs show it (no "RM", no thousands separator). */
export function senToRM(sen: number): string {
  return (sen / 100).toFixed(2);
}

/** 123450 sen -> "RM 1,234.50". By hand, not Intl.NumberFormat: its first use maps ~7 MB of ICU's
 * locale data into the server for good (ADR 0022, Memory). */
export function formatRM(sen: number): string {
  const abs = Math.floor(Math.abs(sen) + 0.5); // to the sen (not Math.round: "round" is a string key)
  const sign = sen < 0 && abs > 0 ? "-" : "";
  return `${sign}RM ${formatCount(Math.floor(abs / 100))}.${pad2(abs % 100)}`;
}

const MYT_OFFSET_MS = 8 * 3_600_000; // Malaysia: UTC+8 all year, no daylight saving

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** AM and PM per locale: Malay says PG (pagi) and PTG (petang). */
const MERIDIEM = { en: ["AM", "PM"], ms: ["PG", "PTG"] } as const;

/** A UTC instant shown in Malaysia time: "05/03/2026 09:07 PM" ("05/03/2026 09:07 PTG" in Malay). Arithmetic on the fixed UTC+8
 * offset (Malaysia has no daylight saving), not Intl's formatToParts, which cost 10 µs a call:
 * a page of 50 sessions spent 7% of its CPU here. */
export function formatDateTime(value: Date | number | string, locale: "en" | "ms" = "en"): string {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid time value");
  const d = new Date(ms + MYT_OFFSET_MS);
  const h24 = d.getUTCHours();
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad2(h12)}:${pad2(d.getUTCMinutes())} ${MERIDIEM[locale][h24 < 12 ? 0 : 1]}`;
}

/** 5048 -> "5,048" (the same on server and browser, whatever their locale data). */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A `datetime-local` value ("2026-12-01T18:00"), read as Malaysia time, -> ms since the epoch; null
 * for anything else. */
export function parseMalaysiaLocal(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi) - MYT_OFFSET_MS;
  const back = new Date(ms + MYT_OFFSET_MS);
  // Reject impossible dates (31 February) rather than rolling them over.
  if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59) return null;
  return ms;
}

/** ms since the epoch -> the `datetime-local` value in Malaysia time. */
export function toMalaysiaLocal(ms: number): string {
  return new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 16);
}

/** (2, "team", "teams") -> "2 teams"; (1, ...) -> "1 team". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 1 -> "1 boat", 3 -> "3 boats". */
export function boats(n: number): string {
  return plural(n, "boat", "boats");
}

/** Short month names as Intl gives them for en-GB and ms-MY (`format.test.ts` holds them to it). */
const MONTHS = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  ms: ["Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ogo", "Sep", "Okt", "Nov", "Dis"],
} as const;

/** A calendar day "YYYY-MM-DD" as "28 Nov 2025" ("5 Ogo 2025" in Malay); anything else as it is. */
export function formatDay(iso: string, locale: "en" | "ms" = "en"): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const at = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!at || Number.isNaN(at.getTime())) return iso;
  return `${at.getUTCDate()} ${MONTHS[locale][at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}
