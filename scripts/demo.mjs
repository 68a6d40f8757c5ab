// `npm run demo`: build, migrate, seed (once) and start the app on the embedded defaults:
// a SQLite file in ./data, a mail outbox in ./outbox, the payment simulator (PAYMENT_PROVIDER=simulator
// unless the environment names another: a production build needs it named, ADR 0023).
import { spawnSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const env = { ...process.env, NODE_ENV: "production" };
env.DATABASE_PATH ??= "./data/regatta.db";
env.PORT ??= "3000";
env.APP_URL ??= `http://localhost:${env.PORT}`;
env.PAYMENT_PROVIDER ||= "simulator";
if (!env.SESSION_SECRET) {
  // A per-machine secret kept beside the database, so sessions survive restarts.
  const file = path.join(path.dirname(path.resolve(env.DATABASE_PATH)), ".session-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run("npx", ["remix", "build"]);
run("npx", ["tsx", "db/seed-cli.ts"]);
console.log(`\nRegatta demo on ${env.APP_URL}  (admin@example.com / Regatta2026!)\n`);
const server = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
