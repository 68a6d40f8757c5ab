// The text of a built stylesheet (public/build/_assets/...), read once, for the pages that carry it
// inline (app/components/Stylesheet.tsx). Null when the file is not there (a test renderer without a
// build): the page then links it as usual.
import fs from "node:fs";
import path from "node:path";

const texts = new Map<string, string | null>();

export function stylesheetText(href: string): string | null {
  if (!texts.has(href)) {
    let text: string | null = null;
    if (href.startsWith("/build/") && !href.includes("..")) {
      try {
        text = fs.readFileSync(path.join(process.cwd(), "public", href), "utf8");
      } catch {}
    }
    texts.set(href, text);
  }
  return texts.get(href) ?? null;
}
