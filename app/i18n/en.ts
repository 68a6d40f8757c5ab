// The English strings for code that runs in the browser too (components, rules, route modules):
// import EN, MSG, LABELS, ... from here, never from ~/messages, whose 1,674 entries (26 kB gzipped)
// would otherwise ride in every page's bundle (issue 30).
// - On the server these are app/messages.ts's own objects (english.server.ts re-exports them).
// - In the browser english.server.ts is empty, so they are empty sections that each route fills with
//   the strings its modules use (app/i18n/routes/<route>.ts, made by scripts/i18n-routes.ts,
//   imported by the route module, registered through bundles.ts before the route renders).
import type { Bundle } from "~/messages";
import { EN as FULL } from "./english.server";

export type { Bundle };

export const EN: Bundle =
  (FULL as Bundle | undefined) ??
  ({ MSG: {}, TITLES: {}, FOOTER: {}, NAV: {}, LABELS: {} } as unknown as Bundle);
export const { MSG, TITLES, FOOTER, NAV, LABELS } = EN;
