// Which request paths may be files in public/: those whose first segment is one of its entries when
// the server started (favicon.svg, build ...). Every other request (the app's pages) skips the
// static middleware, which would otherwise stat a file that is not there on every page view.
import fs from "node:fs";

/**
 * The first segment of a request target's path, percent-decoded as `send` decodes it; null when
 * it does not decode.
 * @param {string} target  path and query, as in `req.url`
 * @returns {string | null}
 */
export function firstSegment(target) {
  const rest = target.slice(1);
  const stop = rest.search(/[/?#]/);
  const raw = stop === -1 ? rest : rest.slice(0, stop);
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * A predicate for the request targets that may name a file under `dir` or under one of the
 * `prefixes` (e.g. "/build/", whose folder a build may create later). The folder's entries are
 * read once, now: a file added to it later is not served until a restart (as with a deploy).
 * @param {string} dir
 * @param {string[]} [prefixes]
 * @returns {(target: string) => boolean}
 */
export function publicPaths(dir, prefixes = []) {
  /** @type {Set<string>} */
  let entries;
  try {
    entries = new Set(fs.readdirSync(dir));
  } catch {
    entries = new Set();
  }
  for (const prefix of prefixes) {
    const first = firstSegment(prefix);
    if (first) entries.add(first);
  }
  return (target) => {
    const first = firstSegment(target);
    // A segment that does not decode still goes to the static middleware, which answers as before.
    return first === null || entries.has(first);
  };
}
