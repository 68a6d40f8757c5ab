import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Placeholder } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { TITLES } from "~/messages";

export const meta: MetaFunction = () => [{ title: `${TITLES.approvePhoto} | ${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "approvePhoto");
  return null;
}

export default function Route() {
  return <Placeholder title={TITLES.approvePhoto} />;
}
