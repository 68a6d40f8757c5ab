// A lock between the e2e workers for a test that changes something the whole server shows (the
// On the water panel, the overlay's race, the points scheme): a file created with O_EXCL in the
// e2e directory, taken in turn, and taken over when older than a minute (a worker that died).
import { closeSync, openSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { E2E_DIR } from "./db";

const STALE_MS = 60_000;

/** Runs `fn` holding the lock named `name` (one file per name in the e2e directory). */
export async function withFileLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(E2E_DIR, `${name}.lock`);
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_MS) rmSync(lock, { force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
