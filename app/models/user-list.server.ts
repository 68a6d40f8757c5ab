// The staff Users table: filters, sort and paging in SQL (never in memory), returning a public
// user shape (no password hash). Users and clubs are across editions; the crew tag fee (Paid, and
// its filter) is the edition's the caller names (issue 21: staff looking at an archive see its
// fees; the open edition's is the user row's flag).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { VALID_IMAGE } from "../../db/enums";
import { untilDataChanges } from "~/lib/data-version.server";
import { db, schema } from "~/lib/db.server";
import type { USER_LIST } from "~/rules/user-list";
import { feesOnUsers, paidColumn } from "./member.server";

/** The member's crew tag fee in the edition of the statement's `edition` value: the user row's
 * flag for the open edition (`onUsers`), else what edition_members kept. */
const paidOf = (onUsers: boolean) => paidColumn(onUsers, sql.placeholder("edition"));

export type UserFilters = Partial<Record<keyof typeof USER_LIST.filters, string>>;

const u = schema.users;
const a = schema.associations;

/** Like, with the user's % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

const ROLES = ["ADMIN", "COMMITTEE", "MANAGER", "COMPETITOR"];
const YES_NO = { yes: 1, no: 0 } as const;
type YesNo = keyof typeof YES_NO;
const yesNoOf = (value: string | undefined): YesNo | undefined =>
  value === "yes" || value === "no" ? value : undefined;

/**
 * The filters as the shape of their SQL (which conditions there are) and the values that fill it.
 * The conditions hold placeholders, so one prepared statement serves every value of a shape.
 */
function filterQuery(f: UserFilters, onUsers: boolean) {
  const team = f.team && /^\d+$/.test(f.team) ? Number(f.team) : undefined;
  const role = f.role && ROLES.includes(f.role) ? f.role : undefined;
  const participants = f.role === "PARTICIPANT";
  const photo = f.photo === "valid" || f.photo === "pending" || f.photo === "na" ? f.photo : undefined;
  const verified = yesNoOf(f.verified);
  const approved = yesNoOf(f.approved);
  const paid = yesNoOf(f.paid);
  const name = f.name ? containing(f.name.toUpperCase()) : undefined;
  const shape = [
    team === undefined ? "" : "team",
    role ? "role" : participants ? "participants" : "",
    photo ?? "",
    verified ? "verified" : "",
    approved ? "approved" : "",
    paid ? "paid" : "",
    name === undefined ? "" : "name",
    onUsers ? "" : "kept",
  ].join(",");
  const values: Record<string, string | number> = {};
  const parts: SQL[] = [];
  if (team !== undefined) {
    parts.push(eq(u.associationId, sql.placeholder("team")));
    values.team = team;
  }
  if (role) {
    parts.push(eq(u.role, sql.placeholder("role")));
    values.role = role;
  }
  // Participants: the people the overview counts (managers and competitors).
  if (participants) parts.push(inArray(u.role, ["MANAGER", "COMPETITOR"]));
  if (photo === "valid") parts.push(and(isNotNull(u.image), eq(u.validImage, VALID_IMAGE.APPROVED)) as SQL);
  if (photo === "pending") parts.push(and(isNotNull(u.image), eq(u.validImage, VALID_IMAGE.PENDING)) as SQL);
  if (photo === "na") parts.push(or(isNull(u.image), eq(u.validImage, VALID_IMAGE.REJECTED_OR_NONE)) as SQL);
  // Placeholders skip the columns' boolean mapping: the stored 1 or 0.
  for (const [key, value, column] of [
    ["verified", verified, u.verified],
    ["approved", approved, u.approved],
  ] as const) {
    if (!value) continue;
    parts.push(eq(column, sql.placeholder(key)));
    values[key] = YES_NO[value];
  }
  if (paid) {
    parts.push(sql`${paidOf(onUsers)} = ${sql.placeholder("paid")}`);
    values.paid = YES_NO[paid];
  }
  if (name !== undefined) {
    parts.push(sql`${u.name} LIKE ${sql.placeholder("name")} ESCAPE '\\'`);
    values.name = name;
  }
  return { shape, values, where: parts.length ? and(...parts) : undefined };
}

const SORT_COLUMNS = { id: u.id, team: a.name, role: u.role, name: u.name, email: u.email, yob: u.yob };

export const userRowFields = {
  id: u.id,
  team: a.name,
  role: u.role,
  name: u.name,
  email: u.email,
  identification: u.identification,
  gender: u.gender,
  yob: u.yob,
  image: u.image,
  validImage: u.validImage,
  verified: u.verified,
  approved: u.approved,
  paid: u.membershipPaid,
  phone: u.phone,
  phoneEmergency: u.phoneEmergency,
  address: u.address,
};

export type UserRow = {
  id: number;
  team: string | null;
  role: string;
  name: string;
  email: string;
  identification: string;
  gender: string | null;
  yob: number | null;
  image: string | null;
  validImage: number;
  verified: boolean;
  approved: boolean;
  paid: boolean;
  phone: string;
  phoneEmergency: string;
  address: string;
};

export function listUsers(
  editionId: number,
  filters: UserFilters,
  order: { sort: keyof typeof SORT_COLUMNS; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
): { rows: UserRow[]; total: number } {
  // The screen's pages (at most 100 rows) are kept until the database changes, as the orders' are
  // (the table and the dialogs over it read the same page again); the CSV's batches are not.
  if (pageOpts === null || pageOpts.limit > 100) return queryUsers(editionId, filters, order, pageOpts);
  const { rows, total } = usersUntilDataChanges(editionId, filters, order, pageOpts);
  return { rows: rows.map((row) => ({ ...row })), total };
}

const usersUntilDataChanges = untilDataChanges(
  (
    editionId: number,
    filters: UserFilters,
    order: { sort: keyof typeof SORT_COLUMNS; dir: "asc" | "desc" },
    pageOpts: { limit: number; offset: number },
  ) => queryUsers(editionId, filters, order, pageOpts),
  (editionId, filters, order, pageOpts) =>
    JSON.stringify([
      editionId,
      Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1)),
      order.sort,
      order.dir,
      pageOpts.limit,
      pageOpts.offset,
    ]),
);

function queryUsers(
  editionId: number,
  filters: UserFilters,
  order: { sort: keyof typeof SORT_COLUMNS; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
): { rows: UserRow[]; total: number } {
  const onUsers = feesOnUsers(editionId);
  const f = filterQuery(filters, onUsers);
  const paged = pageOpts !== null;
  const rowsQuery = prepared(`rows|${f.shape}|${order.sort}|${order.dir}|${paged}`, (d) => {
    const col = SORT_COLUMNS[order.sort];
    const by = order.dir === "asc" ? [asc(col), asc(u.id)] : [desc(col), desc(u.id)];
    const q = d
      .select(onUsers ? userRowFields : { ...userRowFields, paid: paidOf(false).mapWith(Boolean) })
      .from(u)
      .leftJoin(a, eq(a.id, u.associationId))
      .where(f.where)
      .orderBy(...by);
    return (paged ? q.limit(sql.placeholder("limit")).offset(sql.placeholder("offset")) : q).prepare();
  });
  const countQuery = prepared(`count|${f.shape}`, (d) =>
    d.select({ n: count() }).from(u).where(f.where).prepare(),
  );
  const values = { ...f.values, edition: editionId };
  const rows = rowsQuery.all(pageOpts ? { ...values, ...pageOpts } : values) as UserRow[];
  const total = (countQuery.get(values) as { n: number } | undefined)?.n ?? 0;
  return { rows, total };
}

/**
 * The same rows as listUsers without a page, for the CSV download: `size` rows per step, each step
 * its own query (the table's paged statement), so the file streams with memory flat in the row
 * count and nothing holds the connection between steps (see paymentLogBatches). A user added or
 * removed while a download runs may shift one row across a step.
 */
export function* userBatches(
  editionId: number,
  filters: UserFilters,
  order: { sort: keyof typeof SORT_COLUMNS; dir: "asc" | "desc" },
  size = 1000,
): Generator<UserRow[]> {
  for (let offset = 0; ; offset += size) {
    const { rows } = listUsers(editionId, filters, order, { limit: size, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

/** Teams for the filter dropdown, by name (every club: read again only after the database changes). */
export function teamOptions(): { id: number; name: string }[] {
  return currentTeamOptions().map((team) => ({ ...team }));
}

const currentTeamOptions = untilDataChanges(
  () =>
    prepared("teams", (d) =>
      d.select({ id: a.id, name: a.name }).from(a).orderBy(sql`${a.name} COLLATE NOCASE`).prepare(),
    ).all() as { id: number; name: string }[],
  () => "",
);

// Prepared statements, per shape of query, for the connection they were prepared on: every page
// of the table reuses them instead of drizzle building and SQLite compiling the SQL again
// (docs/decisions/0010-performance.md). Shapes are few (which filters, the sort); at most 200 kept.
type Prepared = {
  all(values?: Record<string, unknown>): unknown[];
  get(values?: Record<string, unknown>): unknown;
};
let statementsOn: ReturnType<typeof db> | undefined;
const statements = new Map<string, Prepared>();
function prepared(key: string, prepare: (d: ReturnType<typeof db>) => Prepared): Prepared {
  const d = db();
  if (statementsOn !== d) {
    statements.clear();
    statementsOn = d;
  }
  let statement = statements.get(key);
  if (!statement) {
    statement = prepare(d);
    if (statements.size >= 200) statements.delete(statements.keys().next().value as string);
    statements.set(key, statement);
  }
  return statement;
}
