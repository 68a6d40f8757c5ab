// A POST form as HTML text, for markup rendered as one string (a table body the server writes,
// ADR 0022): the same <form> PostForm renders, with its CSRF field and the spinner's task text.
// The CSRF token is not known where the string is written (a loader must not mint one: the root's
// is the page's), so the field holds CSRF_MARK, and the component that shows the string puts the
// page's token in its place (components/HtmlForms.tsx withCsrf). No escaped text can contain the
// mark: escapeHtml turns every "&" into "&amp;". With JavaScript, HtmlForms' one submit listener
// sends these forms as <Form> would (useSubmit); without it they are ordinary POST forms.
import { attrsHtml, escapeHtml } from "./html";

export const CSRF_MARK = "&csrf;";

export type PostFormHtml = {
  /** The spinner's text while it is pending ("Starting race"). */
  task: string;
  /** Where it posts: a path with its query (the page's own URL for the page's action). */
  action: string;
  className?: string;
  noValidate?: boolean;
  /** As <Form preventScrollReset>: the page keeps its scroll after the answer. */
  preventScrollReset?: boolean;
};

/** `<form method="post">` with the CSRF and task fields, then `inner` (HTML already). */
export function postFormHtml(
  { task, action, className, noValidate, preventScrollReset }: PostFormHtml,
  inner: string,
): string {
  const form = attrsHtml({
    method: "post",
    action,
    class: className,
    novalidate: noValidate,
    "data-html-form": preventScrollReset ? "1" : "0",
  });
  return `<form${form}><input type="hidden" name="csrf" value="${CSRF_MARK}"/>${hiddenHtml("_task", task)}${inner}</form>`;
}

/** `<input type="hidden">` with its name and value. */
export const hiddenHtml = (name: string, value: string | number) =>
  `<input${attrsHtml({ type: "hidden", name, value })}/>`;

/** The string with the page's CSRF token in place of every mark. */
export const withCsrf = (html: string, token: string) =>
  html.includes(CSRF_MARK) ? html.split(CSRF_MARK).join(escapeHtml(token)) : html;

/** Markup a loader wrote on the server, sent to the page as `{ serverHtml }`. A document request's
 * copy of the data has it blanked (lib/handoff.server.ts), or carries only `at`, the key the
 * markup has in the load context's `markup` (`forDocument`): the page has it once, in its HTML,
 * and the component keeps that HTML as it hydrates (components/HtmlForms.tsx HtmlTable). */
export type ServerHtml = { serverHtml: string; at?: string };
export const serverHtml = (html: string): ServerHtml => ({ serverHtml: html });
