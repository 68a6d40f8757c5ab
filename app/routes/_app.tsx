import { Outlet, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorMessage } from "~/components/ErrorPage";
import { Sidebar } from "~/components/Sidebar";
import type { loader as rootLoader } from "~/root";

// Sidebar layout. It has no loader of its own: every child guards itself, and the user comes from
// the root loader (loaded once per request).
function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user;
  return (
    <div className={user ? "app" : "plain"}>
      {user ? <Sidebar role={user.role} name={user.name} officialSite={root.links.officialSite} /> : null}
      <main className="content" id="main">
        {children}
      </main>
    </div>
  );
}

export default function AppLayout() {
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}

/** A screen's error (a 404 photo, a 400 form, a refused action) keeps the sidebar. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Layout>
      <ErrorMessage error={error} />
    </Layout>
  );
}
