// A sentence a deeper module answered in English (e.g. photos.server's MSG.notAnImage, a model's
// `message`), said in another bundle: found by its English text among the MSG strings. A sentence
// that is not a plain MSG string (a function's output, someone else's text) stays as it is.
import { type Bundle, EN } from "~/messages";

const keyOf = new Map<string, keyof Bundle["MSG"]>();
for (const [key, value] of Object.entries(EN.MSG)) {
  if (typeof value === "string" && !keyOf.has(value)) keyOf.set(value, key as keyof Bundle["MSG"]);
}

export function inBundle(english: string, t: Bundle): string {
  const key = keyOf.get(english);
  const said = key === undefined ? undefined : t.MSG[key];
  return typeof said === "string" ? said : english;
}
