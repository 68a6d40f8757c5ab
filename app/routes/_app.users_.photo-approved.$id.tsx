// /users/photo-approved/:id: the photo viewer over the approved grid.
import "~/i18n/routes/_app.users_.photo-approved.$id";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { PhotoView } from "~/components/PhotoView";
import { requireUser } from "~/services/access.server";
import { photoDialogData } from "~/services/photo-dialog.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "photoApproved");
  return photoDialogData(params.id);
}

export default function ApprovedPhoto() {
  const photo = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <PhotoView photo={photo} closeTo={`/users/photo-approved${search}`} />;
}
