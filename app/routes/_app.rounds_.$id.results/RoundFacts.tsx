// The results desk's head: the round's event, name, race number, scheduled start, results state
// and revision, and its start list, results and FinishLynx files.
import { useLocale, useMessages } from "~/i18n/useMessages";
import type { ResultsRound } from "~/models/results.server";
import { formatDateTime } from "~/rules/format";
import { formatClock, roundState, stateLabel } from "~/rules/results";

export function RoundFacts({ round }: { round: ResultsRound }) {
  const locale = useLocale();
  const { LABELS } = useMessages();
  const state = roundState(round);
  const stateText =
    state === "PROVISIONAL" && round.protestUntil !== null
      ? LABELS.rsProtestsUntil(formatClock(round.protestUntil))
      : stateLabel(LABELS, state, round.revision);
  const base = `/rounds/${round.id}`;
  return (
    <>
      <dl className="results-facts">
        <div>
          <dt>{LABELS.rsEvent}</dt>
          <dd>{round.eventName}</dd>
        </div>
        <div>
          <dt>{LABELS.rsRound}</dt>
          <dd>{round.name}</dd>
        </div>
        <div>
          <dt>{LABELS.rsRaceNumber}</dt>
          <dd>{round.raceNumber ?? "—"}</dd>
        </div>
        <div>
          <dt>{LABELS.rsScheduled}</dt>
          <dd>
            {round.scheduledAt === null ? LABELS.rsNotScheduled : formatDateTime(round.scheduledAt, locale)}
          </dd>
        </div>
        <div>
          <dt>{LABELS.rsState}</dt>
          <dd data-testid="results-state">{stateText}</dd>
        </div>
        <div>
          <dt>{LABELS.rsRevision}</dt>
          <dd data-testid="results-revision">{round.revision}</dd>
        </div>
      </dl>
      <p className="results-links">
        <a href={`${base}/start-list.pdf`}>{LABELS.rsStartListPdf}</a> ·{" "}
        <a href={`${base}/results.pdf`}>{LABELS.rsResultsPdf}</a> ·{" "}
        <a href={`${base}/lynx.evt`}>{LABELS.rsLynxEvt}</a>
      </p>
    </>
  );
}
