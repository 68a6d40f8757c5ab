// Links for the sidebar (issue 12, speed): plain <a>s, each marked "active" and aria-current="page"
// as NavLink would, but without React Router's per-link work on the server (each NavLink resolves its
// path against the route matches, reads the location and builds a navigate function: ~15% of a
// logged-in page's CPU with ~20 of them). With JavaScript one shared handler navigates client-side,
// as a <Link> would; without, they are ordinary links.
import { useLocation, useNavigate } from "@remix-run/react";
import { type MouseEvent, useCallback } from "react";

/** The location's path, and a click handler that navigates without a document load. */
export function useNavAnchors() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onClick = useCallback(
    (e: MouseEvent<HTMLAnchorElement>) => {
      const a = e.currentTarget;
      // What the browser should handle itself: another tab or window, a download, a modified click.
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      if (a.target && a.target !== "_self") return;
      if (a.origin !== window.location.origin) return;
      e.preventDefault();
      navigate(`${a.pathname}${a.search}${a.hash}`);
    },
    [navigate],
  );
  return { pathname, onClick };
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
