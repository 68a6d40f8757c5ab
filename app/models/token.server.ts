// One-time tokens (email verification, password reset): only the SHA-256 is stored; each expires
// and can be used once.
import { and, eq, isNull } from "drizzle-orm";
import type { TokenPurpose } from "../../db/enums";
import { randomToken, sha256 } from "~/lib/crypto.server";
import { db, schema } from "~/lib/db.server";

export const TOKEN_TTL: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 48 * 60 * 60_000,
  RESET_PASSWORD: 60 * 60_000,
};

export function createToken(userId: number, purpose: TokenPurpose, now = Date.now()): string {
  const raw = randomToken(32);
  db().transaction((tx) => {
    if (purpose === "RESET_PASSWORD") {
      // Only the newest reset link works.
      tx.update(schema.tokens)
        .set({ usedAt: new Date(now) })
        .where(
          and(
            eq(schema.tokens.userId, userId),
            eq(schema.tokens.purpose, purpose),
            isNull(schema.tokens.usedAt),
          ),
        )
        .run();
    }
    tx.insert(schema.tokens)
      .values({ tokenHash: sha256(raw), purpose, userId, expiresAt: new Date(now + TOKEN_TTL[purpose]) })
      .run();
  });
  return raw;
}

export type TokenCheck =
  | { ok: true; userId: number; id: number }
  | { ok: false; reason: "invalid" | "expired" | "used" };

/** Read-only check (for a GET). */
export function checkToken(raw: string, purpose: TokenPurpose, now = Date.now()): TokenCheck {
  const row = raw
    ? db()
        .select()
        .from(schema.tokens)
        .where(and(eq(schema.tokens.tokenHash, sha256(raw)), eq(schema.tokens.purpose, purpose)))
        .get()
    : undefined;
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= now) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.userId, id: row.id };
}

/** Checks and marks the token used; `apply` runs in the same transaction. */
export function consumeToken<T>(
  raw: string,
  purpose: TokenPurpose,
  apply: (userId: number) => T,
  now = Date.now(),
) {
  return db().transaction(() => {
    const check = checkToken(raw, purpose, now);
    if (!check.ok) return check;
    db()
      .update(schema.tokens)
      .set({ usedAt: new Date(now) })
      .where(eq(schema.tokens.id, check.id))
      .run();
    return { ok: true as const, userId: check.userId, value: apply(check.userId) };
  });
}
