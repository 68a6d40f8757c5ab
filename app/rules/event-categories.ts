// The Confirmed Events Summary's columns and which column an event's teams count in, decided from
// the event's name (events carry no distance or category field; admins name them freely). See
// docs/decisions/0014-events-summary-categories.md.
//
// Columns come in three groups by distance (250M, 400M, Tug), seven in each: Malaysia, Premier,
// Junior, Senior, then Open, Women and Mixed International. An event whose name gives no distance
// or no category counts under Other, so no confirmed team is left out of the totals.

export const DISTANCES = [
  { key: "250M", label: "250M", pattern: /(?<![A-Z0-9])250M(?![A-Z0-9])/ },
  { key: "400M", label: "400M", pattern: /(?<![A-Z0-9])400M(?![A-Z0-9])/ },
  { key: "TUG", label: "Tug", pattern: /(?<![A-Z0-9])TUG OF WAR(?![A-Z0-9])/ },
] as const;

/** `short`: the header on screen, where the three International columns sit under one
 * "International" header. */
export const CATEGORIES = [
  { key: "MALAYSIA", label: "Malaysia", short: "Malaysia", international: false, word: "MALAYSIA" },
  { key: "PREMIER", label: "Premier", short: "Premier", international: false, word: "PREMIER" },
  { key: "JUNIOR", label: "Junior", short: "Junior", international: false, word: "JUNIOR" },
  { key: "SENIOR", label: "Senior", short: "Senior", international: false, word: "SENIOR" },
  { key: "OPEN_INT", label: "Open International", short: "Open", international: true, word: "OPEN" },
  { key: "WOMEN_INT", label: "Women International", short: "Women", international: true, word: "WOMEN" },
  { key: "MIXED_INT", label: "Mixed International", short: "Mixed", international: true, word: "MIXED" },
] as const;

/** The four named categories, looked for first; the three division words only when none of them is
 * in the name (they give the International variant). */
const NAMED = CATEGORIES.slice(0, 4);
const DIVISIONS = CATEGORIES.slice(4);

type DistanceKey = (typeof DISTANCES)[number]["key"];
type CategoryKey = (typeof CATEGORIES)[number]["key"];
export type ColumnKey = `${DistanceKey}.${CategoryKey}` | "OTHER";

export type SummaryColumn = {
  key: ColumnKey;
  /** The column's name within its group ("Malaysia", "Open International"). */
  label: string;
  /** The header on screen ("Malaysia", "Open" under "International"). */
  short: string;
  international: boolean;
  /** The flat name of the CSV header ("250M Malaysia"). */
  csvLabel: string;
};

export type ColumnGroup = { key: DistanceKey; label: string; columns: SummaryColumn[] };

export const COLUMN_GROUPS: ColumnGroup[] = DISTANCES.map((d) => ({
  key: d.key,
  label: d.label,
  columns: CATEGORIES.map((c) => ({
    key: `${d.key}.${c.key}` as ColumnKey,
    label: c.label,
    short: c.short,
    international: c.international,
    csvLabel: `${d.label} ${c.label}`,
  })),
}));

export const OTHER_COLUMN: SummaryColumn = {
  key: "OTHER",
  label: "Other",
  short: "Other",
  international: false,
  csvLabel: "Other",
};

/** Every count column in order: the three groups, then Other. */
export const SUMMARY_COLUMNS: SummaryColumn[] = [...COLUMN_GROUPS.flatMap((g) => g.columns), OTHER_COLUMN];

const INDEX = new Map<ColumnKey, number>(SUMMARY_COLUMNS.map((c, i) => [c.key, i]));

/** A name in one form: upper case, runs of white space as one space, trimmed. */
function normalize(name: string): string {
  return name.toUpperCase().replace(/\s+/g, " ").trim();
}

function hasWord(name: string, word: string): boolean {
  return new RegExp(`(?<![A-Z0-9])${word}(?![A-Z0-9])`).test(name);
}

/**
 * The column an event's teams count in. Distance: the first of 250M, 400M, TUG OF WAR in the name
 * (whole words, any case and spacing). Category: the first of MALAYSIA, PREMIER, JUNIOR, SENIOR in
 * the name; if none, the first of OPEN, WOMEN, MIXED gives its International variant. No distance
 * or no category: OTHER.
 */
export function categoryOf(eventName: string): ColumnKey {
  const name = normalize(eventName);
  const distance = DISTANCES.find((d) => d.pattern.test(name));
  if (!distance) return "OTHER";
  const category = NAMED.find((c) => hasWord(name, c.word)) ?? DIVISIONS.find((c) => hasWord(name, c.word));
  if (!category) return "OTHER";
  return `${distance.key}.${category.key}`;
}

/** One line of the query: an association's team count in one event. */
export type TeamCount = {
  associationId: number;
  name: string;
  country: string;
  eventName: string;
  teams: number;
};

export type SummaryRow = {
  associationId: number;
  name: string;
  country: string;
  /** Team counts in SUMMARY_COLUMNS order. */
  counts: number[];
  total: number;
};

export type Summary = { rows: SummaryRow[]; totals: number[]; total: number };

/**
 * Folds per-association, per-event team counts into one row per association (in the order the
 * associations first appear in `lines`), with the column totals and the grand total.
 */
export function summarize(lines: Iterable<TeamCount>): Summary {
  const byAssociation = new Map<number, SummaryRow>();
  const columnOf = new Map<string, number>();
  const totals = SUMMARY_COLUMNS.map(() => 0);
  let total = 0;
  for (const line of lines) {
    let row = byAssociation.get(line.associationId);
    if (!row) {
      row = {
        associationId: line.associationId,
        name: line.name,
        country: line.country,
        counts: SUMMARY_COLUMNS.map(() => 0),
        total: 0,
      };
      byAssociation.set(line.associationId, row);
    }
    let column = columnOf.get(line.eventName);
    if (column === undefined) {
      column = INDEX.get(categoryOf(line.eventName)) as number;
      columnOf.set(line.eventName, column);
    }
    row.counts[column] += line.teams;
    row.total += line.teams;
    totals[column] += line.teams;
    total += line.teams;
  }
  return { rows: [...byAssociation.values()], totals, total };
}
