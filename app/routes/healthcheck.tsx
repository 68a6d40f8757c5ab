import { json } from "@remix-run/node";
import { isPrimary } from "~/lib/litefs.server";
import { pingDatabase } from "~/models/health.server";

// Fly's health check (fly.toml: any 200 passes): answers only if the database answers, and says
// whether this node is the LiteFS primary (the one that takes writes) or a replica.
export function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    pingDatabase();
    return json({ status: "ok", primary: isPrimary() }, { headers });
  } catch (error) {
    console.error("healthcheck failed", error);
    return json({ status: "error" }, { status: 500, headers });
  }
}
