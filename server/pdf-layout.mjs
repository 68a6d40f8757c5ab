// How every PDF of the app is laid out (docs/decisions/0034-pdf-worker.md): pdfmake with the
// app's fonts, access policies and named layouts, in one place. `layoutPdf(doc)` is called by
// app/lib/pdf.server.ts in-process for a small document, and by the PDF worker process
// (server/pdf-worker.mjs) for a big one; each side loads this file once, so each has its own copy
// of pdfmake and of the parsed fonts.
//
// A definition is plain data; the few things pdfmake wants as functions are named instead and made
// here:
//   footer / header: { $perPage: <content> }  the content on every page, with "{page}" and "{pages}"
//                                             in its texts replaced by the page's number and the count
//   layout: "ruled"                          black rules, thick around the table and under its
//                                             heading row, thin between (race paper)
//
// Plain JavaScript loaded by path (not through the app's bundle), so the same file serves vitest,
// the Remix server build and `npm run demo`.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/**
 * pdfkit parses the font file again for every document (fontkit.create on the same bytes), which
 * was most of a PDF's time (about 40 of 50 ms). fontkit fonts are read-only once parsed, so pdfkit
 * is given a fontkit whose `create` keeps the parsed font per byte buffer: the four Roboto buffers
 * below are parsed once per thread that loads this file. This must run before pdfkit is first loaded (pdfmake loads it),
 * hence `require` rather than `import` for pdfmake. If the packages ever change shape, it does
 * nothing and PDFs are made as before, only slower.
 */
function parseFontsOnce() {
  try {
    const pdfkitDir = path.dirname(
      require.resolve("pdfkit/package.json", {
        paths: [path.dirname(require.resolve("pdfmake/package.json"))],
      }),
    );
    const fontkitPath = require.resolve("fontkit", { paths: [pdfkitDir] });
    const fontkit = require(fontkitPath);
    const entry = require.cache[fontkitPath];
    if (!entry || typeof fontkit.create !== "function" || require.cache[require.resolve("pdfkit")]) return;
    const parsed = new WeakMap();
    entry.exports = {
      ...fontkit,
      create(bytes, name) {
        if (name) return fontkit.create(bytes, name);
        let font = parsed.get(bytes);
        if (!font) {
          font = fontkit.create(bytes);
          parsed.set(bytes, font);
        }
        // Each document gets a view of the parsed font with its own glyph cache (and its own layout
        // engine, made lazily on the view): the decoded tables stay shared. fontkit keeps a glyph
        // with the code points it was first asked for, and a subset asks for its glyphs (and their
        // components, such as the dots of ':') without any: a glyph cache shared between documents
        // left later documents' text layer (ToUnicode) missing or garbling such characters, so their
        // text could not be searched, copied or read aloud. The parsed font itself is never used.
        return Object.assign(Object.create(font), { _glyphs: {} });
      },
    };
  } catch (error) {
    console.warn("pdf: fonts will be parsed per document", error);
  }
}
parseFontsOnce();
const pdfmake = require("pdfmake");

// The Roboto files that ship with pdfmake, read once into pdfmake's in-memory file system; pdfmake
// may fetch no URL at all and read no local file outside that font folder (a document never names
// an image or a file, but the policies hold even if one did).
const FONT_DIR = path.dirname(require.resolve("pdfmake/fonts/Roboto/Roboto-Regular.ttf"));
const FILES = {
  normal: "Roboto-Regular.ttf",
  bold: "Roboto-Medium.ttf",
  italics: "Roboto-Italic.ttf",
  bolditalics: "Roboto-MediumItalic.ttf",
};
for (const file of Object.values(FILES)) {
  pdfmake.virtualfs.writeFileSync(file, fs.readFileSync(path.join(FONT_DIR, file)));
}
pdfmake.setFonts({ Roboto: FILES });
pdfmake.setUrlAccessPolicy(() => false);
const FONT_ROOT = `${FONT_DIR}${path.sep}`;
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONT_ROOT));

const OUTER = 1.2;
const INNER = 0.6;
pdfmake.addTableLayouts({
  ruled: {
    hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? OUTER : INNER),
    vLineWidth: (i, node) => (i === 0 || i === (node.table.widths?.length ?? 0) ? OUTER : INNER),
    hLineColor: () => "#000000",
    vLineColor: () => "#000000",
    paddingLeft: () => 4,
    paddingRight: () => 4,
    paddingTop: () => 4,
    paddingBottom: () => 4,
  },
});

/** A copy of `content` with "{page}" and "{pages}" in every string replaced. */
function numbered(content, page, pages) {
  if (typeof content === "string")
    return content.replaceAll("{page}", String(page)).replaceAll("{pages}", String(pages));
  if (Array.isArray(content)) return content.map((c) => numbered(c, page, pages));
  if (content && typeof content === "object") {
    const out = {};
    for (const [k, v] of Object.entries(content)) out[k] = numbered(v, page, pages);
    return out;
  }
  return content;
}

const perPage = (value) =>
  value && typeof value === "object" && "$perPage" in value
    ? (page, pages) => numbered(value.$perPage, page, pages)
    : value;

/** The definition pdfmake gets: the named page furniture made into functions. */
function hydrate(doc) {
  const out = { ...doc };
  if (doc.footer) out.footer = perPage(doc.footer);
  if (doc.header) out.header = perPage(doc.header);
  return out;
}

/** The PDF of a plain definition (see above), as pdfmake's bytes. */
export function layoutPdf(doc) {
  return pdfmake.createPdf(hydrate(doc)).getBuffer();
}
