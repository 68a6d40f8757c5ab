// HTML as text, for the table bodies rendered as one string (DataTable: issue 30, speed; ADR 0022).
// The same function writes the body on the server and in the browser, so hydration and client
// navigation see the markup the server sent. Escapes as React does for text and attribute values.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** Text or an attribute value, escaped; nothing for null, undefined and booleans (as React renders them). */
export function escapeHtml(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || typeof value === "boolean") return "";
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]) : text;
}

/** ` name="value"` for each attribute with a value (null, undefined and false are left out). */
export function attrsHtml(attrs: Record<string, string | number | boolean | null | undefined>): string {
  let out = "";
  for (const name in attrs) {
    const value = attrs[name];
    if (value === null || value === undefined || value === false) continue;
    out += ` ${name}="${escapeHtml(value === true ? "" : value)}"`;
  }
  return out;
}

/** An element with escaped text inside (`inner`, when given, is HTML already). */
export function elementHtml(
  tag: string,
  attrs: Record<string, string | number | boolean | null | undefined>,
  text: string | number,
  inner?: string,
): string {
  return `<${tag}${attrsHtml(attrs)}>${inner ?? escapeHtml(text)}</${tag}>`;
}
