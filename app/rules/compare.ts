// Text order without Intl's collator. The first use of any Intl service (a collator, a number or
// date format, region names) maps ~7 MB of ICU's locale data into the server for good, and the four
// of them ~12 MB (ADR 0022, Memory); the lists sorted here are names, events, countries and lanes.

const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /[\u0300-\u036f]/g;

/** Lower case without accents ("Émilie" -> "emilie"); ASCII text as it is, but lower case. */
function fold(s: string): string {
  const lower = s.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize("NFD").replace(MARKS, "") : lower;
}

/** Alphabetical order ignoring case and accents; text that differs only in those is ordered by its
 * code units, so the order is total (0 only for the same text). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const x = fold(a);
  const y = fold(b);
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : 1;
}

const RUNS = /\d+|\D+/g;

/** compareText, but runs of digits by their value ("Lane 2" before "Lane 10"). */
export function compareNatural(a: string, b: string): number {
  if (a === b) return 0;
  const xs = a.match(RUNS) ?? [];
  const ys = b.match(RUNS) ?? [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const x = xs[i];
    const y = ys[i];
    if (x === y) continue;
    const nx = x.charCodeAt(0) - 48;
    const ny = y.charCodeAt(0) - 48;
    const digitsX = nx >= 0 && nx <= 9;
    const digitsY = ny >= 0 && ny <= 9;
    if (digitsX && digitsY) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
    } else if (digitsX !== digitsY) return digitsX ? -1 : 1;
    else if (fold(x) !== fold(y)) return fold(x) < fold(y) ? -1 : 1;
  }
  if (xs.length !== ys.length) return xs.length - ys.length;
  return compareText(a, b);
}
