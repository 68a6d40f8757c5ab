// /eoi/countries (ADMIN, COMMITTEE): EOI Result, tab Countries: interested teams per country
// (names, not codes), most first, and the total.
import "~/i18n/routes/_app.eoi.countries";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { countryResults } from "~/models/eoi.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { formatCount } from "~/rules/format";
import { countryColumnsOf, EoiResultScreen, totalRow } from "~/components/EoiTables";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.eoi);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoi");
  requireRole(user, ["ADMIN", "COMMITTEE"]);
  return json(countryResults(editionOf(request, user).id));
}

export default function Countries() {
  const { rows, total } = useLoaderData<typeof loader>();
  const t = useMessages();
  const countryColumns = countryColumnsOf(t);
  return (
    <EoiResultScreen tab="countries">
      <DataTable
        columns={countryColumns}
        rows={rows}
        rowKey={(r) => r.code}
        caption={t.LABELS.eoiTabCountries}
        footer={totalRow(countryColumns, [t.LABELS.total, formatCount(total)])}
      />
    </EoiResultScreen>
  );
}
