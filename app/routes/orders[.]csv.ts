// GET /orders.csv (ADMIN): the Orders table as CSV, every order the status filter selects, in the
// table's order (a MANAGER has no CSV: 403).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { csvResponse } from "~/lib/csv.server";
import { listOrders } from "~/models/order-list.server";
import { parseList } from "~/rules/list-params";
import { ORDER_LIST, orderColumns } from "~/components/OrderTables";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "orders");
  requireRole(user, ["ADMIN"]);
  const p = parseList(new URL(request.url).searchParams, ORDER_LIST);
  const { rows } = listOrders(
    { kind: "all", editionId: editionOf(request, user).id },
    p.filters,
    { sort: p.sort, dir: p.dir },
    null,
  );
  return csvResponse("orders", orderColumns(true), rows);
}
