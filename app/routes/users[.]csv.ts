// GET /users.csv (ADMIN, COMMITTEE): the Users table as CSV, every row the filters select.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/access.server";
import { csvResponse } from "~/lib/csv.server";
import { listUsers } from "~/models/user-list.server";
import { parseList } from "~/rules/list-params";
import { USER_LIST } from "~/rules/user-list";
import { userColumns } from "./_app.users/table";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "users");
  const p = parseList(new URL(request.url).searchParams, USER_LIST);
  return csvResponse("users", userColumns, listUsers(p.filters, { sort: p.sort, dir: p.dir }, null).rows);
}
