// /race-control's Ready column (issue 28 section 1): "2 of 3 lanes" per race, opening (a plain
// <details>, no JavaScript needed) onto each lane's state with Mark Ready / Undo. The loader reads
// the readiness of every round on the page in one query (models/readiness.server.ts readinessOf).
import type { Column } from "~/components/DataTable";
import { type LaneView, LaneReadinessList, type ReadyFailure } from "~/components/LaneReadiness";
import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { readySummary } from "~/rules/readiness";
import { raceLabel, type Row } from "./table";

/** The lanes of each round on the page, by round id (a round without lanes is absent). */
export type ReadinessByRound = Readonly<Record<string, readonly LaneView[]>>;

export function readyColumn(
  t: Bundle,
  readiness: ReadinessByRound,
  failed: ReadyFailure | null | undefined,
): Column<Row> {
  return {
    label: t.LABELS.rdyColReady,
    cell: (r) => <ReadyCell row={r} lanes={readiness[r.id] ?? []} failed={failed} />,
    csv: () => null,
    className: "rdy-cell",
  };
}

function ReadyCell({
  row,
  lanes,
  failed,
}: {
  row: Row;
  lanes: readonly LaneView[];
  failed: ReadyFailure | null | undefined;
}) {
  const t = useMessages();
  if (lanes.length === 0) return <span className="hint">—</span>;
  const { ready, total } = readySummary(lanes);
  const name = raceLabel(t, row);
  // Open again after a refused Mark Ready of one of its lanes (a page reloaded without JavaScript).
  const open = failed ? lanes.some((l) => l.raceId === failed.raceId) : false;
  return (
    <details className="rdy-details" open={open || undefined}>
      <summary className={ready === total ? "rdy-all" : "rdy-some"} data-testid="race-ready">
        {t.LABELS.rdyLanes(ready, total)}
      </summary>
      <LaneReadinessList lanes={lanes} race={name} failed={failed} />
    </details>
  );
}
