// Links for table rows, sort headers and pagers (issue 19, speed): the <a> Remix's <Link> renders
// (href, data-discover), without its per-link work on the server. A <Link> resolves its path
// against the route matches, reads the location, builds a navigate function and a prefetch state:
// with a link per row action and pager page, that was a fifth of a 50-row table page's CPU. With
// JavaScript one navigate function (registered once by <LinkNavigation /> in the root) handles the
// click as <Link> would (client-side, `replace` when the target is the current page,
// preventScrollReset); before hydration, or without JavaScript, it is an ordinary link.
// `to` is an absolute path with its query ("/orders/5?page=2"): the href is `to` as given, less a
// bare "?" at its end (as <Link> drops it).
// A table body rendered as one string (DataTable's `html` cells) has its links as text too:
// `fastLinkHtml` writes the same <a> with a `data-fast` mark, and LinkNavigation's one click
// listener on the document handles those as FastLink's onClick does.
import { type NavigateFunction, useNavigate } from "@remix-run/react";
import { type AnchorHTMLAttributes, type MouseEvent, useEffect } from "react";
import { attrsHtml, escapeHtml } from "~/rules/html";

let navigateTo: NavigateFunction | null = null;

/** Rendered once in the root: hands the router's navigate function to every FastLink, and
 * handles the clicks on the links of string-rendered table bodies (`fastLinkHtml`). */
export function LinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = navigate;
    return () => {
      if (navigateTo === navigate) navigateTo = null;
    };
  }, [navigate]);
  useEffect(() => {
    const onClick = (e: globalThis.MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest("a[data-fast]") : null;
      if (a instanceof HTMLAnchorElement) follow(e, a, a.dataset.fast === "1" ? true : undefined, true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}

/** A plain left click on a same-window link that the app may navigate itself. */
function navigates(e: globalThis.MouseEvent | MouseEvent<HTMLAnchorElement>, a: HTMLAnchorElement): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return false;
  if (a.target && a.target !== "_self") return false;
  return a.origin === window.location.origin;
}

function follow(
  e: globalThis.MouseEvent | MouseEvent<HTMLAnchorElement>,
  a: HTMLAnchorElement,
  preventScrollReset: boolean | undefined,
  replaceHere: boolean,
) {
  if (!navigateTo || !navigates(e, a)) return;
  e.preventDefault();
  const to = `${a.pathname}${a.search}${a.hash}`;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (replaceHere) navigateTo(to, { replace: to === here, preventScrollReset });
  else navigateTo(to);
}

function clickHandler(preventScrollReset: boolean | undefined, replaceHere = true) {
  return (e: MouseEvent<HTMLAnchorElement>) => follow(e, e.currentTarget, preventScrollReset, replaceHere);
}
const withReset = clickHandler(true);
const withoutReset = clickHandler(undefined);
/** The sidebar's links (NavAnchor): a new history entry even for the page itself, as they always did. */
export const followNav = clickHandler(undefined, false);

export function FastLink({
  to,
  preventScrollReset,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick"> & {
  to: string;
  preventScrollReset?: boolean;
}) {
  return (
    <a
      href={to.endsWith("?") ? to.slice(0, -1) : to}
      {...rest}
      onClick={preventScrollReset ? withReset : withoutReset}
      data-discover="true"
    >
      {children}
    </a>
  );
}

/** FastLink's <a> as HTML text, for a string-rendered table body (`text` is escaped here). */
export function fastLinkHtml(
  to: string,
  text: string | number,
  {
    preventScrollReset,
    ...attrs
  }: { preventScrollReset?: boolean } & Record<string, string | number | boolean | null | undefined> = {},
): string {
  const href = to.endsWith("?") ? to.slice(0, -1) : to;
  return `<a${attrsHtml({ href, ...attrs, "data-discover": "true", "data-fast": preventScrollReset ? "1" : "0" })}>${escapeHtml(text)}</a>`;
}
