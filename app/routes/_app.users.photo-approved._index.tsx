// /users/photo-approved itself: the grid (its layout) with no photo open.
export default function NoDialog() {
  return null;
}
