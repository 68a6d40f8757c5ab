// GET /users.csv (ADMIN, COMMITTEE): the Users table as CSV, every row the filters select,
// streamed batch by batch (lib/csv.server.ts csvStream, models/user-list.server.ts userBatches).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvStreamResponse } from "~/lib/csv.server";
import { userBatches } from "~/models/user-list.server";
import { parseList } from "~/rules/list-params";
import { USER_LIST } from "~/rules/user-list";
import { userColumns } from "./_app.users/table";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "users");
  const p = parseList(new URL(request.url).searchParams, USER_LIST);
  const rows = userBatches(editionOf(request, user).id, p.filters, { sort: p.sort, dir: p.dir });
  return csvStreamResponse("users", userColumns, rows);
}
