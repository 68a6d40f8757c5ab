// Reads back the text of a PDF that pdfmake (pdfkit) wrote, for the unit tests: no poppler needed.
// pdfkit embeds subsets of the fonts and writes text as glyph ids (`[<0001 0002> 12 <0003>] TJ`),
// with a ToUnicode CMap per font that maps them back to characters; pdfmake writes a run a word,
// each in its own BT ... ET with its position (`1 0 0 1 x y Tm`). Runs on the same line are joined
// (with a space where a table cell or column ends), a new line starts where the y changes; pages are
// returned in order.
import zlib from "node:zlib";

type Obj = { dict: string; stream: string | null };

function objects(pdf: Buffer): Map<number, Obj> {
  const s = pdf.toString("latin1");
  const out = new Map<number, Obj>();
  const head = /(\d+) 0 obj\s*/g;
  for (let m = head.exec(s); m; m = head.exec(s)) {
    const end = s.indexOf("endobj", head.lastIndex);
    const body = s.slice(head.lastIndex, end);
    const at = body.search(/stream\r?\n/);
    let stream: string | null = null;
    if (at >= 0 && /\/FlateDecode/.test(body.slice(0, at))) {
      const from = head.lastIndex + at + body.slice(at).match(/^stream\r?\n/)![0].length;
      const to = s.indexOf("endstream", from);
      try {
        stream = zlib.inflateSync(pdf.subarray(from, to)).toString("latin1");
      } catch {
        stream = null;
      }
    }
    out.set(Number(m[1]), { dict: at >= 0 ? body.slice(0, at) : body, stream });
  }
  return out;
}

/** A ToUnicode CMap as glyph id -> text (pdfkit writes `bfrange`s with arrays, and `bfchar`s). */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) => {
    let out = "";
    for (let i = 0; i + 4 <= hex.length; i += 4)
      out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const lo = Number.parseInt(m[1], 16);
      const hi = Number.parseInt(m[2], 16);
      if (m[3].startsWith("[")) {
        // A ligature maps to several characters, written with spaces between: <0066 0066 0069> (ffi).
        for (const [i, u] of [...m[3].matchAll(/<([0-9a-f\s]+)>/gi)].entries())
          map.set(lo + i, hexText(u[1].replace(/\s+/g, "")));
      } else {
        const base = Number.parseInt(m[3].slice(1, -1), 16);
        for (let g = lo; g <= hi; g++) map.set(g, String.fromCharCode(base + g - lo));
      }
    }
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) {
      map.set(Number.parseInt(m[1], 16), hexText(m[2].replace(/\s+/g, "")));
    }
  }
  return map;
}

/** The text of every page, in page order. */
export function pdfPages(pdf: Buffer): string[] {
  const objs = objects(pdf);
  // Font resource names (/F1 ...) are the document's: the same name is the same font on every page.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objs.values()) {
    for (const m of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      if (fonts.has(m[1])) continue;
      const uni = /\/ToUnicode (\d+) 0 R/.exec(objs.get(Number(m[2]))?.dict ?? "");
      const cmap = uni ? objs.get(Number(uni[1]))?.stream : null;
      if (cmap) fonts.set(m[1], cmapOf(cmap));
    }
  }
  const root = [...objs.values()].find((o) => /\/Type \/Pages\b/.test(o.dict) && !/\/Parent/.test(o.dict));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(root?.dict ?? "")?.[1] ?? "").matchAll(/(\d+) 0 R/g)];
  return kids.map((kid) => {
    const page = objs.get(Number(kid[1]))?.dict ?? "";
    const contents = /\/Contents (\d+) 0 R/.exec(page);
    const stream = contents ? (objs.get(Number(contents[1]))?.stream ?? "") : "";
    let out = "";
    let lastY: string | null = null;
    let font = new Map<number, string>();
    for (const bt of stream.matchAll(/BT([\s\S]*?)ET/g)) {
      const y = /[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) Tm/.exec(bt[1])?.[1] ?? null;
      let run = "";
      for (const op of bt[1].matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
        if (op[1]) {
          font = fonts.get(op[1]) ?? new Map();
          continue;
        }
        for (const hex of op[2].matchAll(/<([0-9a-f]*)>/gi)) {
          for (let i = 0; i + 4 <= hex[1].length; i += 4)
            run += font.get(Number.parseInt(hex[1].slice(i, i + 4), 16)) ?? "";
        }
      }
      if (!run) continue;
      if (lastY !== null && y !== lastY) out += "\n";
      else if (out && !/\s$/.test(out)) out += " ";
      out += run;
      lastY = y;
    }
    return out.replace(/[ \t]+\n/g, "\n").trim();
  });
}

/** All the PDF's text, pages separated by a form feed (as pdftotext does). */
export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf).join("\f");
}
