import type { MetaFunction } from "@remix-run/node";
import { Placeholder } from "~/components/Screen";
import { MSG, TITLES } from "~/messages";

// Public (no guard), plain layout.
export const meta: MetaFunction = () => [{ title: `${TITLES.scanningProfile} | ${TITLES.appName}` }];

export default function Route() {
  return (
    <main className="plain">
      <Placeholder title={TITLES.scanningProfile} empty={MSG.nothingToShowDot} />
    </main>
  );
}
