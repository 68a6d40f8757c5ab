// /tickets/purchase itself: the screen (its layout) with no dialog open.
export default function NoDialog() {
  return null;
}
