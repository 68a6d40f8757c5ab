// /scan-log (ADMIN): 'Scan Logs' (spec sections 2, 3). Pick an event (GET ?event=), then one of its
// rounds (?round=), then the round's scan logs: id, timestamp (Malaysia time), event team,
// competitor and the kiosk that saved it (issue 18), newest first, paged in SQL, downloadable as
// CSV. Two plain GET forms with their buttons, as on /teams/manage, so it works without JavaScript
// and a keyboard user moving through a select does not leave the page.
import "~/i18n/routes/_app.scan-log";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CsvLink, DataTable, Pager } from "~/components/DataTable";
import { SelectStep } from "~/components/SelectStep";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { scanLogSteps } from "~/routes/_app.scan-log/log.server";
import { listScanLogs } from "~/models/scan.server";
import { metaTitle, useLocale, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList } from "~/rules/list-params";
import { SCAN_LOG_LIST, scanLogColumnsOf } from "./table";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.scanLog);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "scanLog");
  const edition = editionOf(request, user);
  const params = parseList(new URL(request.url).searchParams, SCAN_LOG_LIST);
  const steps = scanLogSteps(edition.id, params);
  const roundId = steps.roundId;
  const listed =
    roundId === null ? null : pageOf(params, (page) => listScanLogs(edition.id, roundId, params.dir, page));
  return json({ ...steps, listed });
}

export default function ScanLogs() {
  const data = useLoaderData<typeof loader>();
  const t = useMessages();
  const { TITLES, LABELS } = t;
  const locale = useLocale();
  return (
    <Screen title={TITLES.scanLog} actions={data.listed ? <CsvLink href="/scan-log.csv" /> : null}>
      <div className="crew-pickers">
        <SelectStep
          id="scan-log-event"
          name="event"
          label={LABELS.event}
          placeholder={LABELS.selectEvent}
          options={data.events.map((e) => ({ value: e.id, label: e.name }))}
          value={data.eventId}
          submitLabel={LABELS.showRounds}
        />
        {data.eventId !== null ? (
          data.rounds.length === 0 ? (
            <p className="empty">{LABELS.noRounds}</p>
          ) : (
            <SelectStep
              id="scan-log-round"
              name="round"
              label={LABELS.round}
              placeholder={LABELS.selectRound}
              options={data.rounds.map((r) => ({ value: r.id, label: r.name }))}
              value={data.roundId}
              hidden={{ event: data.eventId }}
              submitLabel={LABELS.showScans}
            />
          )
        ) : null}
      </div>
      {data.listed ? (
        <>
          <DataTable
            columns={scanLogColumnsOf(t, locale)}
            rows={data.listed.rows}
            rowKey={(r) => r.id}
            state={{ sort: data.listed.sort, dir: data.listed.dir }}
            caption={TITLES.scanLog}
          />
          <Pager
            page={data.listed.page}
            size={data.listed.size}
            total={data.listed.total}
            sizes={SCAN_LOG_LIST.sizes}
          />
        </>
      ) : null}
    </Screen>
  );
}
