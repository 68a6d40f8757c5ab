// The Rounds screen's shared pieces: the table's columns (the progression plan in a few words with
// its Plan link, and Undo seeding where a plan seeded the round; the admin's row actions: Edit,
// Delete, Generate Draw, Progress), and the Create Round / Edit form of both dialogs
// (components/RoundForm.tsx). The Event picker is SelectStep.tsx's EventPicker (also on /races).
import { useLocation } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import type { Column } from "~/components/DataTable";
import type { EventProgression, SavedPlan } from "~/models/progression.server";
import type { RoundRow } from "~/models/round.server";
import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";

/** A plan in a few words: "From HEAT 1, HEAT 2: top 3 each + 1 time". */
export function planSummary(LABELS: Bundle["LABELS"], plan: SavedPlan): string {
  const from = plan.sources.map((s) => s.name).join(", ");
  return plan.mode === "TIME"
    ? LABELS.pgSummaryTime(from, plan.count)
    : LABELS.pgSummaryPlace(from, plan.count, plan.plusTimes);
}

export const roundColumnsOf = (
  { LABELS }: Bundle,
  progression: EventProgression = { plans: [], seeded: [] },
): Column<RoundRow>[] => [
  { label: "#", cell: (r) => r.id },
  {
    label: LABELS.name,
    // On a phone the Description column folds under the name.
    cell: (r) => (
      <>
        {r.name}
        <span className="round-desc-inline">{r.description}</span>
      </>
    ),
    csv: (r) => r.name,
    className: "cell-text",
  },
  { label: LABELS.rdDescription, cell: (r) => r.description, className: "cell-wrap round-desc" },
  {
    label: LABELS.rdRacesCol,
    cell: (r) => (
      <FastLink
        to={`/races?event=${r.eventId}&round=${r.id}`}
        aria-label={LABELS.rdRacesOfLink(r.races, r.name)}
      >
        {r.races}
      </FastLink>
    ),
    csv: (r) => r.races,
  },
  {
    label: LABELS.pgColPlan,
    cell: (r) => <PlanCell row={r} progression={progression} />,
    csv: (r) => {
      const plan = progression.plans.find((p) => p.toRoundId === r.id);
      return plan ? planSummary(LABELS, plan) : "";
    },
    className: "round-plan",
  },
  {
    label: LABELS.colActions,
    cell: (r) => <RoundActions row={r} />,
    csv: () => null,
    className: "cell-actions",
  },
];

function PlanCell({ row, progression }: { row: RoundRow; progression: EventProgression }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  const plan = progression.plans.find((p) => p.toRoundId === row.id);
  const seeded = progression.seeded.includes(row.id);
  return (
    <>
      {plan ? <span className="round-plan-text">{planSummary(LABELS, plan)}</span> : null}{" "}
      <FastLink
        to={`/rounds/${row.id}/plan${search}`}
        preventScrollReset
        aria-label={LABELS.pgPlanOf(row.name)}
      >
        {LABELS.pgPlan}
      </FastLink>
      {seeded ? (
        <>
          {" "}
          <small className="hint">{LABELS.pgSeeded}</small>{" "}
          <FastLink
            to={`/rounds/${row.id}/unseed${search}`}
            preventScrollReset
            aria-label={LABELS.pgUnseedOf(row.name)}
          >
            {LABELS.pgUnseed}
          </FastLink>
        </>
      ) : null}
    </>
  );
}

function RoundActions({ row }: { row: RoundRow }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <span className="row-actions">
      <FastLink
        to={`/rounds/${row.id}/edit${search}`}
        preventScrollReset
        aria-label={LABELS.rdEditOf(row.name)}
      >
        {LABELS.rdEdit}
      </FastLink>{" "}
      <FastLink
        to={`/rounds/${row.id}/delete${search}`}
        preventScrollReset
        aria-label={LABELS.rdDeleteOf(row.name)}
      >
        {LABELS.rdDelete}
      </FastLink>{" "}
      <FastLink
        to={`/rounds/${row.id}/draw${search}`}
        preventScrollReset
        aria-label={LABELS.rdGenerateDrawFor(row.name)}
      >
        {LABELS.rdGenerateDraw}
      </FastLink>{" "}
      <FastLink
        to={`/rounds/${row.id}/progress${search}`}
        preventScrollReset
        aria-label={LABELS.rdProgressOf(row.name)}
      >
        {LABELS.rdProgress}
      </FastLink>{" "}
      <FastLink to={`/rounds/${row.id}/results`} aria-label={LABELS.rsResultsOf(row.name)}>
        {LABELS.rsResults}
      </FastLink>
    </span>
  );
}
