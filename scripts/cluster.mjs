// `npm run cluster`: a real two-node LiteFS cluster on one machine (issue 27, ADR 0035): a primary n1
// and a replica n2, each the built app (server.mjs) under `litefs mount` with LiteFS's proxy in
// front, and an edge (cluster/edge.mjs) in front of both that does what Fly's proxy does.
//
//   CLUSTER_PORT (8080)   the edge, on 127.0.0.1
//   CLUSTER_DIR           the run's folder, reused across runs (else a new temporary one,
//                         regatta-cluster-*, removed when the cluster stops cleanly unless --keep is
//                         given; kept, and its path printed, when it fails): each node's FUSE mount,
//                         LiteFS data, log (n1/litefs.log: LiteFS and the app), and cluster.json
//                         { nodes: [{ name, role, url, litefsPid, appPid }] }
//   CLUSTER_SEED_ARGS     extra arguments to db/seed-cli.ts on first start (e.g. "--size race-day")
//   LITEFS_BIN            LiteFS (default ../shared/tools/litefs/litefs beside the repository)
//   and what `npm start` takes: SMTP_URL, PAYMENT_PROVIDER (simulator unless set), SESSION_SECRET
//   (else one kept in CLUSTER_DIR), APP_URL (else the edge's address), ...
//
// Signals: SIGINT/SIGTERM stop everything (apps, then LiteFS; mounts unmounted) and exit 0;
// SIGUSR2 restarts every node whose LiteFS is gone (the rehearsal kills a node's litefsPid and
// appPid) and prints `node <name> restarted`. Exit codes: 2 no build, 3 no LiteFS, 4 no FUSE.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEdge } from "../cluster/edge.mjs";
import {
  ClusterNode,
  EXIT,
  LITEFS_HELP,
  ROOT,
  ensureFuse,
  freePort,
  isMounted,
  litefsBinary,
} from "../cluster/lib.mjs";

const log = (line) => console.log(line);

const litefs = litefsBinary();
if (!litefs) {
  console.error(`cluster: LiteFS not found${process.env.LITEFS_BIN ? ` at ${process.env.LITEFS_BIN}` : ""}.`);
  console.error(LITEFS_HELP);
  process.exit(EXIT.noLitefs);
}
const noFuse = ensureFuse(log);
if (noFuse) {
  console.error(`cluster: ${noFuse}`);
  process.exit(EXIT.noFuse);
}
if (!fs.existsSync(path.join(ROOT, "build/index.js"))) {
  console.error("cluster: no build (build/index.js): run npm run build first");
  process.exit(EXIT.noBuild);
}

const keep = Boolean(process.env.CLUSTER_DIR) || process.argv.includes("--keep");
const dir = path.resolve(
  process.env.CLUSTER_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "regatta-cluster-")),
);
fs.mkdirSync(dir, { recursive: true });
log(`cluster dir: ${dir}`);
const port = Number(process.env.CLUSTER_PORT) || 8080;

const secretFile = path.join(dir, ".session-secret");
if (!process.env.SESSION_SECRET && !fs.existsSync(secretFile)) {
  fs.writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
}
/** What every node's app gets: `npm start`'s variables, one session secret for both nodes. */
const env = {
  ...process.env,
  NODE_ENV: "production",
  SESSION_SECRET: process.env.SESSION_SECRET || fs.readFileSync(secretFile, "utf8").trim(),
  PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || "simulator",
  APP_URL: process.env.APP_URL || `http://127.0.0.1:${port}`,
  // The edge sets Fly-Client-IP, as Fly's does (fly.toml [env]).
  TRUSTED_PROXY_HEADER: "Fly-Client-IP",
};
for (const name of ["DATABASE_PATH", "LITEFS_DIR", "UPLOADS_DIR", "OUTBOX_DIR", "PORT", "HOST"])
  delete env[name];

const httpPorts = [await freePort(), await freePort()];
const nodes = ["n1", "n2"].map(
  (name, i) =>
    new ClusterNode({
      name,
      role: i === 0 ? "primary" : "replica",
      dir: path.join(dir, name),
      template: fs.readFileSync(path.join(ROOT, `cluster/${name}.yml.tmpl`), "utf8"),
      ports: { http: httpPorts[i], proxy: 0, app: 0 },
      primaryHttpPort: httpPorts[0],
      env,
      litefs,
      log,
      cancelled: () => stopping,
    }),
);
for (const node of nodes) {
  node.ports.proxy = await freePort();
  node.ports.app = await freePort();
  node.url = `http://127.0.0.1:${node.ports.proxy}`;
}
const [primary, replica] = nodes;

function writeClusterJson() {
  const file = path.join(dir, "cluster.json");
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify({ nodes: nodes.map((n) => n.json()) }, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

const edge = createEdge({ nodes, primary: primary.name, log });
for (const node of nodes) node.onExit = writeClusterJson;
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  edge.close();
  // Both nodes at once (neither waits for the other), each in its order: app, then LiteFS (and
  // anything left in its process group), then its mount.
  await Promise.all([replica.stop(), primary.stop()]);
  writeClusterJson();
  log("cluster stopped");
  // A temporary folder goes when the run went well; kept (and said where) otherwise, or asked to.
  if (code === 0 && !keep && !nodes.some((n) => isMounted(n.mount)))
    fs.rmSync(dir, { recursive: true, force: true });
  else if (code !== 0) console.error(`cluster: its folder is kept: ${dir}`);
  process.exit(code);
}

/**
 * start() then ready(), started again (up to 3 times) when a port picked at the start was taken
 * by another process before LiteFS or the app bound it (EADDRINUSE in its log: freePort's gap).
 * The edge and the replica's config follow the ports the node has now.
 */
async function startNode(node) {
  for (let attempt = 1; ; attempt++) {
    if (stopping) throw new Error("stopping");
    replica.primaryHttpPort = primary.ports.http;
    await node.start();
    const seen = edge.nodes.find((n) => n.name === node.name);
    if (seen) seen.url = node.url;
    writeClusterJson();
    try {
      await node.ready();
      writeClusterJson();
      return;
    } catch (error) {
      if (!error?.portTaken || attempt >= 3 || stopping) throw error;
      log(`cluster: ${node.name}: a port was taken before it bound it; again with new ports`);
      await node.stop(2_000);
      node.ports = { http: await freePort(), proxy: await freePort(), app: await freePort() };
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stopAll(0));
process.on("uncaughtException", (error) => {
  console.error(error);
  void stopAll(EXIT.failed);
});

let restarting = false;
let ready = false;
process.on("SIGUSR2", async () => {
  if (!ready) return log("cluster: not ready yet, SIGUSR2 ignored");
  if (restarting || stopping) return;
  restarting = true;
  try {
    // In order: a replica's LiteFS waits for its primary before it starts the app.
    for (const node of nodes) {
      if (node.up) continue;
      await node.stop(2_000); // whatever is left of it (an app still running), and the stale mount
      // Ctrl-C (stopAll) during that stop: nothing is started again behind its back.
      if (stopping) return;
      await startNode(node);
      await edge.poll(); // the edge sends it requests from now on
      log(`node ${node.name} restarted`);
    }
  } catch (error) {
    console.error(`cluster: restart failed: ${error?.message ?? error}`);
  } finally {
    restarting = false;
  }
});

try {
  await edge.listen(port);
  const seededMark = path.join(dir, ".seeded");
  await startNode(primary);
  if (!fs.existsSync(seededMark)) {
    const args = (process.env.CLUSTER_SEED_ARGS ?? "").split(/\s+/).filter(Boolean);
    log(`cluster: seeding through ${primary.name}'s mount${args.length ? ` (${args.join(" ")})` : ""}`);
    const seeded = spawnSync("npx", ["tsx", "db/seed-cli.ts", ...args], {
      cwd: ROOT,
      env: primary.appEnv(),
      stdio: "inherit",
    });
    if (seeded.status !== 0) throw new Error("the seed failed");
    fs.writeFileSync(seededMark, `${new Date().toISOString()} ${args.join(" ")}\n`);
  }
  await startNode(replica);
  // Ready when both nodes answer /healthcheck through the edge.
  const deadline = Date.now() + 30_000;
  for (const node of nodes) {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/healthcheck`, {
        headers: { "fly-force-instance-id": node.name },
      }).catch(() => null);
      await res?.arrayBuffer();
      if (res?.ok) break;
      if (Date.now() > deadline) throw new Error(`${node.name} does not answer through the edge`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await edge.poll();
  ready = true;
  log(`cluster ready at http://127.0.0.1:${port}`);
} catch (error) {
  console.error(`cluster: start-up failed: ${error?.message ?? error}`);
  await stopAll(EXIT.failed);
}
