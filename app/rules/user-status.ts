import { VALID_IMAGE } from "../../db/enums";

export type PhotoState = "none" | "validation" | "approved";

/** Spec section 4: no image is 'Pending Photo Upload'; approved image 'Photo Approved'; any other
 * image (pending or rejected) 'Photo in Validation'. */
export function photoState(image: string | null, validImage: number): PhotoState {
  if (!image) return "none";
  return validImage === VALID_IMAGE.APPROVED ? "approved" : "validation";
}

/** "Valid", "Pending" or "N/A" (spec: the Users table's photo column). */
export function photoLabel(row: { image: string | null; validImage: number }): "Valid" | "Pending" | "N/A" {
  if (!row.image) return "N/A";
  if (row.validImage === VALID_IMAGE.APPROVED) return "Valid";
  if (row.validImage === VALID_IMAGE.PENDING) return "Pending";
  return "N/A";
}
