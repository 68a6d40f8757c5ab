import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Placeholder } from "~/components/Screen";
import { requireGuest } from "~/lib/access.server";
import { TITLES } from "~/messages";

export const meta: MetaFunction = () => [{ title: `${TITLES.verify} | ${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request, "verify");
  return null;
}

export default function Route() {
  return <Placeholder title={TITLES.verify} />;
}
