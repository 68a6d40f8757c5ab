// Browser and HTTP tests make their own data: factories that write straight into the e2e
// database (the one scripts/e2e-server.mjs seeded and the app serves), so tests never share
// mutable demo rows.
import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { DEMO, PASSWORD } from "./helpers";

export const E2E_DIR = path.resolve("tests/.tmp/e2e");
let conn: Database.Database | undefined;

export function e2eDb(): Database.Database {
  if (!conn) {
    conn = new Database(path.join(E2E_DIR, "e2e.db"));
    conn.pragma("busy_timeout = 5000");
  }
  return conn;
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;

/** The seeded hash of PASSWORD (hashing here would duplicate the app's scrypt settings). */
function passwordHash(): string {
  const row = e2eDb().prepare("SELECT hash FROM users WHERE email = ?").get(DEMO.ADMIN) as { hash: string };
  return row.hash;
}

export type Made = { id: number; email: string; password: string };

/** A verified user of any role (staff have no association; others join a new one). */
export function createUser(
  role: "ADMIN" | "COMMITTEE" | "MANAGER" | "COMPETITOR",
  overrides: { email?: string; verified?: boolean } = {},
): Made {
  const db = e2eDb();
  const email = overrides.email ?? `${unique(role.toLowerCase())}@example.test`;
  let associationId: number | null = null;
  if (role === "MANAGER" || role === "COMPETITOR") {
    const name = unique("Club");
    associationId = Number(
      db
        .prepare("INSERT INTO associations (name, country, token) VALUES (?, 'MY', ?)")
        .run(name, randomBytes(18).toString("base64url")).lastInsertRowid,
    );
  }
  const id = Number(
    db
      .prepare(
        `INSERT INTO users (email, hash, name, role, verified, approved, association_id)
         VALUES (?, ?, ?, ?, ?, 1, ?)`,
      )
      .run(
        email,
        passwordHash(),
        unique("NAME").toUpperCase(),
        role,
        overrides.verified === false ? 0 : 1,
        associationId,
      ).lastInsertRowid,
  );
  return { id, email, password: PASSWORD };
}
