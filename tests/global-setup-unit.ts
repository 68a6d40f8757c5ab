import fs from "node:fs";
import path from "node:path";

/** Each vitest run starts with an empty scratch folder for its per-worker databases. */
export default function setup() {
  const dir = path.resolve("tests/.tmp/unit");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}
