// List parameters of every table screen, read from the URL (`?page=0&size=20&sort=name&dir=asc`
// plus the screen's own filters), clamped so that nothing a user or an attacker types can ask for
// a negative page, a huge page size or a column we do not sort by. Pure: shared by loaders and
// links.

export const SIZES_SMALL = [20, 50, 100] as const; // users and photo grids (spec section 9)
export const SIZES_DEFAULT = [50, 100, 200] as const; // every other list ("default paginator 50")

export type ListSpec<S extends string, F extends string> = {
  sizes: readonly number[];
  sorts: readonly S[];
  defaultSort: S;
  defaultDir?: "asc" | "desc";
  /** Filter names and their longest accepted value (longer values are cut). */
  filters: Readonly<Record<F, number>>;
};

export type ListParams<S extends string, F extends string> = {
  page: number;
  size: number;
  sort: S;
  dir: "asc" | "desc";
  filters: Partial<Record<F, string>>;
};

const MAX_PAGE = 100_000;

function int(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

export function parseList<S extends string, F extends string>(
  search: URLSearchParams,
  spec: ListSpec<S, F>,
): ListParams<S, F> {
  const size = int(search.get("size"));
  const sort = search.get("sort") as S | null;
  const dir = search.get("dir");
  const filters: Partial<Record<F, string>> = {};
  for (const [name, max] of Object.entries(spec.filters) as [F, number][]) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value.slice(0, max);
  }
  return {
    page: Math.min(int(search.get("page")) ?? 0, MAX_PAGE),
    size: size !== null && spec.sizes.includes(size) ? size : spec.sizes[0],
    sort: sort && spec.sorts.includes(sort) ? sort : spec.defaultSort,
    dir: dir === "asc" || dir === "desc" ? dir : (spec.defaultDir ?? "asc"),
    filters,
  };
}

/** The page the paginator should show once the total is known (past the end: the last page). */
export function clampPage(page: number, size: number, total: number): number {
  const last = Math.max(0, Math.ceil(total / size) - 1);
  return Math.min(page, last);
}

/** A URL query with some parameters changed (null removes one). */
export function withParams(
  search: URLSearchParams | string,
  changes: Record<string, string | number | null>,
) {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const s = next.toString();
  return s ? `?${s}` : "?";
}

/** The link of a sortable header: the same column flips direction; a new column starts ascending.
 * Sorting goes back to the first page. */
export function sortLink(
  search: URLSearchParams | string,
  current: { sort: string; dir: string },
  column: string,
) {
  const dir = current.sort === column && current.dir === "asc" ? "desc" : "asc";
  return withParams(search, { sort: column, dir, page: null });
}

/**
 * One page of a list: asks `fetch` for the requested page and, when that is past the end, for the
 * last page instead. Returns the rows with what the pager and the headers need.
 */
export function pageOf<R, S extends string, F extends string>(
  params: ListParams<S, F>,
  fetch: (page: { limit: number; offset: number }) => { rows: R[]; total: number },
) {
  let result = fetch({ limit: params.size, offset: params.page * params.size });
  const page = clampPage(params.page, params.size, result.total);
  if (page !== params.page) result = fetch({ limit: params.size, offset: page * params.size });
  return {
    rows: result.rows,
    total: result.total,
    page,
    size: params.size,
    sort: params.sort,
    dir: params.dir,
  };
}
