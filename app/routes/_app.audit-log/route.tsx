// /audit-log (ADMIN; beyond the spec): every staff action, newest first, filtered by actor,
// action and date range (Malaysia days), paged in SQL, downloadable as CSV. The log is across
// editions (issue 21): an Edition column, and a filter by edition that starts at the edition being
// looked at ("All editions" shows every entry).
import "~/i18n/routes/_app.audit-log";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { AUDIT_LIST, auditColumnsOf, auditEditionOf } from "./table";
import { FilterDate, FilterSearch, FilterSelect } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { listEditions } from "~/models/edition.server";
import { auditActions, listAudit } from "~/models/audit.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList, SIZES_DEFAULT } from "~/rules/list-params";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.auditLog);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "auditLog");
  const params = parseList(new URL(request.url).searchParams, AUDIT_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const { edition, ...filters } = params.filters;
  const editionId = auditEditionOf(edition, editionOf(request, user).id);
  const listed = pageOf(params, (p) => listAudit({ ...filters, editionId }, order, p));
  return json({
    ...listed,
    filters: { ...params.filters, edition: editionId === undefined ? "all" : String(editionId) },
    actions: auditActions(),
    editions: listEditions().map((e) => [String(e.id), e.name] as const),
  });
}

export default function AuditLog() {
  const data = useLoaderData<typeof loader>();
  const f = data.filters as Record<string, string | undefined>;
  const t = useMessages();
  const { TITLES, LABELS } = t;
  const locale = useLocale();
  return (
    <Screen title={TITLES.auditLog} actions={<CsvLink href="/audit-log.csv" />}>
      <FilterForm submitLabel={LABELS.search}>
        <FilterSearch name="actor" label={LABELS.actor} value={f.actor ?? ""} />
        <FilterSelect
          name="action"
          label={LABELS.action}
          value={f.action ?? ""}
          choices={[["", LABELS.all], ...data.actions.map((a) => [a, a] as const)]}
        />
        <FilterSelect
          name="edition"
          label={LABELS.edOrEdition}
          value={f.edition ?? ""}
          choices={[...data.editions, ["all", LABELS.edOrAllEditions]]}
        />
        <FilterDate name="from" label={LABELS.dateFrom} value={f.from ?? ""} />
        <FilterDate name="to" label={LABELS.dateTo} value={f.to ?? ""} />
      </FilterForm>
      <DataTable
        columns={auditColumnsOf(t, locale)}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.auditLog}
      />
      <Pager page={data.page} size={data.size} total={data.total} sizes={SIZES_DEFAULT} />
    </Screen>
  );
}
