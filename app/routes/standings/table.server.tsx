// The club championship's table as markup (issue 29 part 1): /standings, the board's top ten and an
// archived edition's final table on /results/:year; and the points scheme in sentences.
import type { Bundle } from "~/messages";
import type { StandingsRow } from "~/models/standings.server";
import { formatPointsNumber, parseCustomPoints, type SchemeSetting } from "~/rules/standings";

/** The scheme in sentences: its points, which rounds count, and how ties and DNS/DNF/DSQ score. */
export function schemeSentences(scheme: SchemeSetting, { LABELS }: Bundle): string[] {
  let points: string;
  if (scheme.kind === "LEAGUE") points = LABELS.stLeagueSentence;
  else if (scheme.kind === "CUSTOM") {
    const parsed = parseCustomPoints(scheme.custom);
    const list = parsed.ok ? parsed.points : [];
    points = LABELS.stCustomSentence(list.join(", "), list.length);
  } else points = LABELS.stFinalsSentence;
  return [points, scheme.finalsOnly ? LABELS.stOnlyFinals : LABELS.stEveryRound, LABELS.stTiesSentence];
}

/** The club table: Rank, Club, Points (and "+ N provisional"), 1st, 2nd, 3rd, Races. `top`: only
 * the first rows (the board's ten), without the provisional points and the races. */
export function StandingsTable({
  rows,
  t,
  top,
  className = "pr-table st-table",
}: {
  rows: StandingsRow[];
  t: Bundle;
  top?: number;
  className?: string;
}) {
  const { LABELS } = t;
  const shown = top === undefined ? rows : rows.slice(0, top);
  const full = top === undefined;
  return (
    <table className={className}>
      <thead>
        <tr>
          <th scope="col" className="st-rank">
            {LABELS.stRank}
          </th>
          <th scope="col">{LABELS.stClub}</th>
          <th scope="col" className="pr-num">
            {LABELS.stPoints}
          </th>
          <th scope="col" className="pr-num">
            <abbr title={LABELS.stFirstLong}>{LABELS.stFirst}</abbr>
          </th>
          <th scope="col" className="pr-num">
            <abbr title={LABELS.stSecondLong}>{LABELS.stSecond}</abbr>
          </th>
          <th scope="col" className="pr-num">
            <abbr title={LABELS.stThirdLong}>{LABELS.stThird}</abbr>
          </th>
          {full ? (
            <th scope="col" className="pr-num">
              <abbr title={LABELS.stRacesLong}>{LABELS.stRaces}</abbr>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {shown.map((r) => (
          <tr key={r.clubId} data-club={r.clubId}>
            <td className="st-rank">{r.rank}</td>
            <td className="pr-team">{r.club}</td>
            <td className="pr-num st-points">
              {formatPointsNumber(r.points)}
              {full && r.provisionalPoints > 0 ? (
                <small className="st-prov">
                  {LABELS.stPlusProvisional(formatPointsNumber(r.provisionalPoints))}
                </small>
              ) : null}
            </td>
            <td className="pr-num">{r.first}</td>
            <td className="pr-num">{r.second}</td>
            <td className="pr-num">{r.third}</td>
            {full ? <td className="pr-num">{r.races}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
