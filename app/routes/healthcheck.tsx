import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";

// Fly's health check: answers only if the database answers.
export function loader() {
  try {
    db().get(sql`select 1`);
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthcheck failed", error);
    return new Response("ERROR", { status: 500 });
  }
}
