// /users (ADMIN, COMMITTEE): the filter bar, the paged table, Download CSV; the photo viewer and
// Create user are child routes rendered over it (/users/:id/photo, /users/new).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { CsvLink, DataTable, FilterForm, Pager } from "~/components/DataTable";
import { userColumns } from "~/tables/users";
import { Screen } from "~/components/Screen";
import { hasRole, requireUser } from "~/lib/access.server";
import { listUsers, teamOptions } from "~/models/user-list.server";
import { USER_LIST } from "~/rules/user-list";
import { TITLES } from "~/messages";
import { pageOf, parseList } from "~/rules/list-params";

export const meta: MetaFunction = () => [{ title: `${TITLES.users} | ${TITLES.appName}` }];

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

const SELECTS: { name: string; label: string; options: [string, string][] }[] = [
  {
    name: "role",
    label: "Role",
    options: [
      ["PARTICIPANT", "Manager or Competitor"],
      ["ADMIN", "Admin"],
      ["COMMITTEE", "Committee"],
      ["MANAGER", "Manager"],
      ["COMPETITOR", "Competitor"],
    ],
  },
  {
    name: "photo",
    label: "Photo",
    options: [
      ["valid", "Valid"],
      ["pending", "Pending"],
      ["na", "N/A"],
    ],
  },
  {
    name: "verified",
    label: "Email Verification",
    options: [
      ["yes", "Verified"],
      ["no", "Not verified"],
    ],
  },
  {
    name: "approved",
    label: "Team Approval",
    options: [
      ["yes", "Approved"],
      ["no", "Pending approval"],
    ],
  },
  {
    name: "paid",
    label: "Crew Tag Fee",
    options: [
      ["yes", "Paid"],
      ["no", "Pending"],
    ],
  },
];

export default function Users() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const f = data.filters as Record<string, string | undefined>;
  return (
    <Screen
      title={TITLES.users}
      actions={
        <>
          <CsvLink href="/users.csv" />
          {data.canCreate ? (
            <Link to={`/users/new${search}`} className="btn btn-primary" preventScrollReset>
              Create User
            </Link>
          ) : null}
        </>
      }
    >
      <FilterForm submitLabel="Get Users">
        <div className="field">
          <label htmlFor="filter-team">Team</label>
          <select id="filter-team" name="team" defaultValue={f.team ?? ""} key={`team-${f.team ?? ""}`}>
            <option value="">All</option>
            {data.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        {SELECTS.map((s) => (
          <div className="field" key={s.name}>
            <label htmlFor={`filter-${s.name}`}>{s.label}</label>
            <select
              id={`filter-${s.name}`}
              name={s.name}
              defaultValue={f[s.name] ?? ""}
              key={`${s.name}-${f[s.name] ?? ""}`}
            >
              <option value="">All</option>
              {s.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="field">
          <label htmlFor="filter-name">Name</label>
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
        columns={userColumns}
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
