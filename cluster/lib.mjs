// The pieces of `npm run cluster` (scripts/cluster.mjs, docs/decisions/0035-cluster.md): finding
// LiteFS and FUSE, one node's LiteFS process with the app under it, its pids, its stale mount.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import url from "node:url";

export const ROOT = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
/** Exit codes of `npm run cluster` that say what is missing. */
export const EXIT = { failed: 1, noBuild: 2, noLitefs: 3, noFuse: 4 };

export const LITEFS_HELP = [
  "LiteFS is needed (the program the Fly image runs, v0.5.14). Set LITEFS_BIN to its path, or put it at",
  "../shared/tools/litefs/litefs beside this repository. To get it:",
  "  docker create --name litefs flyio/litefs:0.5 && docker cp litefs:/usr/local/bin/litefs . && docker rm litefs",
  "  or download litefs-v0.5.14-linux-amd64.tar.gz from https://github.com/superfly/litefs/releases",
].join("\n");

/** LITEFS_BIN, else ../shared/tools/litefs/litefs beside the repository; null when not there. */
export function litefsBinary(env = process.env) {
  const file = env.LITEFS_BIN
    ? path.resolve(env.LITEFS_BIN)
    : path.resolve(ROOT, "../shared/tools/litefs/litefs");
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return file;
  } catch {
    return null;
  }
}

const onPath = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" }).status === 0;
export const fusermount = () =>
  onPath("fusermount3") ? "fusermount3" : onPath("fusermount") ? "fusermount" : null;

/**
 * FUSE: /dev/fuse and fusermount; as root, Debian's fuse3 is installed when fusermount is missing
 * (as scripts/test.mjs installs Chromium). Returns a reason when FUSE cannot be had, else null.
 */
export function ensureFuse(log = console.log) {
  if (!fs.existsSync("/dev/fuse")) return "/dev/fuse is missing (FUSE is not available on this machine)";
  if (fusermount()) return null;
  if (process.getuid?.() !== 0)
    return "fusermount is missing: install Debian's fuse3 (apt-get install -y fuse3)";
  log("cluster: installing fuse3 (fusermount) with apt-get");
  spawnSync(
    "sh",
    ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fuse3"],
    {
      stdio: "inherit",
    },
  );
  return fusermount() ? null : "fusermount is missing and apt-get install fuse3 failed";
}

/** A port nothing listens on now (the kernel's pick), released at once: between here and the
 * moment LiteFS or the app binds it, another process may take it (see portFree, ClusterNode.start).
 * @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** Whether `port` on 127.0.0.1 can be bound now. */
export function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/** What LiteFS or the app writes when a port was taken between freePort() and its bind. */
export const PORT_TAKEN = /address already in use|EADDRINUSE/;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether `dir` is a mount point now (a FUSE mount left by a killed LiteFS included). */
export function isMounted(dir) {
  const abs = path.resolve(dir);
  try {
    return fs
      .readFileSync("/proc/self/mounts", "utf8")
      .split("\n")
      .some((line) => line.split(" ")[1] === abs);
  } catch {
    return false;
  }
}

/** Unmounts a (possibly stale) FUSE mount: `-u`, then lazily (`-uz`) when it is busy. */
export function unmount(dir) {
  if (!isMounted(dir)) return;
  const bin = fusermount() ?? "fusermount";
  if (spawnSync(bin, ["-u", dir]).status === 0 && !isMounted(dir)) return;
  spawnSync(bin, ["-uz", dir]);
}

const alive = (pid) => {
  if (!pid) return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
};
export { alive as isAlive };

/** The app under a LiteFS process: its child running server.mjs (LiteFS execs it directly). */
export function appPidOf(litefsPid) {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== litefsPid) continue;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes("server.mjs")) return Number(entry);
    } catch {}
  }
  return null;
}

/** `{{NAME}}` slots of a template. */
export function fill(template, values) {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`no value for ${whole}`);
    return String(values[name]);
  });
}

/**
 * One node: `litefs mount -config <its yml>` (which runs the migrations on a candidate, then the
 * app), its logs in `<dir>/litefs.log` (LiteFS and the app's output: LiteFS passes the app's
 * stdout and stderr through).
 */
export class ClusterNode {
  /**
   * @param {{ name: string, role: "primary" | "replica", dir: string, template: string,
   *   ports: { http: number, proxy: number, app: number }, primaryHttpPort: number,
   *   env: NodeJS.ProcessEnv, litefs: string, log: (line: string) => void,
   *   cancelled?: () => boolean }} o
   */
  constructor(o) {
    Object.assign(this, o);
    this.mount = path.join(o.dir, "mnt");
    this.data = path.join(o.dir, "data");
    this.url = `http://127.0.0.1:${o.ports.proxy}`;
    this.config = path.join(o.dir, "litefs.yml");
    /** @type {import("node:child_process").ChildProcess | undefined} */
    this.proc = undefined;
    this.appPid = null;
    this.stopping = false;
    /** Called when LiteFS exits on its own (killed, crashed): cluster.json is written again. */
    this.onExit = undefined;
  }

  get litefsPid() {
    return this.proc?.pid ?? null;
  }

  /** Whether LiteFS is still running (the app ends with it: LiteFS stops when its exec exits). */
  get up() {
    return !!this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  appEnv() {
    return {
      ...this.env,
      // As the deploy's image (Dockerfile ENV): two glibc malloc arenas, not one per thread
      // (ADR 0022, "Native memory").
      MALLOC_ARENA_MAX: this.env.MALLOC_ARENA_MAX ?? "2",
      PORT: String(this.ports.app),
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(this.mount, "regatta.db"),
      LITEFS_DIR: this.mount,
      // Photos live in the database (LiteFS replicates it); uploads/ is each machine's own cache,
      // as on Fly where each machine has its own volume (ADR 0035).
      UPLOADS_DIR: path.join(this.dir, "uploads"),
      OUTBOX_DIR: path.join(this.dir, "outbox"),
    };
  }

  /**
   * Starts LiteFS (and under it the app). Its ports were picked with freePort() a while ago (the
   * replica's before the primary's seed): each one taken since is picked again first. A port taken
   * in the last moment still makes LiteFS or the app exit: ready() then says so (`portTaken`), and
   * the caller starts it again (scripts/cluster.mjs startNode).
   */
  async start() {
    for (const key of /** @type {const} */ (["http", "proxy", "app"])) {
      if (this.ports[key] && !(await portFree(this.ports[key]))) this.ports[key] = await freePort();
    }
    this.url = `http://127.0.0.1:${this.ports.proxy}`;
    // Everything is being stopped meanwhile (Ctrl-C): nothing started behind its back.
    if (this.cancelled?.()) return;
    this.spawnLitefs();
  }

  /** @private */
  spawnLitefs() {
    unmount(this.mount);
    for (const d of [this.mount, this.data]) fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(
      this.config,
      fill(this.template, {
        MOUNT: this.mount,
        DATA: this.data,
        HTTP_PORT: this.ports.http,
        PROXY_PORT: this.ports.proxy,
        APP_PORT: this.ports.app,
        PRIMARY_HTTP_PORT: this.primaryHttpPort,
      }),
    );
    const logFile = path.join(this.dir, "litefs.log");
    this.logFrom = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    const out = fs.openSync(logFile, "a");
    this.stopping = false;
    this.appPid = null;
    this.proc = spawn(this.litefs, ["mount", "-config", this.config], {
      cwd: ROOT,
      env: this.appEnv(),
      // Its own process group (LiteFS its leader, the app it execs in it): Ctrl-C reaches the
      // cluster script, which stops the nodes in order, and stop() can signal the whole group.
      detached: true,
      stdio: ["ignore", out, out],
    });
    fs.closeSync(out);
    this.proc.once("exit", (code, signal) => {
      if (this.stopping) return;
      this.log(`node ${this.name} exited (${signal ?? `code ${code}`})`);
      this.onExit?.();
    });
  }

  /** Waits until the app answers /healthcheck through LiteFS's proxy, and notes the app's pid. */
  async ready(timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.up) {
        const error = new Error(`${this.name}: LiteFS exited; see ${path.join(this.dir, "litefs.log")}`);
        error.portTaken = PORT_TAKEN.test(this.logSinceStart());
        throw error;
      }
      try {
        const res = await fetch(`${this.url}/healthcheck`, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`${this.name}: no /healthcheck after ${timeoutMs} ms`);
      await sleep(200);
    }
    this.appPid = appPidOf(this.litefsPid);
  }

  /** The log LiteFS (and the app) wrote since the last start(). */
  logSinceStart() {
    try {
      return fs
        .readFileSync(path.join(this.dir, "litefs.log"))
        .subarray(this.logFrom ?? 0)
        .toString();
    } catch {
      return "";
    }
  }

  /** The app's pid when it is still our app: alive, and running server.mjs (a pid noted before, whose
   * process is gone, may have been given to another process since). */
  ownAppPid() {
    if (!this.appPid || !alive(this.appPid)) return null;
    try {
      return fs.readFileSync(`/proc/${this.appPid}/cmdline`, "utf8").includes("server.mjs")
        ? this.appPid
        : null;
    } catch {
      return null;
    }
  }

  /** A signal to LiteFS's process group (LiteFS and the app, even when the app's pid was never
   * known: ready() failed), else to what is left of it. */
  signal(sig) {
    const pid = this.litefsPid;
    if (pid) {
      try {
        process.kill(-pid, sig);
        return;
      } catch {} // the group is gone (ESRCH)
    }
    const app = this.ownAppPid();
    if (app) {
      try {
        process.kill(app, sig);
      } catch {}
    }
  }

  /** The app first (SIGTERM), then LiteFS (SIGTERM, SIGKILL after `graceMs`) with everything in its
   * process group, then the mount. */
  async stop(graceMs = 10_000) {
    this.stopping = true;
    const app = this.ownAppPid();
    if (app) {
      try {
        process.kill(app, "SIGTERM");
      } catch {}
    }
    if (this.up) {
      const exited = new Promise((r) => this.proc?.once("exit", r));
      this.signal("SIGTERM");
      await Promise.race([exited, sleep(graceMs)]);
      if (this.up) {
        this.signal("SIGKILL");
        await Promise.race([exited, sleep(2_000)]);
      }
    }
    // An app left in the group (LiteFS killed before it), or an app whose pid was never noted.
    this.signal("SIGKILL");
    unmount(this.mount);
  }

  json() {
    return {
      name: this.name,
      role: this.role,
      url: this.url,
      litefsPid: this.up ? this.litefsPid : null,
      appPid: this.up ? this.appPid : null,
    };
  }
}
