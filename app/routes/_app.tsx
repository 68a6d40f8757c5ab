import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { Sidebar } from "~/components/Sidebar";
import type { loader as rootLoader } from "~/root";

// Sidebar layout. It has no loader of its own: every child guards itself, and the user comes from
// the root loader (loaded once per request).
export default function AppLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user;
  return (
    <div className={user ? "app" : "plain"}>
      {user ? <Sidebar role={user.role} name={user.name} officialSite={root.links.officialSite} /> : null}
      <main className="content" id="main">
        <Outlet />
      </main>
    </div>
  );
}
