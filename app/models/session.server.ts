// Login sessions stored in the database; the cookie holds only a random id (signed; read by
// lib/cookies.server.ts sessionIdHash). Reading a session never writes, so GET requests stay read-only.
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { randomToken, sha256 } from "~/lib/crypto.server";
import { getSessionCookie, perRequest, sessionIdHash } from "~/lib/cookies.server";
import { db, schema } from "~/lib/db.server";
import { noteUser } from "~/lib/request-log.server";
import { type User, userColumns } from "~/models/user.server";

const SESSION_DAYS = 30;

/** A new session row of the user; its random id, which only the cookie holds (the row keeps its hash). */
export function insertSession(userId: number): string {
  const id = randomToken(32);
  db()
    .insert(schema.sessions)
    .values({ idHash: sha256(id), userId, expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
    .run();
  return id;
}

export async function createUserSession(userId: number): Promise<string> {
  return getSessionCookie().serialize(insertSession(userId));
}

export { sessionIdHash };

const cache = new WeakMap<object, Promise<User | null>>();

/** The current user, loaded once per request (Remix runs loaders in parallel). */
export function getUser(request: Request): Promise<User | null> {
  const key = perRequest(request);
  let pending = cache.get(key);
  if (!pending) {
    pending = loadUser(request);
    cache.set(key, pending);
  }
  return pending;
}

async function loadUser(request: Request): Promise<User | null> {
  const idHash = await sessionIdHash(request);
  if (!idHash) return null;
  const user = userBySession().get({ idHash, now: Date.now() })?.user ?? null;
  if (user) noteUser(request, user.id); // the request log's user id
  return user;
}

// Every page asks for it: prepared once per connection, not rebuilt by drizzle per request
// (docs/decisions/0010-performance.md).
function prepareUserBySession(d: ReturnType<typeof db>) {
  return d
    .select({ user: userColumns })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(
      and(
        eq(schema.sessions.idHash, sql.placeholder("idHash")),
        // A placeholder skips the column's Date mapping: expires_at holds milliseconds.
        gt(schema.sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare();
}
let prepared: { on: ReturnType<typeof db>; query: ReturnType<typeof prepareUserBySession> } | undefined;
function userBySession() {
  const d = db();
  if (prepared?.on !== d) prepared = { on: d, query: prepareUserBySession(d) };
  return prepared.query;
}

/** Ends this request's session row; returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const idHash = await sessionIdHash(request);
  if (idHash) db().delete(schema.sessions).where(eq(schema.sessions.idHash, idHash)).run();
  return getSessionCookie().serialize("", { maxAge: 0 });
}

/** Revokes every session of a user but (optionally) the current one, e.g. after a password reset. */
export async function destroyOtherSessions(userId: number, request?: Request): Promise<void> {
  const keep = request ? await sessionIdHash(request) : null;
  db()
    .delete(schema.sessions)
    .where(
      keep
        ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.idHash, keep))
        : eq(schema.sessions.userId, userId),
    )
    .run();
}

/** Deletes the sessions expired before `now` (the jobs' cleanup); returns how many. */
export function deleteExpiredSessions(now = Date.now()): number {
  return db()
    .delete(schema.sessions)
    .where(lt(schema.sessions.expiresAt, new Date(now)))
    .run().changes;
}
