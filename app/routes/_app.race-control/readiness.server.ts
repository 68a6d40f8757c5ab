// /race-control's Ready column (issue 28 section 1): "2 of 3 lanes" per race, opening (a plain
// <details>, no JavaScript needed) onto each lane's state. Mark Ready and Undo are offered for one
// race at a time, the one `?lanes=<round id>` names (the link "Mark Ready or Undo" under a race's
// lanes; it keeps the Day filter): a day of 130 races with their forms for every lane would be
// several times today's page. The loader reads the readiness of every round on the page in one
// query (models/readiness.server.ts readinessOf). The cell is HTML text (./tables.server.ts).
import type { CellContext, Column } from "~/components/DataTable";
import { type LaneView, laneReadinessHtml, type ReadyFailure } from "~/components/LaneReadiness";
import type { Bundle } from "~/messages";
import type { LaneReady } from "~/models/readiness.server";
import { attrsHtml, elementHtml } from "~/rules/html";
import { readySummary } from "~/rules/readiness";
import { raceLabel, type Row } from "./table.server";

/** The lanes of each round on the page, by round id (a round without lanes is absent). */
export type ReadinessByRound = Readonly<Record<string, readonly LaneView[]>>;

/** What the loader sends of the model's lanes: only what the column shows (a day of 130 races). */
export function readinessOfPage(byRound: ReadonlyMap<number, readonly LaneReady[]>): ReadinessByRound {
  const out: Record<string, LaneView[]> = {};
  for (const [roundId, lanes] of byRound)
    out[roundId] = lanes.map(({ raceId, lane, teamName, readiness, readyByName }) => ({
      raceId,
      lane,
      teamName,
      readiness,
      readyByName,
    }));
  return out;
}

/** The query parameter naming the race whose lanes show Mark Ready and Undo. */
export const LANES_PARAM = "lanes";

export function readyColumn(
  t: Bundle,
  readiness: ReadinessByRound,
  failed: ReadyFailure | null | undefined,
): Column<Row> {
  return {
    label: t.LABELS.rdyColReady,
    html: (r, at) => readyHtml(t, r, readiness[r.id] ?? [], failed, at),
    csv: () => null,
    className: "rdy-cell",
  };
}

function readyHtml(
  t: Bundle,
  row: Row,
  lanes: readonly LaneView[],
  failed: ReadyFailure | null | undefined,
  at: CellContext,
): string {
  if (lanes.length === 0) return elementHtml("span", { class: "hint" }, "—");
  const { ready, total } = readySummary(lanes);
  const name = raceLabel(t, row);
  const query = new URLSearchParams(at.search);
  // This race's lanes with their forms: named by the URL, or a refused Mark Ready of one of them.
  const chosen =
    query.get(LANES_PARAM) === String(row.id) ||
    (failed ? lanes.some((l) => l.raceId === failed.raceId) : false);
  const action = `${at.pathname}${at.search}`;
  query.set(LANES_PARAM, String(row.id));
  const anything = lanes.some((l) => !l.readiness.ready || l.readiness.byHand);
  const summary = elementHtml(
    "summary",
    { class: ready === total ? "rdy-all" : "rdy-some", "data-testid": "race-ready" },
    t.LABELS.rdyLanes(ready, total),
  );
  const open =
    !chosen && anything
      ? elementHtml(
          "a",
          {
            class: "rdy-open",
            href: `?${query.toString()}#rdy-${row.id}`,
            "aria-label": t.LABELS.rdyOpenOf(name),
          },
          t.LABELS.rdyOpen,
        )
      : "";
  return `<details${attrsHtml({ class: "rdy-details", id: `rdy-${row.id}`, open: chosen })}>${summary}${laneReadinessHtml(t, { lanes, race: name, failed, forms: chosen }, action)}${open}</details>`;
}
