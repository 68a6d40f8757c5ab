// /users (ADMIN, COMMITTEE): the filter bar, the paged table, Download CSV; the photo viewer and
// Create user are child routes rendered over it (/users/:id/photo, /users/new).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { userColumnsOf } from "~/tables/users";
import { Screen } from "~/components/Screen";
import { hasRole, requireUser } from "~/lib/access.server";
import { listUsers, teamOptions } from "~/models/user-list.server";
import { USER_LIST } from "~/rules/user-list";
import { useMessages } from "~/i18n/useMessages";
import { metaTitle } from "~/lib/meta";
import type { Bundle } from "~/messages";
import { pageOf, parseList } from "~/rules/list-params";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.users);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "users");
  const params = parseList(new URL(request.url).searchParams, USER_LIST);
  const order = { sort: params.sort, dir: params.dir };
  const listed = pageOf(params, (p) => listUsers(params.filters, order, p));
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
        <>
          <CsvLink href="/users.csv" />
          {data.canCreate ? (
            <FastLink to={`/users/new${search}`} className="btn btn-primary" preventScrollReset>
              {LABELS.createUser}
            </FastLink>
          ) : null}
        </>
      }
    >
      <FilterForm submitLabel={LABELS.getUsers}>
        <div className="field">
          <label htmlFor="filter-team">{LABELS.team}</label>
          <select id="filter-team" name="team" defaultValue={f.team ?? ""} key={`team-${f.team ?? ""}`}>
            <option value="">{LABELS.all}</option>
            {data.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        {selectsOf(LABELS).map((s) => (
          <div className="field" key={s.name}>
            <label htmlFor={`filter-${s.name}`}>{s.label}</label>
            <select
              id={`filter-${s.name}`}
              name={s.name}
              defaultValue={f[s.name] ?? ""}
              key={`${s.name}-${f[s.name] ?? ""}`}
            >
              <option value="">{LABELS.all}</option>
              {s.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="field">
          <label htmlFor="filter-name">{LABELS.name}</label>
          <input
            id="filter-name"
            name="name"
            type="search"
            maxLength={100}
            defaultValue={f.name ?? ""}
            key={`name-${f.name ?? ""}`}
          />
        </div>
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
