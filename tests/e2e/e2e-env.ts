// Imported first by tests/e2e/db.ts: the test process's models (tests/factories) open the e2e
// server's database (scripts/e2e-server.mjs seeds tests/.tmp/e2e/e2e.db), already migrated.
import path from "node:path";

export const E2E_DIR = path.resolve("tests/.tmp/e2e");
process.env.DATABASE_PATH = path.join(E2E_DIR, "e2e.db");
process.env.UPLOADS_DIR ??= path.join(E2E_DIR, "uploads");
