// /eoi: one URL, two screens by role (issue 11 items 2-3). A MANAGER gets the Expression of
// Interest form (_app.eoi._index.tsx); ADMIN and COMMITTEE get 'EOI Result' in four tabs, each a
// child route: Result by Events (/eoi, with its View dialog at ?view=ID), Result by Teams
// (/eoi/teams), Countries (/eoi/countries) and Teams (/eoi/list); CSV of each at /eoi.csv?tab=.
// This layout only nests them: it loads nothing, and every child's loader and action guards itself
// (a manager is refused on the staff tabs with 403).
import "~/i18n/routes/_app.eoi";
import { Outlet } from "@remix-run/react";

export default function Eoi() {
  return <Outlet />;
}
