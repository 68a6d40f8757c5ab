// /members (MANAGER, own association): the four tabs of the member lifecycle as links (?tab=) with
// their counts, a paged list with checkboxes, Approve on Pending Approval and Pay on Pending Crew
// Tag Fee. With JavaScript the buttons appear once a member is ticked; without it they are always
// there and an empty selection says so. The photo viewer (/members/:id/photo) and the checkout
// (/members/checkout) are child routes over the list. Every id is checked again on the server
// (models/member.server.ts): own association, right state. Download Crew Tags (beyond the spec)
// links the paid members' crew tag PDF (/members/crew-tags.pdf).
import "~/i18n/routes/_app.members";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { FastLink } from "~/components/FastLink";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { type Column, DataTable, Pager } from "~/components/DataTable";
import { Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { membersApproveSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { approveMembers } from "~/services/members.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { listMembers, type MemberRow, type MemberTab, memberCounts } from "~/models/member.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { CREW_TAG_MSG, partCount, partSpan } from "~/rules/crew-tags";
import { pageOf, parseList, SIZES_DEFAULT, withParams } from "~/rules/list-params";
import { photoState } from "~/rules/user-status";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.members);

/** The tabs, in order, each with its label in the page's language. */
export const MEMBER_TABS: { key: MemberTab; label: (b: Bundle) => string }[] = [
  { key: "paid", label: (b) => b.LABELS.tabPaid },
  { key: "unverified", label: (b) => b.LABELS.tabUnverified },
  { key: "pending", label: (b) => b.LABELS.tabPending },
  { key: "fee", label: (b) => b.LABELS.tabFee },
];

export const MEMBER_LIST = {
  sizes: SIZES_DEFAULT,
  sorts: ["name"] as const,
  defaultSort: "name" as const,
  filters: { tab: 12 },
};

export function tabOf(raw: string | undefined | null): MemberTab {
  return MEMBER_TABS.find((t) => t.key === raw)?.key ?? "paid";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "members");
  const scope = scopeOf(user);
  // A manager's edition is the open one: its crew tag fee (due again after a new edition opens).
  const edition = editionOf(request, user);
  const params = parseList(new URL(request.url).searchParams, MEMBER_LIST);
  const tab = tabOf(params.filters.tab);
  const listed = pageOf(params, (p) => listMembers(edition.id, scope, tab, p));
  return json({ ...listed, tab, counts: memberCounts(edition.id, scope) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "members");
  const { MSG } = messagesFor(request);
  const { ids } = (await parseFixedForm(request, membersApproveSchema)).value;
  if (ids.length === 0) {
    return json({ toast: { type: "warning", message: MSG.membersNoneSelected } as Toast }, 400);
  }
  const scope = scopeOf(user);
  const result = await approveMembers(user, editionOf(request, user).id, scope, ids);
  if (result.kind === "foreign") {
    return json({ toast: { type: "error", message: MSG.membersNotYours } as Toast }, 403);
  }
  const back = `/members${new URL(request.url).search}`;
  if (result.members.length === 0) {
    return redirectWithToast(request, back, { type: "warning", message: MSG.membersNonePending });
  }
  return redirectWithToast(request, back, { type: "success", message: MSG.membersApproved });
}

function photoText(row: MemberRow, MSG: Bundle["MSG"]): string {
  const state = photoState(row.image, row.validImage);
  return state === "none"
    ? MSG.photoPendingUpload
    : state === "approved"
      ? MSG.photoApproved
      : MSG.photoInValidation;
}

function PhotoCell({ row }: { row: MemberRow }) {
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  const text = photoText(row, MSG);
  if (!row.image) return <>{text}</>;
  return (
    <FastLink
      to={`/members/${row.id}/photo${search}`}
      preventScrollReset
      aria-label={LABELS.viewPhotoOf(text, row.name)}
    >
      {text}
    </FastLink>
  );
}

/** Name (with any open order), Email, Identification, Gender, YOB, Photo. */
const baseColumnsOf = ({ MSG, LABELS }: Bundle): Column<MemberRow>[] => [
  {
    label: LABELS.name,
    cell: (r) => (
      <>
        {r.name}
        {r.openOrderId ? (
          <>
            <br />
            <small className="hint">{MSG.membersInOrder(r.openOrderId)}</small>
          </>
        ) : null}
      </>
    ),
  },
  { label: LABELS.email, cell: (r) => r.email },
  { label: LABELS.colIdentification, cell: (r) => r.identification },
  { label: LABELS.gender, cell: (r) => r.gender ?? "" },
  { label: LABELS.colYob, cell: (r) => r.yob ?? "" },
  { label: LABELS.colPhoto, cell: (r) => <PhotoCell row={r} /> },
];

const selectColumnOf = ({ LABELS }: Bundle): Column<MemberRow> => ({
  label: LABELS.colSelect,
  cell: (r) => (
    <input
      type="checkbox"
      name="ids"
      value={r.id}
      aria-label={LABELS.selectMember(r.name)}
      disabled={r.heldElsewhere}
    />
  ),
});

/** Download Crew Tags (beyond the spec): a PDF of the paid members' tags; a club with more paid
 * members than one PDF holds gets a link per part. None while nobody has paid. */
function CrewTagLinks({ paid }: { paid: number }) {
  const parts = partCount(paid);
  if (parts === 0) return null;
  if (parts === 1) {
    return (
      <a href="/members/crew-tags.pdf" className="btn">
        {CREW_TAG_MSG.downloadLabel}
      </a>
    );
  }
  return (
    <>
      <span className="hint">{CREW_TAG_MSG.partsHint(paid)}</span>
      {Array.from({ length: parts }, (_, i) => {
        const { from, to } = partSpan(i + 1, paid);
        return (
          <a key={from} href={`/members/crew-tags.pdf?part=${i + 1}`} className="btn">
            {CREW_TAG_MSG.partLabel(from, to)}
          </a>
        );
      })}
    </>
  );
}

/** False on the server and in the first render in the browser, true once React has hydrated. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function Members() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const bundle = useMessages();
  const { LABELS, TITLES } = bundle;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [selected, setSelected] = useState(0);
  const recount = () =>
    setSelected(formRef.current?.querySelectorAll('input[name="ids"]:checked').length ?? 0);
  const rowsKey = data.rows.map((r) => r.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: recount when the list changes
  useEffect(recount, [rowsKey, data.tab]);

  const tab = data.tab;
  const selectable = (tab === "pending" || tab === "fee") && data.rows.length > 0;
  const baseColumns = baseColumnsOf(bundle);
  const columns = selectable ? [selectColumnOf(bundle), ...baseColumns] : baseColumns;
  // Without JavaScript the buttons are always there; with it, once something is ticked.
  const showActions = !hydrated || selected > 0;
  const params = new URLSearchParams(search);
  const keep = (["size", "page"] as const).filter((k) => params.has(k));

  const table = (
    <DataTable
      basePath="/members"
      columns={columns}
      rows={data.rows}
      rowKey={(r) => r.id}
      caption={TITLES.members}
    />
  );
  const toolbar = (button: ReactNode, hint: string) =>
    selectable ? (
      <div className="toolbar">
        {showActions ? (
          <>
            <button type="reset" className="btn">
              {LABELS.clearSelection}
            </button>
            {button}
          </>
        ) : (
          <p className="hint">{hint}</p>
        )}
      </div>
    ) : null;

  return (
    <Screen title={TITLES.members} actions={<CrewTagLinks paid={data.counts.paid} />}>
      <Toasts toasts={[actionData?.toast]} />
      <nav className="toolbar" aria-label={LABELS.memberTabs}>
        {MEMBER_TABS.map((t) => (
          <Link
            key={t.key}
            to={withParams("", { tab: t.key })}
            className={t.key === tab ? "btn btn-primary" : "btn"}
            aria-current={t.key === tab ? "page" : undefined}
            preventScrollReset
          >
            {t.label(bundle)} ({data.counts[t.key]})
          </Link>
        ))}
      </nav>
      {tab === "pending" ? (
        <Form
          method="post"
          ref={formRef}
          onChange={recount}
          onReset={() => setTimeout(recount)}
          preventScrollReset
        >
          <CsrfInput />
          <TaskInput task={LABELS.taskApproving} />
          {toolbar(
            <button type="submit" name="intent" value="approve" className="btn btn-primary">
              {LABELS.approve}
            </button>,
            LABELS.tickToApprove,
          )}
          {table}
        </Form>
      ) : tab === "fee" ? (
        <Form
          method="get"
          action="/members/checkout"
          ref={formRef}
          onChange={recount}
          onReset={() => setTimeout(recount)}
          preventScrollReset
        >
          <input type="hidden" name="tab" value="fee" />
          {keep.map((k) => (
            <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} />
          ))}
          {toolbar(
            <button type="submit" className="btn btn-primary">
              {LABELS.pay}
            </button>,
            LABELS.tickToPay,
          )}
          {table}
        </Form>
      ) : (
        table
      )}
      <Pager
        basePath="/members"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={MEMBER_LIST.sizes}
      />
      <Outlet />
    </Screen>
  );
}
