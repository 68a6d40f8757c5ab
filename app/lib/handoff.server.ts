// The document's data handoff (the JSON Remix writes into a page for hydration) without the markup
// a loader or an action wrote as `{ serverHtml }` (rules/form-html: a table race control writes on
// the server). The page carries that markup once, in its HTML; the component keeps it as it
// hydrates (components/HtmlForms.tsx HtmlTable). A client navigation's data keeps it whole.
//
// A loader that knows its request is a document's (server.mjs gives the load context a `markup`
// map then) leaves the markup out of its data altogether (`forDocument`): the entry renders it from
// the map, so the page's largest string is never turned into JSON, read back, written into the
// handoff and blanked there (race control: ~45% of its CPU a request, ADR 0022).
import type { AppLoadContext } from "@remix-run/node";
import type { ServerHtml } from "~/rules/form-html";

const KEY = '"serverHtml":"';

/** `handoff` (JSON) with every `"serverHtml"` string value blanked. Only a key can read so: inside
 * a JSON string every quote is escaped. One pass of indexOf, no parsing or escaping. */
export function withoutServerHtml(handoff: string): string {
  let at = handoff.indexOf(KEY);
  if (at < 0) return handoff;
  let out = "";
  let from = 0;
  while (at >= 0) {
    const start = at + KEY.length;
    // The value's closing quote: the first one not escaped (after an even run of backslashes).
    let end = handoff.indexOf('"', start);
    while (end > 0) {
      let slashes = 0;
      while (handoff.charCodeAt(end - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) break;
      end = handoff.indexOf('"', end + 1);
    }
    if (end < 0) break;
    out += handoff.slice(from, start);
    from = end;
    at = handoff.indexOf(KEY, end + 1);
  }
  return out + handoff.slice(from);
}

/** `html` as a loader sends it: for a document request, kept in the load context's `markup` under
 * `key` (a name unique in the page) with only the key in the data; else whole. */
export function forDocument(context: AppLoadContext | undefined, key: string, html: ServerHtml): ServerHtml;
export function forDocument(
  context: AppLoadContext | undefined,
  key: string,
  html: ServerHtml | null,
): ServerHtml | null;
export function forDocument(context: AppLoadContext | undefined, key: string, html: ServerHtml | null) {
  const markup = context?.markup;
  if (!html || !markup) return html;
  markup.set(key, html.serverHtml);
  return { serverHtml: "", at: key };
}
