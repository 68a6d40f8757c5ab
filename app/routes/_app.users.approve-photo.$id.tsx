// /users/approve-photo/:id: the photo viewer over the pending grid.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { PhotoView } from "~/components/PhotoView";
import { requireUser } from "~/lib/access.server";
import { photoOfUser } from "~/models/photo-review.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "approvePhoto");
  const photo = /^\d{1,9}$/.test(params.id ?? "") ? photoOfUser(Number(params.id)) : null;
  if (!photo) throw new Response("Not Found", { status: 404 });
  return json(photo);
}

export default function PendingPhoto() {
  const photo = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <PhotoView photo={photo} closeTo={`/users/approve-photo${search}`} />;
}
