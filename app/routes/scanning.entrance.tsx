import type { MetaFunction } from "@remix-run/node";
import { Placeholder } from "~/components/Screen";
import { MSG, TITLES } from "~/messages";

// Public (no guard), plain layout.
export const meta: MetaFunction = () => [{ title: `${TITLES.scanningEntrance} | ${TITLES.appName}` }];

export default function Route() {
  return (
    <main className="plain">
      <Placeholder title={TITLES.scanningEntrance} empty={MSG.nothingToShow} />
    </main>
  );
}
