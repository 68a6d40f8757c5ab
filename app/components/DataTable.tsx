// The table toolkit of every list screen: columns defined once feed the HTML table (sortable
// headers are links) and the CSV download; the pager and the page-size switch are links and a GET
// form, so everything works without JavaScript. See docs/recipes/list-screen.md.
import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FastLink } from "~/components/FastLink";
import { useMessages } from "~/i18n/useMessages";
import { attrsHtml, escapeHtml } from "~/rules/html";
import { sortLink, withParams } from "~/rules/list-params";

/** What an `html` cell may need of the page: the list's path and query (links keep the query). */
export type CellContext = { pathname: string; search: string };

export type Column<R> = {
  /** Column name shown in the header and the CSV file (the spec's names). */
  label: string;
  /** The sort key this column's header links to, if it is sortable. */
  sort?: string;
  /** The CSV value; defaults to the cell when that is a string or number. */
  csv?: (row: R) => string | number | null | undefined;
  className?: string;
} & (
  | {
      /** The cell as text, a number or React elements. */
      cell: (row: R) => ReactNode;
      html?: undefined;
    }
  | {
      /** The cell as HTML text (`rules/html`, `fastLinkHtml`), for a column whose cell is markup:
       * when every column gives text, a number or this, the table body is rendered as one string
       * (on the server and in the browser alike) instead of React elements per cell, a third of a
       * table page's CPU (issue 30, ADR 0022). In a body React renders (another column's cell is
       * an element), the cell is this HTML inside its `<td>`. */
      html: (row: R, at: CellContext) => string;
      cell?: undefined;
    }
);

export type TableState = { sort: string; dir: "asc" | "desc" };

export function DataTable<R>({
  columns,
  rows,
  rowKey,
  state,
  caption,
  empty,
  footer,
  basePath,
  cards,
}: {
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  state?: TableState;
  caption?: string;
  empty?: string;
  /** Rows after the body, in <tfoot> (a totals row). */
  footer?: ReactNode;
  /** The list's own path for the sort links (see Pager's basePath). */
  basePath?: string;
  /** On a phone, each row a card of "label: value" lines instead of a table that scrolls sideways
   * (a list a manager reads on a phone; staff tables stay tables). CSS only: `data-label`. */
  cards?: boolean;
}) {
  const { pathname, search } = useLocation();
  const { MSG } = useMessages();
  if (rows.length === 0) return <p className="empty">{empty ?? MSG.nothingToShow}</p>;
  // Cards restyle the table's parts as blocks; explicit roles keep it a table to screen readers.
  const role = (r: string) => (cards ? r : undefined);
  const body = bodyHtml(columns, rows, cards ?? false, { pathname, search });
  return (
    <div className="table-wrap">
      <table className={cards ? "table table-cards" : "table"} role={role("table")}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead role={role("rowgroup")}>
          <tr role={role("row")}>
            {columns.map((c) => {
              const active = state && c.sort && state.sort === c.sort;
              const ariaSort = active ? (state.dir === "asc" ? "ascending" : "descending") : undefined;
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={ariaSort}
                  className={c.className}
                  role={role("columnheader")}
                >
                  {c.sort && state ? (
                    <FastLink
                      to={`${basePath ?? pathname}${sortLink(search, state, c.sort)}`}
                      preventScrollReset
                    >
                      {c.label}
                      <span aria-hidden="true" className="sort-mark">
                        {active ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                      </span>
                    </FastLink>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {body !== null ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: every value is escaped by rules/html (bodyHtml, the columns' html)
          <tbody key="html" role={role("rowgroup")} dangerouslySetInnerHTML={{ __html: body }} />
        ) : (
          <tbody key="react" role={role("rowgroup")}>
            {rows.map((row) => (
              <tr key={rowKey(row)} role={role("row")}>
                {columns.map((c) =>
                  c.html ? (
                    <td
                      key={c.label}
                      data-label={c.label}
                      className={c.className}
                      role={role("cell")}
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: the column's html escapes every value (rules/html)
                      dangerouslySetInnerHTML={{ __html: c.html(row, { pathname, search }) }}
                    />
                  ) : (
                    <td key={c.label} data-label={c.label} className={c.className} role={role("cell")}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        )}
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}

/** The table body as HTML, the same markup React would render for it (`<td data-label class role>`
 * around each cell), or null when a cell is an element without an `html` form. */
function bodyHtml<R>(columns: Column<R>[], rows: R[], cards: boolean, at: CellContext): string | null {
  const open = columns.map(
    (c) =>
      `<td${attrsHtml({ "data-label": c.label, class: c.className, role: cards ? "cell" : undefined })}>`,
  );
  const tr = cards ? '<tr role="row">' : "<tr>";
  let out = "";
  for (const row of rows) {
    out += tr;
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i];
      let inner: string;
      if (c.html) inner = c.html(row, at);
      else {
        const value = c.cell(row);
        if (value !== null && typeof value === "object") return null;
        inner = escapeHtml(value as string | number | boolean | null | undefined);
      }
      out += `${open[i]}${inner}</td>`;
    }
    out += "</tr>";
  }
  return out;
}

/** A table's inner markup as HTML (its caption, head and body), for a loader to write on the server
 * and HtmlTable to show (components/HtmlForms.tsx): the same markup DataTable renders for columns
 * that are not sortable and cells that are text or `html`. */
export function tableHtml<R>(
  columns: Column<R>[],
  rows: R[],
  caption: string | undefined,
  at: CellContext,
): string {
  const body = bodyHtml(columns, rows, false, at);
  if (body === null) throw new Error("tableHtml: a cell is an element; give its column an html form");
  const head = columns.map(
    (c) => `<th${attrsHtml({ scope: "col", class: c.className })}>${escapeHtml(c.label)}</th>`,
  );
  const captionHtml = caption ? `<caption class="visually-hidden">${escapeHtml(caption)}</caption>` : "";
  return `${captionHtml}<thead><tr>${head.join("")}</tr></thead><tbody>${body}</tbody>`;
}

/** "Showing 21–40 of 5,000", previous/next and a few page links, and the page-size switch.
 * `basePath`: the list's own path. Without it the links are query-only and so keep the current
 * path, which is wrong while a dialog child route is open over the list (/list/45?page=2 instead
 * of /list?page=2); a list with such dialogs passes its path. */
export function Pager({
  page,
  size,
  total,
  sizes,
  basePath,
}: {
  page: number;
  size: number;
  total: number;
  sizes: readonly number[];
  basePath?: string;
}) {
  const { pathname, search } = useLocation();
  const { LABELS } = useMessages();
  const pageLink = (p: number) => `${basePath ?? pathname}${withParams(search, { page: p })}`;
  const pages = Math.max(1, Math.ceil(total / size));
  if (total === 0) return null;
  const from = page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  const near = [...new Set([0, page - 2, page - 1, page, page + 1, page + 2, pages - 1])]
    .filter((p) => p >= 0 && p < pages)
    .sort((a, b) => a - b);
  const hidden = [...new URLSearchParams(search)].filter(([k]) => k !== "size" && k !== "page");
  return (
    <nav className="pager" aria-label={LABELS.pages}>
      <span className="pager-count">{LABELS.showing(from, to, total)}</span>
      <ul className="pager-pages">
        <li>
          {page > 0 ? (
            <FastLink to={pageLink(page - 1)} rel="prev" preventScrollReset>
              {LABELS.previous}
            </FastLink>
          ) : (
            <span aria-disabled="true">{LABELS.previous}</span>
          )}
        </li>
        {near.map((p, i) => (
          <li key={p}>
            {i > 0 && p - near[i - 1] > 1 ? <span aria-hidden="true">… </span> : null}
            {p === page ? (
              <span aria-current="page">{p + 1}</span>
            ) : (
              <FastLink to={pageLink(p)} aria-label={LABELS.pageN(p + 1)} preventScrollReset>
                {p + 1}
              </FastLink>
            )}
          </li>
        ))}
        <li>
          {page < pages - 1 ? (
            <FastLink to={pageLink(page + 1)} rel="next" preventScrollReset>
              {LABELS.next}
            </FastLink>
          ) : (
            <span aria-disabled="true">{LABELS.next}</span>
          )}
        </li>
      </ul>
      <Form method="get" action={basePath} className="pager-size" preventScrollReset>
        {hidden.map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="page-size">{LABELS.rowsPerPage}</label>
        <select id="page-size" name="size" defaultValue={size} key={size}>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-small">
          {LABELS.show}
        </button>
      </Form>
    </nav>
  );
}

/** The filter bar: a GET form (a new search starts at page 0), its submit button and a link that
 * clears every filter. Keeps the page size and sort. */
export function FilterForm({
  children,
  submitLabel,
  clearLabel,
}: {
  children: ReactNode;
  submitLabel: string;
  clearLabel?: string;
}) {
  const { pathname, search } = useLocation();
  const { LABELS } = useMessages();
  const params = new URLSearchParams(search);
  const keep = ["size", "sort", "dir"].filter((k) => params.has(k));
  const clear = withParams(
    keep.reduce((q, k) => {
      q.set(k, params.get(k) ?? "");
      return q;
    }, new URLSearchParams()),
    {},
  );
  return (
    <Form method="get" className="filters" role="search" preventScrollReset>
      {keep.map((k) => (
        <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} />
      ))}
      <div className="filter-fields">{children}</div>
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        <FastLink to={`${pathname}${clear === "?" ? "" : clear}`} className="btn">
          {clearLabel ?? LABELS.clearFilters}
        </FastLink>
      </div>
    </Form>
  );
}

/** Download CSV: the table's resource route (`/users.csv`) with the same filters and sort, every
 * page (a document request, not a fetch, so the browser saves the file). The href may carry its
 * own query (`/eoi.csv?tab=teams`): the page's parameters are added to it, the href's winning. */
export function CsvLink({ href, label }: { href: string; label?: string }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <a href={csvHref(href, search)} className="btn">
      {label ?? LABELS.downloadCsv}
    </a>
  );
}

/** A CSV link's target: `href` with the page's query added (less page and size; a parameter the
 * href sets itself is kept as the href has it). */
export function csvHref(href: string, search: string): string {
  const url = new URL(href, "http://x");
  const query = new URLSearchParams(url.search);
  for (const [k, v] of new URLSearchParams(search))
    if (k !== "page" && k !== "size" && !url.searchParams.has(k)) query.append(k, v);
  const q = query.toString();
  return `${url.pathname}${q ? `?${q}` : ""}`;
}
