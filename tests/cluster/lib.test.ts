// cluster/lib.mjs's ClusterNode without LiteFS (so it runs where the cluster test is skipped): a
// stand-in "litefs" (a shell script) starts an app-like child whose command line names server.mjs and
// stays, as LiteFS's exec does. stop() must end that child too, even when ready() never noted its pid
// (the start-up failed), or it keeps its port; and start() must not use a port taken since freePort().
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ClusterNode, freePort, isAlive, sleep } from "../../cluster/lib.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-cluster-lib-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const fake = path.join(dir, "litefs");
fs.writeFileSync(
  fake,
  `#!/bin/sh\n${process.execPath} -e 'setInterval(() => {}, 1000)' server.mjs &\necho $! > "${dir}/app.pid"\nexec sleep 600\n`,
  { mode: 0o755 },
);

function node(ports: { http: number; proxy: number; app: number }) {
  return new ClusterNode({
    name: "n9",
    role: "primary",
    dir: path.join(dir, "n9"),
    template: "{{MOUNT}} {{DATA}} {{HTTP_PORT}} {{PROXY_PORT}} {{APP_PORT}} {{PRIMARY_HTTP_PORT}}\n",
    ports,
    primaryHttpPort: ports.http,
    env: { ...process.env },
    litefs: fake,
    log: () => {},
  });
}

describe("ClusterNode", () => {
  it("stops the app in LiteFS's process group even when its pid was never noted (ready() failed)", async () => {
    const n = node({ http: await freePort(), proxy: await freePort(), app: await freePort() });
    await n.start();
    const pidFile = path.join(dir, "app.pid");
    for (let i = 0; i < 50 && !fs.existsSync(pidFile); i++) await sleep(100);
    const app = Number(fs.readFileSync(pidFile, "utf8"));
    expect(isAlive(app)).toBe(true);
    expect(n.appPid).toBeNull();
    await n.stop(1_000);
    for (let i = 0; i < 20 && isAlive(app); i++) await sleep(100);
    const left = isAlive(app);
    if (left) spawnSync("kill", ["-9", String(app)]);
    expect(left, "the app outlived its LiteFS").toBe(false);
    expect(n.up).toBe(false);
  });

  it("picks another port for one taken since freePort()", async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", () => r()));
    const port = (taken.address() as net.AddressInfo).port;
    const n = node({ http: await freePort(), proxy: port, app: await freePort() });
    try {
      await n.start();
      // ClusterNode's fields come from its options (Object.assign), which TypeScript does not see.
      const { ports } = n as unknown as { ports: { proxy: number } };
      expect(ports.proxy).not.toBe(port);
      expect(n.url).toBe(`http://127.0.0.1:${ports.proxy}`);
    } finally {
      await n.stop(1_000);
      taken.close();
    }
  });
});
