// `npm run bench:photo`: what a 4000x3000 phone photo costs. Prints the bytes the browser uploads
// on the registration form with JavaScript on (the browser shrinks it first) and off, and the
// server time to check and re-encode it (processPhoto, median of 7). Runs only on 127.0.0.1.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { processPhoto } from "~/lib/photos.server";
import { phonePhoto } from "../tests/fixtures/photos.mjs";
import { chromiumPath } from "./chromium-path.mjs";

const PORT = Number(process.env.BENCH_PORT || 3220);
const base = `http://127.0.0.1:${PORT}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-bench-photo-"));
let app: ChildProcess | undefined;

function cleanup() {
  if (app?.pid && app.exitCode === null) {
    try {
      process.kill(-app.pid, "SIGKILL");
    } catch {}
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.on("exit", cleanup);
const deadline = setTimeout(() => {
  console.error("bench:photo: gave up after 180 s");
  process.exit(1);
}, 180_000);

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

const file = await phonePhoto(path.join(tmp, "fixtures"));
const original = fs.readFileSync(file);

// Server time to check and re-encode.
const times: number[] = [];
let output = 0;
for (let i = 0; i < 7; i++) {
  const t = performance.now();
  const r = await processPhoto(original, "image/jpeg");
  times.push(performance.now() - t);
  if (r.ok) output = r.jpeg.length;
}
times.sort((a, b) => a - b);

// Upload bytes, measured on the real registration form.
if (!fs.existsSync("build/index.js")) spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
const env = {
  ...process.env,
  NODE_ENV: "production" as const,
  PORT: String(PORT),
  APP_URL: base,
  DATABASE_PATH: path.join(tmp, "bench.db"),
  UPLOADS_DIR: path.join(tmp, "uploads"),
  OUTBOX_DIR: path.join(tmp, "outbox"),
  SMTP_URL: "",
  SESSION_SECRET: randomBytes(24).toString("hex"),
  PAYMENT_PROVIDER: "simulator",
};
app = spawn("npx", ["remix-serve", "./build/index.js"], { env, detached: true, stdio: "ignore" });
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/healthcheck`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (i > 100) throw new Error("app did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update"],
});
async function uploadBytes(javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${base}/auth/register/manager`);
  await page.getByLabel("Photo (optional)").setInputFiles(file);
  if (javaScriptEnabled) await page.getByTestId("photo-resized").waitFor();
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST"),
    page.getByRole("button", { name: "Register" }).click(),
  ]);
  // Playwright does not keep multipart bodies with files; the request's Content-Length is exact.
  const headers = await request.allHeaders();
  const bytes = Number(headers["content-length"] ?? request.postDataBuffer()?.length ?? 0);
  await context.close();
  return bytes;
}
const withJs = await uploadBytes(true);
const withoutJs = await uploadBytes(false);
await browser.close();
clearTimeout(deadline);

console.log(`
| 4000x3000 phone photo (${kb(original.length)} file) | value |
| --- | ---: |
| upload, JavaScript off (the original file) | ${kb(withoutJs)} |
| upload, JavaScript on (shrunk to 1440x1080 in the browser) | ${kb(withJs)} |
| server: check + re-encode, median of 7 (min-max) | ${times[3].toFixed(0)} ms (${times[0].toFixed(0)}-${times[6].toFixed(0)}) |
| stored JPEG (1440x1080) | ${kb(output)} |
`);
cleanup();
process.exit(0);
