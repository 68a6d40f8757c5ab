// A sentence a deeper module answered in English (e.g. photos.server's MSG.notAnImage, a model's
// `message`), said in another bundle: found by its English text among the MSG strings. A sentence
// that is not a plain MSG string (a function's output, someone else's text) stays as it is.
import { type Bundle, EN } from "~/i18n/en";

const keyOf = new Map<string, keyof Bundle["MSG"]>();
let indexed = -1;
/** Indexes the English sentences (in the browser, again as routes register more: app/i18n/en.ts). */
function index() {
  const entries = Object.entries(EN.MSG);
  if (entries.length === indexed) return;
  indexed = entries.length;
  for (const [key, value] of entries) {
    if (typeof value === "string" && !keyOf.has(value)) keyOf.set(value, key as keyof Bundle["MSG"]);
  }
}

export function inBundle(english: string, t: Bundle): string {
  index();
  const key = keyOf.get(english);
  const said = key === undefined ? undefined : t.MSG[key];
  return typeof said === "string" ? said : english;
}
