import "~/i18n/routes/_app._home._index";
// / itself: home (its layout) with no dialog open.
export default function NoDialog() {
  return null;
}
