import { json } from "@remix-run/node";
import { photoOfUser } from "~/models/photo-review.server";
import { idParam } from "~/lib/params.server";

/** The data of every photo viewer dialog (/users/:id/photo, /users/approve-photo/:id, ...): the
 * member's photo, or 404. The route guards itself first. */
export function photoDialogData(id: string | undefined) {
  const photo = photoOfUser(idParam(id));
  if (!photo) throw new Response("Not Found", { status: 404 });
  return json(photo);
}
