// Links for the sidebar (issue 12, speed): plain <a>s, each marked "active" and aria-current="page"
// as NavLink would, but without React Router's per-link work on the server (each NavLink resolves its
// path against the route matches, reads the location and builds a navigate function: ~15% of a
// logged-in page's CPU with ~20 of them). With JavaScript one shared handler navigates client-side,
// as a <Link> would (FastLink's, so the layout ships no second one); without, they are ordinary links.
import { useLocation } from "@remix-run/react";
import { followNav } from "./FastLink";

/** The location's path, and the click handler that navigates without a document load (the one
 * FastLink's links use, registered by <LinkNavigation /> in the root). */
export function useNavAnchors() {
  const { pathname } = useLocation();
  return { pathname, onClick: followNav };
}

/** Whether `to` is the current page or one under it (`end`: only the page itself), like NavLink. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === to) return true;
  return !end && to !== "/" && path.startsWith(`${to}/`);
}

export function NavAnchor({
  to,
  end = false,
  className,
  children,
  nav,
}: {
  to: string;
  end?: boolean;
  className?: string;
  children: React.ReactNode;
  nav: ReturnType<typeof useNavAnchors>;
}) {
  const active = isActivePath(nav.pathname, to, end);
  const classes = [className, active ? "active" : null].filter(Boolean).join(" ");
  return (
    <a
      href={to}
      onClick={nav.onClick}
      className={classes || undefined}
      aria-current={active ? "page" : undefined}
    >
      {children}
    </a>
  );
}
