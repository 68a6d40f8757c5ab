// Fly's health check asks whether the database answers (routes/healthcheck.tsx).
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";

/** Runs `select 1`; throws when the database does not answer. */
export function pingDatabase(): void {
  db().get(sql`select 1`);
}
