// The staff Users table: filters, sort and paging in SQL (never in memory), returning a public
// user shape (no password hash).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { VALID_IMAGE } from "../../db/enums";
import { db, schema } from "~/lib/db.server";
import type { USER_LIST } from "~/rules/user-list";

export type UserFilters = Partial<Record<keyof typeof USER_LIST.filters, string>>;

const u = schema.users;
const a = schema.associations;

const yesNo = (value: string | undefined, column: typeof u.verified): SQL | undefined =>
  value === "yes" ? eq(column, true) : value === "no" ? eq(column, false) : undefined;

/** Like, with the user's % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

function where(f: UserFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.team && /^\d+$/.test(f.team)) parts.push(eq(u.associationId, Number(f.team)));
  if (f.role && ["ADMIN", "COMMITTEE", "MANAGER", "COMPETITOR"].includes(f.role)) {
    parts.push(eq(u.role, f.role as "ADMIN"));
  }
  // Participants: the people the overview counts (managers and competitors).
  if (f.role === "PARTICIPANT") parts.push(inArray(u.role, ["MANAGER", "COMPETITOR"]));
  if (f.photo === "valid") parts.push(and(isNotNull(u.image), eq(u.validImage, VALID_IMAGE.APPROVED)));
  if (f.photo === "pending") parts.push(and(isNotNull(u.image), eq(u.validImage, VALID_IMAGE.PENDING)));
  if (f.photo === "na") {
    parts.push(or(isNull(u.image), eq(u.validImage, VALID_IMAGE.REJECTED_OR_NONE)));
  }
  parts.push(yesNo(f.verified, u.verified), yesNo(f.approved, u.approved), yesNo(f.paid, u.membershipPaid));
  if (f.name) parts.push(sql`${u.name} LIKE ${containing(f.name.toUpperCase())} ESCAPE '\\'`);
  const present = parts.filter((p): p is SQL => Boolean(p));
  return present.length ? and(...present) : undefined;
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
  filters: UserFilters,
  order: { sort: keyof typeof SORT_COLUMNS; dir: "asc" | "desc" },
  pageOpts: { limit: number; offset: number } | null,
): { rows: UserRow[]; total: number } {
  const w = where(filters);
  const col = SORT_COLUMNS[order.sort];
  const by = order.dir === "asc" ? [asc(col), asc(u.id)] : [desc(col), desc(u.id)];
  const q = db()
    .select(userRowFields)
    .from(u)
    .leftJoin(a, eq(a.id, u.associationId))
    .where(w)
    .orderBy(...by);
  const rows = (pageOpts ? q.limit(pageOpts.limit).offset(pageOpts.offset) : q).all() as UserRow[];
  const total = db().select({ n: count() }).from(u).where(w).get()?.n ?? 0;
  return { rows, total };
}

/** Teams for the filter dropdown, by name. */
export function teamOptions(): { id: number; name: string }[] {
  return db().select({ id: a.id, name: a.name }).from(a).orderBy(sql`${a.name} COLLATE NOCASE`).all();
}
