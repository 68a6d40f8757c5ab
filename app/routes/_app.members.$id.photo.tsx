// /members/:id/photo: the photo viewer over the Members list, for the manager's own members only
// (another club's member, or one without a photo: 404).
import "~/i18n/routes/_app.members.$id.photo";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { PhotoView } from "~/components/PhotoView";
import { requireUser, scopeOf } from "~/services/access.server";
import { idParam, notFound } from "~/lib/params.server";
import { memberPhoto } from "~/models/member.server";
import { photoLabel } from "~/rules/user-status";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "members");
  const photo = memberPhoto(scopeOf(user), idParam(params.id));
  if (!photo) notFound();
  return json({
    id: photo.id,
    name: photo.name,
    team: photo.team,
    image: photo.image,
    status: photoLabel(photo),
  });
}

export default function MemberPhoto() {
  const photo = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <PhotoView photo={photo} closeTo={`/members${search}`} />;
}
