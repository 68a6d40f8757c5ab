// Reads back the QR codes of a PDF that pdfmake drew (the crew tags, services/crew-tags.server.ts), for
// the unit and browser tests: no renderer needed. pdfmake draws a `qr` node as a white square (its
// background, `x y s s re` filled with `1 1 1 scn`) and then one black square per dark module
// (`0 0 0 scn`); the squares are put back on a grid and decoded with jsQR.
import zlib from "node:zlib";
import jsQR from "jsqr";

/** The page count of a PDF made by pdfkit (one `/Type /Page` object per page). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

/** The pages' content streams, in page order (pdfkit writes each page's stream as it closes it). */
function pageStreams(pdf: Buffer): string[] {
  const s = pdf.toString("latin1");
  const out: string[] = [];
  const start = /stream\r?\n/g;
  for (let m = start.exec(s); m; m = start.exec(s)) {
    const from = m.index + m[0].length;
    const to = s.indexOf("endstream", from);
    try {
      const text = zlib.inflateSync(pdf.subarray(from, to)).toString("latin1");
      if (/^1 0 0 -1 0 [\d.]+ cm/.test(text)) out.push(text);
    } catch {
      // not a Flate stream (photos are JPEG)
    }
  }
  return out;
}

/** Decodes a QR code from its modules (true = dark), drawn 4 px a module with a 4-module margin. */
export function decodeModules(dark: boolean[][]): string | null {
  const scale = 4;
  const quiet = 4;
  const size = (dark.length + 2 * quiet) * scale;
  const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [r, row] of dark.entries()) {
    for (const [c, on] of row.entries()) {
      if (!on) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((r + quiet) * scale + dy) * size + (c + quiet) * scale + dx) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
        }
      }
    }
  }
  return jsQR(rgba, size, size)?.data ?? null;
}

export type PdfQr = {
  page: number;
  x: number;
  y: number;
  size: number;
  modules: number;
  text: string | null;
};

/** Every QR code the PDF draws, in drawing order (page by page), with where it is and what it says. */
export function qrCodesInPdf(pdf: Buffer): PdfQr[] {
  const found: PdfQr[] = [];
  const square = /([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\n\/DeviceRGB cs\n(1 1 1|0 0 0) scn/g;
  for (const [page, stream] of pageStreams(pdf).entries()) {
    let current: {
      x: number;
      y: number;
      size: number;
      squares: { x: number; y: number; w: number }[];
    } | null = null;
    const close = () => {
      if (!current || current.squares.length === 0) return;
      const w = current.squares[0].w;
      const n = Math.round(current.size / w);
      const dark = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
      for (const q of current.squares) {
        dark[Math.round((q.y - current.y) / w)][Math.round((q.x - current.x) / w)] = true;
      }
      found.push({
        page,
        x: current.x,
        y: current.y,
        size: current.size,
        modules: n,
        text: decodeModules(dark),
      });
    };
    for (let m = square.exec(stream); m; m = square.exec(stream)) {
      const [x, y, w, h] = m.slice(1, 5).map(Number);
      if (w !== h) continue;
      const inside =
        current &&
        x >= current.x &&
        y >= current.y &&
        x < current.x + current.size &&
        y < current.y + current.size;
      if (m[5] === "1 1 1" && w > 20) {
        close();
        current = { x, y, size: w, squares: [] };
      } else if (m[5] === "0 0 0" && current && inside) {
        current.squares.push({ x, y, w });
      }
    }
    close();
  }
  return found;
}
