// /users (ADMIN, COMMITTEE): the filter bar, the paged table, Download CSV; the photo viewer and
// Create user are child routes rendered over it (/users/:id/photo, /users/new).
import "~/i18n/routes/_app.users";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, FilterForm, Pager } from "~/components/DataTable";
import { userColumnsOf } from "./table";
import { FilterSearch, FilterSelect, ListActions } from "~/components/ListToolbar";
import { Screen } from "~/components/Screen";
import { hasRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { listUsers, teamOptions } from "~/models/user-list.server";
import { USER_LIST } from "~/rules/user-list";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { pageOf, parseList } from "~/rules/list-params";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.users);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "users");
  const params = parseList(new URL(request.url).searchParams, USER_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const editionId = editionOf(request, user).id;
  const listed = pageOf(params, (p) => listUsers(editionId, params.filters, order, p));
  return json({
    ...listed,
    filters: params.filters,
    teams: teamOptions(),
    canCreate: hasRole(user, "ADMIN"),
  });
}

/** The filter bar's selects, labelled in the language of `LABELS`. */
const selectsOf = (
  LABELS: Bundle["LABELS"],
): { name: string; label: string; options: [string, string][] }[] => [
  {
    name: "role",
    label: LABELS.role,
    options: [
      ["PARTICIPANT", LABELS.roleParticipant],
      ["ADMIN", LABELS.roleNames.ADMIN],
      ["COMMITTEE", LABELS.roleNames.COMMITTEE],
      ["MANAGER", LABELS.roleNames.MANAGER],
      ["COMPETITOR", LABELS.roleNames.COMPETITOR],
    ],
  },
  {
    name: "photo",
    label: LABELS.colPhoto,
    options: [
      ["valid", LABELS.photoLabels.Valid],
      ["pending", LABELS.photoLabels.Pending],
      ["na", LABELS.photoLabels["N/A"]],
    ],
  },
  {
    name: "verified",
    label: LABELS.emailVerification,
    options: [
      ["yes", LABELS.verified],
      ["no", LABELS.notVerified],
    ],
  },
  {
    name: "approved",
    label: LABELS.teamApproval,
    options: [
      ["yes", LABELS.approved],
      ["no", LABELS.pendingApproval],
    ],
  },
  {
    name: "paid",
    label: LABELS.crewTagFee,
    options: [
      ["yes", LABELS.paid],
      ["no", LABELS.pending],
    ],
  },
];

export default function Users() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = useMessages();
  const { TITLES, LABELS } = t;
  const f = data.filters as Record<string, string | undefined>;
  return (
    <Screen
      title={TITLES.users}
      actions={
        <ListActions
          csv="/users.csv"
          create={data.canCreate ? { to: `/users/new${search}`, label: LABELS.createUser } : null}
        />
      }
    >
      <FilterForm submitLabel={LABELS.getUsers}>
        <FilterSelect
          name="team"
          label={LABELS.team}
          value={f.team ?? ""}
          choices={[["", LABELS.all], ...data.teams.map((t) => [t.id, t.name] as const)]}
        />
        {selectsOf(LABELS).map((s) => (
          <FilterSelect
            key={s.name}
            name={s.name}
            label={s.label}
            value={f[s.name] ?? ""}
            choices={[["", LABELS.all], ...s.options]}
          />
        ))}
        <FilterSearch name="name" label={LABELS.name} value={f.name ?? ""} />
      </FilterForm>
      <DataTable
        basePath="/users"
        columns={userColumnsOf(t)}
        rows={data.rows}
        rowKey={(r) => r.id}
        state={{ sort: data.sort, dir: data.dir }}
        caption={TITLES.users}
      />
      <Pager basePath="/users" page={data.page} size={data.size} total={data.total} sizes={USER_LIST.sizes} />
      <Outlet />
    </Screen>
  );
}
