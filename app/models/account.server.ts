// Account flows: registration, email verification, password reset and change, profile photo.
import { now as clockNow } from "~/lib/clock.server";
import { eq } from "drizzle-orm";
import { VALID_IMAGE } from "../../db/enums";
import { associationNameTaken } from "./association.server";
import { gate, settle, throttleKeys } from "./throttle.server";
import { consumeToken, retireTokens } from "./token.server";
import { findUserByEmail, passwordHashOf, type User, userColumns } from "./user.server";
import { randomToken } from "~/lib/crypto.server";
import { db, schema } from "~/lib/db.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import type { Photo } from "~/lib/photos.server";
import { deletePhoto, savePhoto } from "./photo.server";
import { createUserSession, destroyOtherSessions } from "~/models/session.server";
import type { Locale } from "~/i18n/locale";

export type Registration = {
  email: string;
  password: string;
  identification: string;
  name: string;
  gender: "MALE" | "FEMALE";
  yob: number;
  phone: string;
  phoneEmergency: string;
  address: string;
  /** The language the user registered in (issue 12): their emails and PDFs speak it. */
  locale?: Locale;
};

export type RegisterResult =
  | { ok: true; user: User }
  | { ok: false; code: "userExists" | "associationExists" };

function isUniqueViolation(error: unknown, index: string): boolean {
  return (
    error instanceof Error && /UNIQUE constraint failed/.test(error.message) && error.message.includes(index)
  );
}

/**
 * Creates the user (and, for a manager, the association with a random invitation token) in one
 * transaction. A manager is approved as the manager of the team they create; a competitor joins
 * the association the invitation token names and waits for the manager's approval.
 */
export async function register(
  input: Registration,
  team: { kind: "new"; name: string; country: string } | { kind: "join"; associationId: number },
  photo: Photo | null,
): Promise<RegisterResult> {
  const email = input.email.trim().toLowerCase();
  if (findUserByEmail(email)) return { ok: false, code: "userExists" };
  if (team.kind === "new" && associationNameTaken(team.name)) return { ok: false, code: "associationExists" };
  const hash = await hashPassword(input.password);
  try {
    const user = db().transaction((tx) => {
      const associationId =
        team.kind === "new"
          ? tx
              .insert(schema.associations)
              .values({ name: team.name.trim(), country: team.country, token: randomToken(24) })
              .returning({ id: schema.associations.id })
              .get().id
          : team.associationId;
      const created = tx
        .insert(schema.users)
        .values({
          ...input,
          email,
          hash,
          associationId,
          role: team.kind === "new" ? "MANAGER" : "COMPETITOR",
          approved: team.kind === "new",
        })
        .returning(userColumns)
        .get();
      if (!photo) return created;
      const image = savePhoto(created.id, photo);
      return tx
        .update(schema.users)
        .set({ image, validImage: VALID_IMAGE.PENDING })
        .where(eq(schema.users.id, created.id))
        .returning(userColumns)
        .get();
    });
    return { ok: true, user };
  } catch (error) {
    // Two people registering the same email or team at the same moment.
    if (isUniqueViolation(error, "users.email")) return { ok: false, code: "userExists" };
    if (isUniqueViolation(error, "associations.name")) return { ok: false, code: "associationExists" };
    throw error;
  }
}

/** What a verification link did: the email is now verified, the link was used before, or it is
 * unknown or expired (the route says each in the request's language). */
export type VerifyOutcome = "verified" | "used" | "invalid";

/** Marks the email verified. */
export function verifyEmail(raw: string): VerifyOutcome {
  const result = consumeToken(raw, "VERIFY_EMAIL", (userId) =>
    db()
      .update(schema.users)
      .set({ verified: true, updatedAt: new Date(clockNow()) })
      .where(eq(schema.users.id, userId))
      .run(),
  );
  if (result.ok) return "verified";
  return result.reason === "used" ? "used" : "invalid";
}

/** Sets a new password from a reset link and ends every session of that user: `reset`, or
 * `invalidLink` (unknown, used or expired; nothing changed). */
export async function resetPassword(raw: string, newPassword: string): Promise<"reset" | "invalidLink"> {
  const hash = await hashPassword(newPassword);
  const result = consumeToken(raw, "RESET_PASSWORD", (userId) => {
    db()
      .update(schema.users)
      .set({ hash, updatedAt: new Date(clockNow()) })
      .where(eq(schema.users.id, userId))
      .run();
    return userId;
  });
  if (!result.ok) return "invalidLink";
  await destroyOtherSessions(result.userId);
  return "reset";
}

/**
 * Changes the password after checking the old one. Every session of the user ends, the current
 * one included, and a fresh session id is issued (returned as a Set-Cookie header); outstanding
 * reset links stop working. The check is throttled per user (LIMITS.changePassword): counted
 * before the hash is checked, cleared by the right password, given back when the check never ran
 * (busy); a throttled attempt is refused without looking at the password at all.
 */
export async function changePassword(
  user: User,
  oldPassword: string,
  newPassword: string,
): Promise<
  | { ok: true; setCookie: string }
  | { ok: false; code: "credentials" }
  | { ok: false; code: "throttled"; waitMs: number }
> {
  const keys = throttleKeys.changePassword(user.id);
  const wait = gate(keys);
  if (wait > 0) return { ok: false, code: "throttled", waitMs: wait };
  const current = passwordHashOf(user.id);
  let right: boolean;
  try {
    right = Boolean(current) && (await verifyPassword(oldPassword, current as string));
  } catch (error) {
    settle({ refunds: keys }); // never checked (busy): give the attempt back
    throw error;
  }
  if (!right) return { ok: false, code: "credentials" };
  settle({ clear: keys });
  const hash = await hashPassword(newPassword);
  db().transaction((tx) => {
    tx.update(schema.users)
      .set({ hash, updatedAt: new Date(clockNow()) })
      .where(eq(schema.users.id, user.id))
      .run();
    retireTokens(user.id, "RESET_PASSWORD", Date.now(), tx);
  });
  await destroyOtherSessions(user.id);
  return { ok: true, setCookie: await createUserSession(user.id) };
}

/** Replaces the profile photo; it waits for approval again. The replaced photo is deleted. */
export function updatePhoto(userId: number, photo: Photo): string {
  return db().transaction((tx) => {
    const old = tx
      .select({ image: schema.users.image })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .get();
    const image = savePhoto(userId, photo);
    tx.update(schema.users)
      .set({ image, validImage: VALID_IMAGE.PENDING, updatedAt: new Date(clockNow()) })
      .where(eq(schema.users.id, userId))
      .run();
    deletePhoto(old?.image ?? null);
    return image;
  });
}
