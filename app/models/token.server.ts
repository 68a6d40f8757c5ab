// One-time tokens (email verification, password reset): only the SHA-256 is stored; each expires
// and can be used once.
import { and, eq, isNull, lt } from "drizzle-orm";
import type { TokenPurpose } from "../../db/enums";
import { randomToken, sha256 } from "~/lib/crypto.server";
import { db, schema } from "~/lib/db.server";

export const TOKEN_TTL: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 48 * 60 * 60_000,
  RESET_PASSWORD: 60 * 60_000,
};

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Marks every unused token of this purpose used: older links stop working. */
export function retireTokens(
  userId: number,
  purpose: TokenPurpose,
  now = Date.now(),
  tx: Tx | ReturnType<typeof db> = db(),
) {
  tx.update(schema.tokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(eq(schema.tokens.userId, userId), eq(schema.tokens.purpose, purpose), isNull(schema.tokens.usedAt)),
    )
    .run();
}

/** A new link; only the newest link of a purpose works (a resend retires the older ones). */
export function createToken(userId: number, purpose: TokenPurpose, now = Date.now()): string {
  const raw = randomToken(32);
  db().transaction(
    (tx) => {
      retireTokens(userId, purpose, now, tx);
      tx.insert(schema.tokens)
        .values({ tokenHash: sha256(raw), purpose, userId, expiresAt: new Date(now + TOKEN_TTL[purpose]) })
        .run();
    },
    { behavior: "immediate" },
  );
  return raw;
}

/** Tokens past their expiry (used or not) are of no further use: the cleanup job removes them. */
export function deleteExpiredTokens(now = Date.now()): number {
  return db()
    .delete(schema.tokens)
    .where(lt(schema.tokens.expiresAt, new Date(now)))
    .run().changes;
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
  return db().transaction(
    () => {
      const check = checkToken(raw, purpose, now);
      if (!check.ok) return check;
      db()
        .update(schema.tokens)
        .set({ usedAt: new Date(now) })
        .where(eq(schema.tokens.id, check.id))
        .run();
      return { ok: true as const, userId: check.userId, value: apply(check.userId) };
    },
    { behavior: "immediate" },
  );
}
