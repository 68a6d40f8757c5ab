// The cluster's edge (`npm run cluster`, docs/decisions/0035-cluster.md): what Fly's proxy does in
// front of the machines, on one machine, with node:http only.
//   - GET and HEAD are spread round robin over the nodes that answer /healthcheck (polled every
//     500 ms; a check that times out three times in a row, or is refused once, marks it down); a
//     node that refuses the connection is left out at once and the GET tried on another.
//   - Only ECONNREFUSED means the node took nothing. A write that fails otherwise (a reset after its
//     body went out) may have been acted on: 502, never the 503 "try again", and the node is not
//     marked down for it. A failure on a kept-alive socket is tried once more on a fresh one (a GET
//     always, a write only when nothing was sent), so a stale socket does not mark a node down.
//   - Any other request is buffered and sent to a node (round robin too, so writes land on the
//     replica as they do on Fly); when the answer carries `fly-replay: instance=<name>` (LiteFS's
//     proxy on a replica, or server/replica.mjs), the same request (same headers, same body) is
//     sent to the node named.
//   - `fly-force-instance-id: <name>` sends a request to that node, as on Fly (tests use it).
//   - While the primary is down, a write is answered at once with 503, Retry-After and the app's
//     reconnecting page (/reconnecting, fetched from a node still up with the client's cookies, so in
//     the client's language), or its JSON (/reconnecting.json) for a fetch that wants JSON (the
//     kiosk's save queue), never held until the primary comes back.
//   - The client's address: the first X-Forwarded-For entry when the client sent one (the edge
//     listens on loopback only, where the rehearsal's simulated clients each name their own), else
//     the TCP peer; sent on as Fly-Client-IP (what the app reads with TRUSTED_PROXY_HEADER, as on
//     Fly) and X-Forwarded-For, any incoming copy replaced.
//   - Answers stream through (Server-Sent Events flow); closing the client closes the upstream.
import http from "node:http";
import { RECONNECTING, RETRY_AFTER_S, reconnectingBody, wantsJson } from "../server/replica.mjs";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-authorization",
  "proxy-authenticate",
  // The edge has the whole body before it sends the request on: nothing to wait for upstream.
  "expect",
]);

/**
 * @typedef {{ name: string, url: string, healthy: boolean }} EdgeNode
 * @param {{ nodes: { name: string, url: string }[], primary: string, pollMs?: number,
 *   log?: (line: string) => void }} options
 */
export function createEdge({ nodes: list, primary, pollMs = 500, log = () => {} }) {
  /** @type {EdgeNode[]} */
  const nodes = list.map((n) => ({ name: n.name, url: n.url.replace(/\/$/, ""), healthy: false }));
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let turn = 0;

  /** @param {EdgeNode} node @param {boolean} healthy */
  function mark(node, healthy) {
    if (node.healthy !== healthy) log(`edge: ${node.name} ${healthy ? "up" : "down"}`);
    node.healthy = healthy;
  }

  /** Health checks in a row that got no answer in time, per node. */
  const slow = new Map();
  async function poll() {
    await Promise.all(
      nodes.map(async (node) => {
        try {
          const res = await fetch(`${node.url}/healthcheck`, { signal: AbortSignal.timeout(1_500) });
          await res.arrayBuffer();
          slow.set(node.name, 0);
          mark(node, res.status === 200);
        } catch (error) {
          // Refused (or reset): nothing serves there, down at once. No answer within 1.5 s is a
          // busy node (CI's loaded 2 cores), not a dead one: down only after 3 such checks in a
          // row, so that writes do not get the 503 "reconnecting" while the primary is merely slow.
          const timedOut = error?.name === "TimeoutError" || error?.name === "AbortError";
          const count = timedOut ? (slow.get(node.name) ?? 0) + 1 : 3;
          slow.set(node.name, count);
          if (count >= 3) mark(node, false);
        }
      }),
    );
  }
  let polling = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    poll().finally(() => {
      polling = false;
    });
  }, pollMs);

  /** The next healthy node, round robin, leaving out `skip`. */
  function pick(skip = new Set()) {
    const up = nodes.filter((n) => n.healthy && !skip.has(n.name));
    if (up.length === 0) return undefined;
    turn = (turn + 1) % up.length;
    return up[turn];
  }

  /**
   * One request to one node. On failure the error says whether the node may have taken it:
   * `error.sent` is false only when the connection was refused (ECONNREFUSED: nothing was sent),
   * and `error.reused` when it failed on a kept-alive socket (one the node may have closed meanwhile).
   * @returns {Promise<http.IncomingMessage>}
   */
  function send(node, method, path, headers, body, clientRes, options = {}) {
    return new Promise((resolve, reject) => {
      const target = new URL(path, node.url);
      const upstream = http.request(
        target,
        { method, headers, agent: options.fresh ? false : agent, timeout: 0 },
        (res) => resolve(res),
      );
      let reused = false;
      upstream.once("socket", (socket) => {
        // A socket from the keep-alive pool is already connected (no "connect" to come).
        reused = !socket.connecting;
      });
      upstream.on("error", (error) => {
        Object.assign(error, { sent: error.code !== "ECONNREFUSED", reused });
        reject(error);
      });
      // The client went away before the answer was complete: end the upstream request too.
      clientRes.once("close", () => {
        if (!clientRes.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    });
  }

  /** The 503 while the primary is unreachable: the app's page (or JSON) from a node still up. */
  async function reconnecting(req, res) {
    const json = wantsJson(req);
    const page = json ? "/reconnecting.json" : "/reconnecting";
    let type = json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8";
    let body = reconnectingBody(json);
    const node = pick();
    if (node) {
      try {
        const headers = {};
        for (const name of ["cookie", "accept-language"]) {
          if (req.headers[name]) headers[name] = String(req.headers[name]);
        }
        const answer = await fetch(`${node.url}${page}`, { headers, signal: AbortSignal.timeout(2_000) });
        if (answer.ok) {
          body = await answer.text();
          type = answer.headers.get("content-type") ?? type;
        } else await answer.arrayBuffer();
      } catch {}
    }
    if (res.headersSent) return res.destroy();
    res.writeHead(503, {
      "Content-Type": type,
      "Content-Length": Buffer.byteLength(body),
      "Retry-After": String(RETRY_AFTER_S),
      "Cache-Control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** @param {http.IncomingMessage} upstream @param {http.ServerResponse} res */
  function pipeBack(upstream, res) {
    const raw = upstream.rawHeaders;
    const headers = [];
    for (let i = 0; i < raw.length; i += 2) {
      if (!HOP_BY_HOP.has(raw[i].toLowerCase())) headers.push(raw[i], raw[i + 1]);
    }
    res.writeHead(upstream.statusCode ?? 502, upstream.statusMessage, headers);
    // An event stream's first bytes go out at once (no buffering here).
    res.flushHeaders();
    upstream.pipe(res);
    upstream.on("error", () => res.destroy());
    res.on("close", () => upstream.destroy());
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    const method = req.method ?? "GET";
    const read = method === "GET" || method === "HEAD";
    const forwarded = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")[0]
      .trim();
    const client = forwarded || (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    const forced = req.headers["fly-force-instance-id"];
    /** @type {Record<string, string | string[]>} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      if (name === "x-forwarded-for" || name === "fly-client-ip" || name === "fly-force-instance-id")
        continue;
      headers[name] = value;
    }
    headers["fly-client-ip"] = client;
    headers["x-forwarded-for"] = client;

    /** @type {Buffer | undefined} */
    let body;
    if (!read) {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      body = Buffer.concat(chunks);
      headers["content-length"] = String(body.length);
      delete headers["transfer-encoding"];
      // While the primary is down a write waits for nothing: the reconnecting answer at once.
      if (!byName.get(primary)?.healthy) return reconnecting(req, res);
    }

    const tried = new Set();
    let node = forced ? byName.get(String(forced)) : pick();
    for (let hops = 0; hops < 4; hops++) {
      if (!node) return read ? unavailable(res) : reconnecting(req, res);
      let upstream;
      try {
        upstream = await send(node, method, req.url ?? "/", headers, body, res);
      } catch (first) {
        if (res.destroyed) return;
        let error = first;
        // A kept-alive socket the node had closed (a reset before any answer): not a node down. Once
        // more on a fresh socket, for a GET always, for a write only when nothing was sent.
        if (error.reused && (read || !error.sent)) {
          try {
            upstream = await send(node, method, req.url ?? "/", headers, body, res, { fresh: true });
          } catch (second) {
            if (res.destroyed) return;
            error = second;
          }
        }
        if (!upstream) {
          // Refused: nothing listens there, the node is down. Another error (a reset, a timeout)
          // after a fresh connection: down too, for a GET; for a write it may have been taken.
          if (!error.sent || read) mark(node, false);
          tried.add(node.name);
          if (read && !forced) {
            node = pick(tried); // a GET goes to another node
            continue;
          }
          if (read) return unavailable(res);
          // A refused write took nothing: the 503, try again. Any other failure of a write may have
          // been taken (the body went out): 502, never "try again", so that nothing resends it blindly.
          if (!error.sent) return reconnecting(req, res);
          log(
            `edge: ${method} ${req.url} to ${node.name} failed after sending (${error.code ?? error.message})`,
          );
          return badGateway(req, res);
        }
      }
      const replay = /instance=([^;,\s]+)/.exec(String(upstream.headers["fly-replay"] ?? ""))?.[1];
      if (!replay) return pipeBack(upstream, res);
      upstream.resume();
      node = byName.get(replay);
      if (!node?.healthy) node = undefined;
    }
    return read ? unavailable(res) : reconnecting(req, res);
  }

  /** A write the node may have taken but did not answer: 502, no Retry-After. */
  function badGateway(req, res) {
    if (res.headersSent) return res.destroy();
    const json = wantsJson(req);
    const text = "The server did not answer. Check whether it was saved before sending it again.";
    const body = json
      ? JSON.stringify({ ok: false, unanswered: true, message: text, error: text })
      : `${text}\n`;
    res.writeHead(502, {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
    });
    res.end(body);
  }

  /** No node up for a GET. */
  function unavailable(res) {
    if (res.headersSent) return res.destroy();
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(RETRY_AFTER_S) });
    res.end(`${RECONNECTING}\n`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`edge: ${req.method} ${req.url} failed: ${error?.stack ?? error}`);
      if (!res.headersSent) unavailable(res);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  return {
    server,
    nodes,
    poll,
    /** @param {number} port */
    listen: (port, host = "127.0.0.1") =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve(server.address()));
      }),
    close() {
      clearInterval(timer);
      server.closeAllConnections?.();
      server.close();
      agent.destroy();
    },
  };
}
