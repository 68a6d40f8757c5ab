// /crew-changes (ADMIN, COMMITTEE; issue 28 part 3): race-day crew change requests, pending first
// then newest, paged in SQL, with team, club, who leaves, who joins, reason and status. A pending
// row has Approve (applies the change after checking the crew rules again, in one transaction) and
// Reject (a reason is required). Plain POST forms to this route (intent approve / reject, the
// change's id), so all of it works without JavaScript; the requester is emailed the outcome.
import "~/i18n/routes/_app.crew-changes";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type Column, CsvLink, DataTable, Pager } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { crewChangeDecisionSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { listChanges } from "~/models/crew-change.server";
import { CHANGE_REASON_MAX, parseReason } from "~/rules/crew-change";
import { pageOf, parseList } from "~/rules/list-params";
import { decideCrewChange, refusalOf } from "~/services/crew-change.server";
import { CHANGE_LIST, type ChangeRow, columnsOf } from "./table";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.NAV.crewChanges);

const HERE = "/crew-changes";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "crewChanges");
  const edition = editionOf(request, user);
  const params = parseList(new URL(request.url).searchParams, CHANGE_LIST);
  return json(pageOf(params, (page) => listChanges(edition.id, page)));
}

type ActionData = { toast: Toast; id: number; reason: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "crewChanges");
  const edition = editionOf(request, user);
  const t = messagesFor(request);
  const { value: asked } = await parseFixedForm(request, crewChangeDecisionSchema);
  const { id, reason: raw = "" } = asked;
  const refuse = (message: string, status: number) =>
    json<ActionData>(
      { toast: { type: "error", message }, id, reason: raw.slice(0, CHANGE_REASON_MAX) },
      status,
    );
  let decision: { approve: true } | { approve: false; reason: string } = { approve: true };
  if (asked.intent === "reject") {
    const reason = parseReason(raw);
    if (!reason.ok)
      return refuse(
        reason.code === "empty"
          ? t.MSG.ccRejectReasonEmpty
          : t.MSG.tooLong(t.LABELS.ccRejectReason, CHANGE_REASON_MAX),
        400,
      );
    decision = { approve: false, reason: reason.reason };
  }
  const result = decideCrewChange(user, edition.id, id, decision, t);
  if (result.ok) {
    const team = result.change.teamName;
    const message =
      result.change.status === "APPROVED" ? t.MSG.ccApprovedDone(team) : t.MSG.ccRejectedDone(team);
    return redirectWithToast(request, `${HERE}${new URL(request.url).search}`, { type: "success", message });
  }
  const { message, status } = refusalOf(t, result);
  return refuse(message, status);
}

export default function CrewChanges() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as ActionData | undefined;
  const t = useMessages();
  const { LABELS, NAV } = t;
  const columns: Column<ChangeRow>[] = [
    ...columnsOf(t),
    {
      label: LABELS.ccDecision,
      cell: (r) =>
        r.status === "PENDING" ? (
          <Decide row={r} sent={acted?.id === r.id ? acted.reason : ""} />
        ) : r.status === "REJECTED" ? (
          r.decisionReason
        ) : (
          ""
        ),
    },
  ];
  return (
    <Screen title={NAV.crewChanges} actions={data.total > 0 ? <CsvLink href="/crew-changes.csv" /> : null}>
      <Toasts toasts={[acted?.toast]} />
      <DataTable
        basePath={HERE}
        columns={columns}
        rows={data.rows as ChangeRow[]}
        rowKey={(r) => r.id}
        caption={LABELS.ccCaption}
        empty={LABELS.ccNone}
        // Decided on a phone at the pontoon too: each request a card there.
        cards
      />
      <Pager basePath={HERE} page={data.page} size={data.size} total={data.total} sizes={CHANGE_LIST.sizes} />
    </Screen>
  );
}

/** Approve, and Reject with its reason: two forms, each its own POST. */
function Decide({ row, sent }: { row: ChangeRow; sent: string }) {
  const { LABELS } = useMessages();
  const box = `cc-reject-${row.id}`;
  return (
    <div className="cc-decide">
      <PostForm task={LABELS.ccTaskDeciding} preventScrollReset>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" className="btn btn-primary">
          {LABELS.ccApprove}
        </button>
      </PostForm>
      <PostForm task={LABELS.ccTaskDeciding} preventScrollReset key={sent}>
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={box}>{LABELS.ccRejectReason}</label>
        <textarea id={box} name="reason" rows={2} maxLength={CHANGE_REASON_MAX} defaultValue={sent} />
        <button type="submit" className="btn">
          {LABELS.ccReject}
        </button>
      </PostForm>
    </div>
  );
}
