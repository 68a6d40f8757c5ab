// The club championship (issue 29 part 1; ADR 0039): points schemes, shared places and the club
// table's ranking. Pure. OWNER: helper of part 1 (standings). The types and `isFinalRound` are
// fixed here so parts 2-4 can build on them; the rest is part 1's to write.
import type { PointsScheme } from "../../db/enums";

/** A round is a final (it scores under "Finals only", and its first three places are medals) when
 * its name says FINAL (or the Malay AKHIR) as a word, and not a semi-, quarter- or minor/B final:
 * "FINAL", "GRAND FINAL", "FINAL A", "250M PREMIER MIXED FINAL", not "SEMI FINAL", "SEMI-FINAL",
 * "QUARTER FINAL", "MINOR FINAL", "FINAL B". */
export function isFinalRound(name: string): boolean {
  const words = name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const at = words.findIndex((w) => w === "FINAL" || w === "AKHIR" || w === "SEMIFINAL" || w === "QUARTERFINAL");
  if (at === -1) return false;
  if (words[at] !== "FINAL" && words[at] !== "AKHIR") return false;
  const before = words[at - 1];
  if (before === "SEMI" || before === "QUARTER" || before === "MINOR" || before === "SEPARUH" || before === "SUKU")
    return false;
  const after = words[at + 1];
  if (after !== undefined && /^[B-Z]$/.test(after)) return false;
  return true;
}

/** A scheme as settings hold it: the kind, the custom list (CUSTOM only) and finals only. */
export type SchemeSetting = { kind: PointsScheme; custom: string; finalsOnly: boolean };
