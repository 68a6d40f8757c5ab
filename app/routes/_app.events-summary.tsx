// /events-summary (ADMIN, COMMITTEE; the sidebar's "Confirmed Events Summary"): per association and
// country, its confirmed event teams counted per category column (three groups of seven by
// distance, the Open, Women and Mixed International variants under one "International" header;
// then Other), a Total per row, a totals row, and Download CSV. The columns and the
// event-name mapping: rules/event-categories.ts (docs/decisions/0014-events-summary-categories.md).
import "~/i18n/routes/_app.events-summary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CsvLink } from "~/components/DataTable";
import { Empty, Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { localeOf } from "~/i18n/locale.server";
import { countryList } from "~/lib/countries.server";
import { eventsSummary } from "~/models/summary.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { COLUMN_GROUPS, SUMMARY_COLUMNS } from "~/rules/event-categories";
import { formatCount } from "~/rules/format";
import { escapeHtml } from "~/rules/html";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.eventsSummary);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eventsSummary");
  const summary = eventsSummary(editionOf(request, user).id);
  // Country names in the page's language (the code is shown; the name is its title).
  const names = new Map(countryList(localeOf(request)).map((c) => [c.code, c.name]));
  const nameOf = (code: string) => names.get(code) ?? code;
  return json({
    rows: summary.rows.map((r) => ({ ...r, countryName: nameOf(r.country) })),
    totals: summary.totals,
    total: summary.total,
  });
}

/** A count in the body: blank for none, so the few entered categories stand out. */
const count = (n: number) => (n === 0 ? "" : formatCount(n));

/** The body's rows as HTML, one string (server and browser alike): 148 clubs x 25 cells as React
 * elements were most of the page's CPU (issue 30, ADR 0022). */
function summaryBodyHtml(
  rows: { name: string; country: string; countryName: string; counts: number[]; total: number }[],
): string {
  let out = "";
  for (const r of rows) {
    out += `<tr><td>${escapeHtml(r.name)}</td><td><abbr title="${escapeHtml(r.countryName)}">${escapeHtml(r.country)}</abbr></td>`;
    for (const n of r.counts) out += `<td>${count(n)}</td>`;
    out += `<td><strong>${formatCount(r.total)}</strong></td></tr>`;
  }
  return out;
}

export default function EventsSummary() {
  const { rows, totals, total } = useLoaderData<typeof loader>();
  const { TITLES, LABELS } = useMessages();
  return (
    <Screen title={TITLES.eventsSummary} actions={<CsvLink href="/events-summary.csv" />}>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        // Wide and without links: the scrolling box itself takes focus, so the keyboard scrolls it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (WCAG 2.1.1)
        <section className="table-wrap" tabIndex={0} aria-label={TITLES.eventsSummary}>
          <table className="table summary-table">
            <caption className="visually-hidden">{TITLES.eventsSummary}</caption>
            <colgroup span={2} />
            {COLUMN_GROUPS.map((g) => (
              <colgroup key={g.key} span={g.columns.length} />
            ))}
            <colgroup span={2} />
            <thead>
              <tr>
                <th scope="col" rowSpan={3}>
                  {LABELS.team}
                </th>
                <th scope="col" rowSpan={3}>
                  {LABELS.country}
                </th>
                {COLUMN_GROUPS.map((g) => (
                  <th key={g.key} scope="colgroup" colSpan={g.columns.length}>
                    {g.label}
                  </th>
                ))}
                <th scope="col" rowSpan={3}>
                  {LABELS.other}
                </th>
                <th scope="col" rowSpan={3}>
                  {LABELS.total}
                </th>
              </tr>
              <tr>
                {COLUMN_GROUPS.flatMap((g) => {
                  const international = g.columns.filter((c) => c.international);
                  return [
                    ...g.columns
                      .filter((c) => !c.international)
                      .map((c) => (
                        <th key={c.key} scope="col" rowSpan={2} aria-label={c.csvLabel}>
                          {c.short}
                        </th>
                      )),
                    <th key={`${g.key}.INT`} scope="col" colSpan={international.length}>
                      {LABELS.international}
                    </th>,
                  ];
                })}
              </tr>
              <tr>
                {COLUMN_GROUPS.flatMap((g) =>
                  g.columns
                    .filter((c) => c.international)
                    .map((c) => (
                      <th key={c.key} scope="col" aria-label={c.csvLabel}>
                        {c.short}
                      </th>
                    )),
                )}
              </tr>
            </thead>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: every value is escaped by rules/html */}
            <tbody key="html" dangerouslySetInnerHTML={{ __html: summaryBodyHtml(rows) }} />
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {LABELS.total}
                </th>
                {totals.map((n, i) => (
                  <td key={SUMMARY_COLUMNS[i].key}>
                    <strong>{formatCount(n)}</strong>
                  </td>
                ))}
                <td>
                  <strong>{formatCount(total)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </section>
      )}
    </Screen>
  );
}
