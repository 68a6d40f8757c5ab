// /kiosks itself: the list (its layout) with no dialog open.
export default function NoDialog() {
  return null;
}
