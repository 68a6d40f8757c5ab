// Markup written as one string (rules/form-html, DataTable's tableHtml) shown by React, with its
// forms working as PostForm's do: the page's CSRF token in each (withCsrf), and with JavaScript
// one submit listener that sends them through the router (useSubmit: the spinner, the action's
// answer, the revalidation), as <Form> would. What the user has ticked, typed or opened and not
// yet sent stays when the markup is replaced (a revalidation after another form's answer), as it
// does in a table React renders row by row.
import { useRouteLoaderData, useSubmit } from "@remix-run/react";
import {
  createContext,
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { type ServerHtml, withCsrf } from "~/rules/form-html";

type Kept = Map<string, string | boolean>;
const keyOf = (e: Element) =>
  e instanceof HTMLInputElement && e.type === "checkbox" ? `${e.name}=${e.value}` : `#${e.id}`;
const KEPT = 'input[type="checkbox"], input[type="text"][id], details[id]';

/** What the user may have changed: each box's tick, the text in each box, the sections opened. */
function inputsOf(el: HTMLElement): Kept {
  const kept: Kept = new Map();
  for (const e of el.querySelectorAll(KEPT)) {
    if (e instanceof HTMLInputElement) kept.set(keyOf(e), e.type === "checkbox" ? e.checked : e.value);
    else if (e instanceof HTMLDetailsElement && e.open) kept.set(keyOf(e), true);
  }
  return kept;
}

/** Puts it back in the new markup, as React leaves a row's inputs when it renders the row again. */
function restoreInputs(el: HTMLElement, kept: Kept) {
  for (const e of el.querySelectorAll(KEPT)) {
    const value = kept.get(keyOf(e));
    if (value === undefined) continue;
    if (e instanceof HTMLInputElement) {
      if (e.type === "checkbox") e.checked = value === true;
      else e.value = String(value);
    } else if (e instanceof HTMLDetailsElement) e.open = true;
  }
}

/** Shows `html` (CSRF marks filled) in the element `ref` holds, and makes its forms work. */
function useHtmlMarkup(ref: RefObject<HTMLElement>, html: string): string {
  const submit = useSubmit();
  const csrf = useRouteLoaderData<{ csrf?: string }>("root")?.csrf ?? "";
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target;
      if (e.defaultPrevented || !(form instanceof HTMLFormElement) || !form.dataset.htmlForm) return;
      e.preventDefault();
      const by = e.submitter instanceof HTMLButtonElement ? e.submitter : form;
      submit(by, { preventScrollReset: form.dataset.htmlForm === "1" });
    };
    el.addEventListener("submit", onSubmit);
    return () => el.removeEventListener("submit", onSubmit);
  }, [ref, submit]);
  // Before React replaces the markup, the state of its inputs; put back once it has.
  const shown = useRef(html);
  const kept = useRef<Kept | null>(null);
  if (shown.current !== html) {
    shown.current = html;
    if (ref.current) kept.current = inputsOf(ref.current);
  }
  // After every render (there is nothing to put back unless the markup changed).
  useLayoutEffect(() => {
    const changed = kept.current;
    kept.current = null;
    if (ref.current && changed?.size) restoreInputs(ref.current, changed);
  });
  return withCsrf(html, csrf);
}

/** A block of string markup with forms (a race's lanes on the results desk). */
export function HtmlBlock({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const markup = useHtmlMarkup(ref, html);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: written by rules/html's escaping builders
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}

/** On the server, a document's markup its loaders kept out of their data (lib/handoff.server.ts
 * `forDocument`); in the browser, nothing. */
const PageMarkup = createContext<ReadonlyMap<string, string> | undefined>(undefined);
export const PageMarkupProvider = PageMarkup.Provider;

/** A table whose inner markup (caption, head, body) a loader wrote (DataTable's tableHtml). As
 * the page hydrates, the data's copy is blank (`lib/handoff.server.ts`): the table keeps the HTML
 * the server sent, which React leaves as it is. On the server, a document's markup may be in the
 * page's map instead (`at`). `id` names the table in the document. */
export function HtmlTable({
  id,
  html,
  className = "table",
}: {
  id: string;
  html: ServerHtml;
  className?: string;
}) {
  const ref = useRef<HTMLTableElement>(null);
  const kept = useContext(PageMarkup);
  const [sent] = useState(() =>
    html.serverHtml === "" && typeof document !== "undefined"
      ? (document.getElementById(id)?.innerHTML ?? "")
      : "",
  );
  const own = html.serverHtml === "" && html.at !== undefined ? kept?.get(html.at) : undefined;
  const markup = useHtmlMarkup(ref, own ?? (html.serverHtml === "" ? sent : html.serverHtml));
  return (
    <div className="table-wrap">
      <table
        id={id}
        ref={ref}
        className={className}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: written by rules/html's escaping builders
        dangerouslySetInnerHTML={{ __html: markup }}
        suppressHydrationWarning
      />
    </div>
  );
}
