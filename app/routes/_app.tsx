import "~/i18n/routes/_app";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { type AppEditions, EditionBanner } from "~/components/EditionPicker";
import { ErrorMessage } from "~/components/ErrorPage";
import { Sidebar } from "~/components/Sidebar";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { listEditions } from "~/models/edition.server";
import { messagesFor } from "~/i18n/locale.server";
import { type NavGroup, navFor } from "~/lib/access";
import type { loader as rootLoader } from "~/root";

// Sidebar layout. Every child guards itself (Remix runs nested loaders in parallel, so a layout's
// check protects nothing below it), and the user comes from the root loader (getUser is cached per
// request). This loader says the sidebar's links for the user's role in the page's language (the
// route table stays on the server: issue 30), and tells staff which edition they are looking at
// (issue 21): the sidebar's picker and the banner above every staff screen while that is not the
// open one.
export async function loader({ request }: LoaderFunctionArgs) {
  // Every screen under the layout is for a logged-in user: the same check as the children's.
  const user = await requireUser(request, "home");
  const nav = navFor(user.role, messagesFor(request));
  if (user.role !== "ADMIN" && user.role !== "COMMITTEE") return json({ nav, editions: null });
  const viewed = editionOf(request, user);
  const all = listEditions().map(({ id, name, year, state }) => ({ id, name, year, state }));
  const editions: AppEditions = {
    viewed: all.find((e) => e.id === viewed.id) ?? {
      id: viewed.id,
      name: viewed.name,
      year: viewed.year,
      state: viewed.state,
    },
    open: all.find((e) => e.state === "OPEN") ?? null,
    all,
  };
  return json({ nav, editions });
}

/** Only choosing, making or opening an edition changes what the loader says (a login, a logout and
 * the language switch load it anew): any other form, and any link, leaves it be, which saves a
 * request after every save with JavaScript. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction }) =>
  formAction?.startsWith("/editions") ?? false;

/** For staff screens: the edition looked at and the open one (null for everybody else). Read with
 * useRouteLoaderData, so any screen under the layout may ask. */
export function useAppEditions(): AppEditions | null {
  return useRouteLoaderData<typeof loader>("routes/_app")?.editions ?? null;
}

/** The sidebar's links (none while the layout's loader has not answered, as in an error page). */
function useNav(): NavGroup[] {
  return useRouteLoaderData<typeof loader>("routes/_app")?.nav ?? [];
}

function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user;
  const editions = useAppEditions();
  const nav = useNav();
  return (
    <div className={user ? "app" : "plain"}>
      {user ? (
        <Sidebar
          role={user.role}
          name={user.name}
          officialSite={root.links.officialSite}
          editions={editions}
          groups={nav}
        />
      ) : null}
      <main className="content" id="main">
        {editions ? <EditionBanner viewed={editions.viewed} open={editions.open} /> : null}
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
