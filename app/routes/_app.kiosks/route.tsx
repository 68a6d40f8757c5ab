// /kiosks (ADMIN; issue 18, beyond the spec): 'Kiosks', the devices staff enrolled as kiosks on the
// scanning screens (docs/decisions/0024-kiosk-enrolment.md), newest first, paged in SQL: name, when
// and by whom enrolled, last seen, status; Revoke per live device opens its confirmation step (a
// child route over the list, the same with and without JavaScript). Downloadable as CSV.
import "~/i18n/routes/_app.kiosks";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { withLastSeen } from "~/services/kiosk-device.server";
import { listKiosks } from "~/models/kiosk.server";
import { pageOf, parseList } from "~/rules/list-params";
import { KIOSK_LIST, kioskScreenColumnsOf } from "./table";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.kiosks);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "kiosks");
  const params = parseList(new URL(request.url).searchParams, KIOSK_LIST);
  const listed = pageOf(params, (page) => listKiosks(page));
  return json({ ...listed, rows: listed.rows.map(withLastSeen) });
}

export default function Kiosks() {
  const data = useLoaderData<typeof loader>();
  const t = useMessages();
  const locale = useLocale();
  return (
    <Screen title={t.TITLES.kiosks} actions={data.total > 0 ? <CsvLink href="/kiosks.csv" /> : null}>
      <DataTable
        basePath="/kiosks"
        columns={kioskScreenColumnsOf(t, locale)}
        rows={data.rows}
        rowKey={(r) => r.id}
        caption={t.TITLES.kiosks}
        empty={t.MSG.kioskNone}
      />
      <Pager
        basePath="/kiosks"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={KIOSK_LIST.sizes}
      />
      <Outlet />
    </Screen>
  );
}
