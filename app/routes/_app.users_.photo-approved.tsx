// /users/photo-approved (ADMIN, COMMITTEE): the paged grid of approved photos, with a viewer.
import "~/i18n/routes/_app.users_.photo-approved";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/DataTable";
import { PhotoGrid } from "~/components/PhotoGrid";
import { Screen } from "~/components/Screen";
import { requireUser } from "~/services/access.server";
import { listPhotos } from "~/models/photo-review.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { pageOf, parseList, SIZES_SMALL } from "~/rules/list-params";

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.photoApproved);

const LIST = { sizes: SIZES_SMALL, sorts: ["id"] as const, defaultSort: "id" as const, filters: {} };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "photoApproved");
  const params = parseList(new URL(request.url).searchParams, LIST);
  return json(pageOf(params, (p) => listPhotos("approved", p)));
}

export default function ApprovedPhotos() {
  const data = useLoaderData<typeof loader>();
  const { TITLES } = useMessages();
  return (
    <Screen title={TITLES.photoApproved}>
      <PhotoGrid photos={data.rows} viewBase="/users/photo-approved" />
      <Pager
        basePath="/users/photo-approved"
        page={data.page}
        size={data.size}
        total={data.total}
        sizes={SIZES_SMALL}
      />
      <Outlet />
    </Screen>
  );
}
