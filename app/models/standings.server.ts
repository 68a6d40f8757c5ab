// The club championship's table (issue 29 part 1; ADR 0039). OWNER: helper of part 1. The types
// and the signature of `standingsOf` are fixed here for parts 2-4 (the prize-giving sheet, the API,
// the standings.changed webhook); part 1 writes the body (one query over the edition's lanes).
import type { SchemeSetting } from "~/rules/standings";

export type StandingsRow = {
  /** 1-based; clubs level on points, firsts, seconds and thirds share a rank. */
  rank: number;
  clubId: number;
  club: string;
  /** From Official results; may be fractional (crews tied on a place share its points). */
  points: number;
  /** From Provisional results, shown apart ("+ 12 provisional"). */
  provisionalPoints: number;
  /** Places 1, 2 and 3 in finals (Official results). */
  first: number;
  second: number;
  third: number;
  /** The crew results counted (Official, of the rounds the scheme counts). */
  races: number;
};

export type Standings = {
  editionId: number;
  scheme: SchemeSetting;
  /** Not every final of the edition is Official yet (the page says "Provisional"). */
  provisional: boolean;
  rows: StandingsRow[];
};

/** The edition's club table, ordered by rank (points, then firsts, seconds, thirds; then club name). */
export function standingsOf(editionId: number): Standings {
  return {
    editionId,
    scheme: { kind: "FINALS", custom: "", finalsOnly: true },
    provisional: true,
    rows: [],
  };
}
