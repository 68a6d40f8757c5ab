// The EOI screens' shared pieces (issue 11 items 1-3): the All EOI Events table and its Create /
// Edit form (components/EoiEventForm.tsx), the four result tabs of /eoi (links, each with its CSV), and the columns each tab and
// its CSV share (app/routes/eoi[.]csv.ts). The Result by Teams and Countries tables end with a
// totals row (totalRow, DataTable's footer).
import type { ReactNode } from "react";
import { FastLink } from "~/components/FastLink";
import { type Column, CsvLink } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import type { EoiEventResult, InterestedTeam, TeamInterest } from "~/models/eoi.server";
import { useMessages } from "~/i18n/useMessages";
import { type Bundle, EN } from "~/i18n/en";
import type { MatrixRow } from "~/rules/eoi";
import { MATRIX_COLUMNS } from "~/rules/eoi-fields";
import { formatCount, formatDateTime } from "~/rules/format";
import { escapeHtml } from "~/rules/html";
import { SIZES_DEFAULT } from "~/rules/list-params";

// ---------------------------------------------------------------------------------------------
// All EOI Events (ADMIN)

export const eoiEventColumnsOf = ({ MSG, LABELS }: Bundle): Column<EoiEventResult>[] => [
  { label: "#", cell: (r) => r.id },
  { label: LABELS.name, cell: (r) => r.name, className: "cell-text" },
  {
    label: LABELS.eoiInterestedTeams,
    cell: (r) => (
      <FastLink to={`/eoi?view=${r.id}`} aria-label={MSG.eoiTeamsInterestedIn(r.teams, r.name)}>
        {formatCount(r.teams)}
      </FastLink>
    ),
  },
  {
    label: LABELS.colActions,
    cell: (r) => (
      <span className="row-actions">
        <FastLink to={`/eoi-events/${r.id}/edit`} preventScrollReset aria-label={LABELS.rdEditOf(r.name)}>
          {LABELS.rdEdit}
        </FastLink>{" "}
        <FastLink to={`/eoi-events/${r.id}/delete`} preventScrollReset aria-label={LABELS.rdDeleteOf(r.name)}>
          {LABELS.rdDelete}
        </FastLink>
      </span>
    ),
    className: "cell-actions",
  },
];

// ---------------------------------------------------------------------------------------------
// EOI Result (ADMIN, COMMITTEE): four tabs as links, each with its CSV

export const EOI_TABS = [
  { key: "events", label: (b: Bundle) => b.LABELS.eoiTabEvents, path: "/eoi" },
  { key: "teams", label: (b: Bundle) => b.LABELS.eoiTabTeams, path: "/eoi/teams" },
  { key: "countries", label: (b: Bundle) => b.LABELS.eoiTabCountries, path: "/eoi/countries" },
  { key: "list", label: (b: Bundle) => b.LABELS.eoiTabList, path: "/eoi/list" },
] as const;
export type EoiTab = (typeof EOI_TABS)[number]["key"];

export function eoiTabOf(raw: string | null): EoiTab | null {
  if (raw === null) return "events";
  return EOI_TABS.find((t) => t.key === raw)?.key ?? null;
}

/** The paged tabs (Result by Teams, Teams): interested teams by team name. */
export const EOI_TEAM_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["team"] as const,
  defaultSort: "team" as const,
  filters: {},
};

/** The result screen: title, the tabs (the active one aria-current) and the tab's CSV. The
 * events tab's CSV is /eoi.csv (the link keeps the page's query, which there may be ?view=). */
export function EoiResultScreen({ tab, children }: { tab: EoiTab; children: ReactNode }) {
  const t = useMessages();
  const { TITLES, LABELS } = t;
  return (
    <Screen
      title={TITLES.eoi}
      actions={<CsvLink href={tab === "events" ? "/eoi.csv" : `/eoi.csv?tab=${tab}`} />}
    >
      <nav className="toolbar" aria-label={LABELS.eoiTabsNav}>
        {EOI_TABS.map((each) => (
          <FastLink
            key={each.key}
            to={each.path}
            className={each.key === tab ? "btn btn-primary" : "btn"}
            aria-current={each.key === tab ? "page" : undefined}
          >
            {each.label(t)}
          </FastLink>
        ))}
      </nav>
      {children}
    </Screen>
  );
}

/** Result by Events (and its CSV): the View link is added on screen. */
export const eventResultColumnsOf = ({ LABELS }: Bundle): Column<EoiEventResult>[] => [
  { label: "#", cell: (r) => r.id },
  { label: LABELS.name, cell: (r) => r.name, className: "cell-text" },
  { label: LABELS.eoiInterestedTeams, cell: (r) => r.teams },
];
export const eventResultColumns = /* @__PURE__ */ eventResultColumnsOf(EN);

export const viewColumnOf = ({ LABELS }: Bundle): Column<EoiEventResult> => ({
  label: LABELS.colActions,
  cell: (r) => (
    <FastLink to={`/eoi?view=${r.id}`} preventScrollReset aria-label={LABELS.eoiViewOf(r.name)}>
      {LABELS.eoiView}
    </FastLink>
  ),
  className: "cell-actions",
});

/** The View dialog: the teams interested in one event. */
export const interestedColumnsOf = ({ LABELS }: Bundle): Column<InterestedTeam>[] => [
  { label: LABELS.team, cell: (r) => r.team, className: "cell-text" },
  { label: LABELS.name, cell: (r) => r.name, className: "cell-text" },
  { label: LABELS.eoiCountry, cell: (r) => r.country },
  { label: LABELS.email, cell: (r) => r.email },
];

/** Lines' markup, for a table body written as one string. */
const linesHtml = (names: string[]) => names.map(escapeHtml).join("<br/>");

/** Result by Teams: a team's ticked events under 250M / 400M / Tug / Other, one name a line (the
 * CSV joins them with "; "). */
export const matrixColumnsOf = ({ LABELS }: Bundle): Column<MatrixRow>[] => [
  { label: LABELS.team, cell: (r) => r.team, className: "cell-text" },
  { label: LABELS.eoiCountry, cell: (r) => r.country },
  ...MATRIX_COLUMNS.map(
    (c, i): Column<MatrixRow> => ({
      label: c.key === "OTHER" ? LABELS.eoiOther : c.label,
      html: (r) => linesHtml(r.cells[i]),
      csv: (r) => r.cells[i].join("; "),
      className: "cell-text",
    }),
  ),
];

export const matrixColumns = /* @__PURE__ */ matrixColumnsOf(EN);

/** The matrix CSV's last line: the teams per column (a row in the matrix's shape). */
export function matrixTotalRow(totals: number[]): MatrixRow {
  return { userId: 0, team: "Total", country: "", cells: totals.map((n) => [String(n)]) };
}

export type CountryRow = { code: string; country: string; teams: number };
export const countryColumnsOf = ({ LABELS }: Bundle): Column<CountryRow>[] => [
  { label: LABELS.eoiCountry, cell: (r) => r.country },
  { label: LABELS.eoiTabList, cell: (r) => r.teams },
];
export const countryColumns = /* @__PURE__ */ countryColumnsOf(EN);

/** Teams: every interested team with its details and events. */
export const teamListColumnsOf = ({ LABELS }: Bundle, locale: "en" | "ms" = "en"): Column<TeamInterest>[] => [
  { label: LABELS.team, cell: (r) => r.team, className: "cell-text" },
  { label: LABELS.name, cell: (r) => r.name, className: "cell-text" },
  { label: LABELS.eoiCountry, cell: (r) => r.country },
  { label: LABELS.email, cell: (r) => r.email },
  {
    label: LABELS.eoiEvents,
    html: (r) => linesHtml(r.events),
    csv: (r) => r.events.join("; "),
    className: "cell-text",
  },
  { label: LABELS.eoiLastSaved, cell: (r) => formatDateTime(r.updatedAt, locale) },
];
export const teamListColumns = /* @__PURE__ */ teamListColumnsOf(EN);

/** The totals row of Result by Teams and Countries (DataTable's footer): one cell per column, the
 * first in bold. */
export function totalRow<R>(columns: Column<R>[], total: ReactNode[]) {
  return (
    <tr>
      {columns.map((c, i) => (
        <td key={c.label} data-label={c.label} className={c.className}>
          {i === 0 ? <strong>{total[0]}</strong> : total[i]}
        </td>
      ))}
    </tr>
  );
}
