// The few answers this server writes itself, before or instead of Remix: too large, bad request,
// server error. Plain HTML without scripts or styles (the CSP applies to them too).
import { STATUS_CODES } from "node:http";

/** @param {string} s */
const escapeHtml = (s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * @param {string} title
 * @param {string} body  HTML
 */
function page(title, body) {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>\n`
  );
}

/**
 * Where "Go back" leads after a refused upload: the same address with GET, which shows the form
 * again (the query is kept, e.g. an invitation's token; Remix's `_data` is dropped).
 * @param {string} url  the request's path and query
 * @returns {string}
 */
export function backLink(url) {
  if (!url.startsWith("/") || url.startsWith("//")) return "/";
  const q = url.indexOf("?");
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.delete("_data");
  const query = params.toString();
  return url.slice(0, q) + (query ? `?${query}` : "");
}

/** @param {string} url  the request's path and query */
export function tooLargePage(url) {
  return page(
    "413 The upload is too large",
    "<p>Photos must be at most 15 MB. Go back and choose a smaller photo.</p>" +
      `<p><a href="${escapeHtml(backLink(url))}">Go back</a></p>`,
  );
}

export const BAD_REQUEST_PAGE = page(
  "400 Bad Request",
  '<p>The address or the headers of this request are not valid.</p><p><a href="/">Return to Home</a></p>',
);

export const SERVER_ERROR_PAGE = page(
  "500 Server Error",
  '<p>Something went wrong. Please try again.</p><p><a href="/">Return to Home</a></p>',
);

/** A heavy page's queue is full (server/page-gate.mjs), in both languages: this server does not
 * know the reader's (the app's `lang` cookie is read by Remix). The texts are `MSG.tooManyTitle`,
 * `MSG.serverBusy` and `MSG.returnHome` in English and in Bahasa Melayu (server/pages.test.ts). */
export const BUSY_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  "<title>429 Too Many Requests</title></head><body><main>" +
  "<h1>429 Too Many Requests</h1>" +
  "<p>The server is busy right now. Please wait a few seconds and try again.</p>" +
  '<p><a href="/">Return to Home</a></p>' +
  '<div lang="ms"><h2>Terlalu Banyak Permintaan</h2>' +
  "<p>Pelayan sedang sibuk. Sila tunggu beberapa saat dan cuba lagi.</p>" +
  '<p><a href="/">Kembali ke Laman Utama</a></p></div>' +
  "</main></body></html>\n";

/** The same refusal for Remix's own data request (`?_data=`, a page changed with JavaScript): the
 * sentence alone, marked as a thrown response (`X-Remix-Catch`), so the route's error boundary
 * shows it in the page's language (components/ErrorPage.tsx) instead of a crash. */
export const BUSY_TEXT = "The server is busy right now. Please wait a few seconds and try again.";

/**
 * Writes a small HTML answer.
 * @param {import("node:http").ServerResponse} res
 * @param {number} status
 * @param {string} html
 */
export function sendPage(res, status, html) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(html));
  res.setHeader("Cache-Control", "no-store");
  res.end(html);
}

/** How long a refused connection stays open, unread, so that the client can read our answer. */
export const LINGER_MS = 2_000;

/**
 * Answers a request whose body we will not read (413), with the headers already set on `res`,
 * and closes the connection without reading another byte.
 *
 * Node would close a `Connection: close` answer's socket at once, and closing a socket with
 * unread bytes resets the connection: a client still sending its body then gets EPIPE or
 * ECONNRESET before it reads the 413. So the answer goes straight onto the socket, our side is
 * shut (FIN), the request is left paused (the kernel's buffers fill, the client's writes stall,
 * nothing accumulates here) and the socket is destroyed after LINGER_MS, or earlier when the
 * client closes.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {number} status
 * @param {string} html
 */
export function refuseUnread(req, res, status, html) {
  const body = Buffer.from(html);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  res.setHeader("Cache-Control", "no-store, no-transform"); // no-transform: compression() keeps out
  res.setHeader("Connection", "close");
  res.writeHead(status); // marks the answer as sent (for the request log); written below, not by Node
  req.pause();
  const socket = req.socket;
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nDate: ${new Date().toUTCString()}\r\n`;
  for (const name of res.getHeaderNames()) {
    const value = res.getHeader(name);
    for (const v of Array.isArray(value) ? value : [value]) head += `${name}: ${v}\r\n`;
  }
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n`), body]));
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}
