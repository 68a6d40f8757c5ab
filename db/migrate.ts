// `npm run db:migrate`: applies pending migrations (idempotent). Skipped on a LiteFS replica.
import { env } from "~/lib/env.server";
import { isPrimary } from "~/lib/litefs.server";
import { openDb } from "~/lib/db.server";

if (isPrimary()) {
  const e = env();
  openDb(e.DATABASE_PATH, e.MIGRATIONS_DIR).$client.close();
  console.log(`Migrations applied to ${e.DATABASE_PATH}`);
} else {
  console.log("LiteFS replica: migrations run on the primary.");
}
