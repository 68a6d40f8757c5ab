// /users/photo-approved/:id: the photo viewer over the approved grid.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { PhotoView } from "~/components/PhotoView";
import { requireUser } from "~/lib/access.server";
import { photoOfUser } from "~/models/photo-review.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "photoApproved");
  const photo = /^\d{1,9}$/.test(params.id ?? "") ? photoOfUser(Number(params.id)) : null;
  if (!photo) throw new Response("Not Found", { status: 404 });
  return json(photo);
}

export default function ApprovedPhoto() {
  const photo = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <PhotoView photo={photo} closeTo={`/users/photo-approved${search}`} />;
}
