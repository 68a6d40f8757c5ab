// Photo pipeline (spec: "file type must contain image; shorter side at least 1000 px; rescaled so
// the shorter side is at most 1080 px; re-encoded as JPEG"). Untrusted uploads are checked for
// size before decoding and for pixel count before any pixel is decoded (pixel bombs). The
// re-encoded bytes live in the `photos` table (LiteFS replicates the database, not the disk);
// `UPLOADS_DIR/{name}` is only a local cache, filled by `routes/uploads.$file.ts`.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { db, schema } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { MSG } from "~/messages";

/** Uploads larger than this are refused before decoding. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const MIN_SHORT_SIDE = 1000;
export const MAX_SHORT_SIDE = 1080;
/** Refuse images with more pixels than this (a 50 MP phone photo is about 8660 x 5773). */
export const MAX_INPUT_PIXELS = 50_000_000;
export const JPEG_QUALITY = 82;

// Not a spec sentence; belongs in messages.ts (as MSG.photoTooLarge) once added there.
export const PHOTO_TOO_LARGE = MSG.photoTooLarge;

/** Raster formats accepted from users (sharp also reads svg and raw, which are no photos). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "tiff", "heif"]);

export type PhotoError = "notImage" | "tooSmall" | "tooLarge";
export type Photo = { jpeg: Buffer; width: number; height: number };
export type PhotoResult = ({ ok: true } & Photo) | { ok: false; error: PhotoError };

const PHOTO_NAME = /^[a-f0-9]{32}\.jpg$/;

const sharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Refuse broken pixel data, but not the harmless warnings some phone cameras' JPEGs raise.
  failOn: "error",
} as const;

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** Checks an upload and re-encodes it as a JPEG whose shorter side is at most 1080 px. */
export async function processPhoto(input: Buffer | Uint8Array, mimeType?: string): Promise<PhotoResult> {
  if (mimeType !== undefined && !mimeType.toLowerCase().includes("image")) {
    return { ok: false, error: "notImage" };
  }
  if (input.byteLength > PHOTO_MAX_BYTES) return { ok: false, error: "tooLarge" };
  if (input.byteLength === 0) return { ok: false, error: "notImage" };

  // Header only: format and dimensions, no pixel decoding yet.
  let meta: Metadata;
  try {
    meta = await sharp(input, sharpOptions).metadata();
  } catch (error) {
    return { ok: false, error: isPixelLimitError(error) ? "tooLarge" : "notImage" };
  }
  if (!ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    return { ok: false, error: "notImage" };
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) return { ok: false, error: "tooLarge" };

  // Dimensions as displayed, i.e. after the EXIF orientation is applied.
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (Math.min(width, height) < MIN_SHORT_SIDE) return { ok: false, error: "tooSmall" };

  try {
    const { data, info } = await sharp(input, sharpOptions)
      .rotate() // EXIF orientation first; resize below works on the oriented image
      .resize(
        width <= height
          ? { width: MAX_SHORT_SIDE, withoutEnlargement: true }
          : { height: MAX_SHORT_SIDE, withoutEnlargement: true },
      )
      .flatten({ background: "#ffffff" }) // transparent PNG/WebP: white, not black
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true }); // no withMetadata(): EXIF, GPS etc. are stripped
    return { ok: true, jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    return { ok: false, error: isPixelLimitError(error) ? "tooLarge" : "notImage" };
  }
}

export function photoErrorMessage(e: PhotoError): string {
  switch (e) {
    case "notImage":
      return MSG.notAnImage;
    case "tooSmall":
      return MSG.imageTooSmall;
    case "tooLarge":
      return PHOTO_TOO_LARGE;
  }
}

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

/** Path of the disk cache file of a photo, or null when `name` is not a photo name. */
export function photoCachePath(name: string): string | null {
  if (!PHOTO_NAME.test(name)) return null;
  return path.join(env().UPLOADS_DIR, name);
}

/** Bodies above this are refused unread: a photo up to PHOTO_MAX_BYTES plus the other fields fits. */
export function uploadTooLarge(request: Request): boolean {
  return Number(request.headers.get("Content-Length") ?? 0) > PHOTO_MAX_BYTES + 1024 * 1024;
}

/** The photo field of a posted form, checked and re-encoded: no file gives `{ photo: null }`. */
export async function photoFromForm(
  form: FormData,
  name = "photo",
): Promise<{ photo: Photo | null; error: string | null }> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { photo: null, error: null };
  const result = await processPhoto(Buffer.from(await file.arrayBuffer()), file.type || undefined);
  return result.ok ? { photo: result, error: null } : { photo: null, error: photoErrorMessage(result.error) };
}
