// The photos table (issue 30: the SQL from lib/photos.server.ts, which keeps the decoding, the checks
// and the disk cache): a processed photo's bytes under a random name, read, checked and deleted.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";
import { insertRows } from "./bulk.server";
import { PHOTO_NAME, type Photo, photoCachePath } from "~/lib/photos.server";

/** Stores a processed photo under a new random, unguessable name and returns that name. */
export function savePhoto(userId: number | null, photo: Photo): string {
  const name = `${randomBytes(16).toString("hex")}.jpg`;
  db()
    .insert(schema.photos)
    .values({ name, userId, width: photo.width, height: photo.height, bytes: photo.jpeg })
    .run();
  return name;
}

export function readPhoto(name: string): Buffer | null {
  if (!PHOTO_NAME.test(name)) return null;
  const row = db()
    .select({ bytes: schema.photos.bytes })
    .from(schema.photos)
    .where(eq(schema.photos.name, name))
    .get();
  if (!row) return null;
  return Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
}

/** Deletes a photo's bytes and this machine's cache file (other machines' caches are checked
 * against the database when served, see routes/uploads.$file.ts). Call after the user row no
 * longer names it. */
export function deletePhoto(name: string | null): void {
  if (!name || !PHOTO_NAME.test(name)) return;
  db().delete(schema.photos).where(eq(schema.photos.name, name)).run();
  const file = photoCachePath(name);
  if (file) void fs.rm(file, { force: true }).catch(() => {});
}

export function photoExists(name: string): boolean {
  if (!PHOTO_NAME.test(name)) return false;
  return Boolean(
    db().select({ name: schema.photos.name }).from(schema.photos).where(eq(schema.photos.name, name)).get(),
  );
}

/** Photo rows as given, under names the caller chose (the seeds: many rows through one prepared statement; no audit entry, no rule checked).
 * @testOnly seeds only: rows as given, no audit entry, no rule checked. */
export function insertPhotoRows(rows: (typeof schema.photos.$inferInsert)[]): void {
  insertRows(schema.photos, rows);
}
