import { VALID_IMAGE } from "../../db/enums";

export type PhotoState = "none" | "validation" | "approved";

/** Spec section 4: no image is 'Pending Photo Upload'; approved image 'Photo Approved'; any other
 * image (pending or rejected) 'Photo in Validation'. */
export function photoState(image: string | null, validImage: number): PhotoState {
  if (!image) return "none";
  return validImage === VALID_IMAGE.APPROVED ? "approved" : "validation";
}
