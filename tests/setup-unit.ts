// Every test worker process gets its own real SQLite file (migrated on first use), uploads
// folder and mail outbox.
import path from "node:path";

const dir = path.resolve("tests/.tmp/unit", `w${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}`);
process.env.DATABASE_PATH ??= path.join(dir, "test.db");
process.env.UPLOADS_DIR ??= path.join(dir, "uploads");
process.env.OUTBOX_DIR ??= path.join(dir, "outbox");
process.env.SESSION_SECRET ??= "unit-test-secret-0123456789";
process.env.APP_URL ??= "http://127.0.0.1:3999";

// Every language's strings, as the server has them (app/i18n/bundles.ts).
import "~/i18n/bundles.server";
