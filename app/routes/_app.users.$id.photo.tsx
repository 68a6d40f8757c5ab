// /users/:id/photo: the photo viewer over the Users table (a child route: works without JS).
import "~/i18n/routes/_app.users.$id.photo";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { PhotoView } from "~/components/PhotoView";
import { requireUser } from "~/services/access.server";
import { photoDialogData } from "~/services/photo-dialog.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "users");
  return photoDialogData(params.id);
}

export default function UserPhoto() {
  const photo = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <PhotoView photo={photo} closeTo={`/users${search}`} />;
}
