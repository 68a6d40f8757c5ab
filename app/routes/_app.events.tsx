import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Placeholder } from "~/components/Screen";
import { requireUser } from "~/lib/access.server";
import { TITLES } from "~/messages";

export const meta: MetaFunction = () => [{ title: `${TITLES.events} | ${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "events");
  return json({ staff: user.role === "ADMIN" || user.role === "COMMITTEE" });
}

export default function Events() {
  const { staff } = useLoaderData<typeof loader>();
  return <Placeholder title={staff ? TITLES.events : TITLES.assignedEvents} />;
}
