// Photo pipeline (spec: "file type must contain image; shorter side at least 1000 px; rescaled so
// the shorter side is at most 1080 px; re-encoded as JPEG"). Untrusted uploads are checked for
// size before decoding and for pixel count before any pixel is decoded (pixel bombs). The
// re-encoded bytes live in the `photos` table (LiteFS replicates the database, not the disk);
// `UPLOADS_DIR/{name}` is only a local cache, filled by `routes/uploads.$file.ts`.
import path from "node:path";
import type { Metadata } from "sharp";
import { env } from "~/lib/env.server";
import { createLimiter } from "~/lib/limiter.server";
import { type Bundle, EN, MSG } from "~/messages";

/** Uploads larger than this are refused before decoding. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const MIN_SHORT_SIDE = 1000;
export const MAX_SHORT_SIDE = 1080;
/** Refuse images with more pixels than this (a 50 MP phone photo is about 8660 x 5773). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** A passport photo is at most about 1:2; a 1000 x 49,000 strip is a memory bomb, not a photo. */
export const MAX_ASPECT = 2;
/** Longest side accepted (a 50 MP photo at 1:2 is 10,000 px long). */
export const MAX_LONG_SIDE = 10_000;
export const JPEG_QUALITY = 82;

type SharpFn = typeof import("sharp")["default"];
let sharpLoaded: Promise<SharpFn> | null = null;
/** sharp, loaded on first use rather than at start: sharp and libvips hold about 19 MB of the
 * server's memory (RSS) once loaded, and most processes never decode a photo (issue 30: RSS at
 * most 180 MB). libvips keeps decoded images in a cache by default; photos are decoded once, so
 * none is kept. */
export function loadSharp(): Promise<SharpFn> {
  if (!sharpLoaded) {
    sharpLoaded = import("sharp").then((m) => {
      const sharp = m.default;
      sharp.cache(false);
      return sharp;
    });
    sharpLoaded.catch(() => {
      sharpLoaded = null;
    });
  }
  return sharpLoaded;
}

/** One decode at a time per process: a burst of uploads queues instead of multiplying memory. */
export const decoding = createLimiter({ concurrency: 1, queue: 16 });

// Not a spec sentence; belongs in messages.ts (as MSG.photoTooLarge) once added there.
export const PHOTO_TOO_LARGE = MSG.photoTooLarge;

/** Raster formats accepted from users (sharp also reads svg and raw, which are no photos). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "tiff", "heif"]);

export type PhotoError = "notImage" | "tooSmall" | "tooLarge" | "badShape";
export type Photo = { jpeg: Buffer; width: number; height: number };
export type PhotoResult = ({ ok: true } & Photo) | { ok: false; error: PhotoError };

export const PHOTO_NAME = /^[a-f0-9]{32}\.jpg$/;

const sharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Refuse broken pixel data, but not the harmless warnings some phone cameras' JPEGs raise.
  failOn: "error",
} as const;

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

export type PhotoHeader = { ok: true; width: number; height: number } | { ok: false; error: PhotoError };

/**
 * The cheap checks, from the file's header only (no pixel is decoded): type, byte size, format,
 * pixel count, shape and minimum size. Run first, so a bad file costs nothing.
 */
export async function checkPhoto(input: Buffer | Uint8Array, mimeType?: string): Promise<PhotoHeader> {
  if (mimeType !== undefined && !mimeType.toLowerCase().includes("image")) {
    return { ok: false, error: "notImage" };
  }
  if (input.byteLength > PHOTO_MAX_BYTES) return { ok: false, error: "tooLarge" };
  if (input.byteLength === 0) return { ok: false, error: "notImage" };

  // Outside the try: sharp failing to load is a broken install (a 500), not a photo that is no image.
  const sharp = await loadSharp();
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
  if ((meta.pages ?? 1) > 1 && meta.format !== "heif") return { ok: false, error: "notImage" };

  // Dimensions as displayed, i.e. after the EXIF orientation is applied.
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (long > MAX_LONG_SIDE || long > short * MAX_ASPECT) return { ok: false, error: "badShape" };
  if (short < MIN_SHORT_SIDE) return { ok: false, error: "tooSmall" };
  return { ok: true, width, height };
}

/** Checks an upload and re-encodes it as a JPEG whose shorter side is at most 1080 px. Decoding
 * waits for the process's one decoding slot (or is refused with 429 when the queue is full). */
export async function processPhoto(input: Buffer | Uint8Array, mimeType?: string): Promise<PhotoResult> {
  const header = await checkPhoto(input, mimeType);
  if (!header.ok) return header;
  const { width, height } = header;
  const sharp = await loadSharp(); // loaded by checkPhoto already
  try {
    const { data, info } = await decoding.run(
      () =>
        sharp(input, sharpOptions)
          .rotate() // EXIF orientation first; resize below works on the oriented image
          .resize(
            width <= height
              ? { width: MAX_SHORT_SIDE, withoutEnlargement: true }
              : { height: MAX_SHORT_SIDE, withoutEnlargement: true },
          )
          .flatten({ background: "#ffffff" }) // transparent PNG/WebP: white, not black
          .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
          .toBuffer({ resolveWithObject: true }), // no withMetadata(): EXIF, GPS etc. are stripped
    );
    return { ok: true, jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Response) throw error; // busy: 429
    return { ok: false, error: isPixelLimitError(error) ? "tooLarge" : "notImage" };
  }
}

/** The sentence for a refused photo, in the language of `t` (the request's; English by default). */
export function photoErrorMessage(e: PhotoError, { MSG }: Bundle = EN): string {
  switch (e) {
    case "notImage":
      return MSG.notAnImage;
    case "tooSmall":
      return MSG.imageTooSmall;
    case "tooLarge":
      return MSG.photoTooLarge;
    case "badShape":
      return MSG.photoBadShape;
  }
}

/** Path of the disk cache file of a photo, or null when `name` is not a photo name. */
export function photoCachePath(name: string): string | null {
  if (!PHOTO_NAME.test(name)) return null;
  return path.join(env().UPLOADS_DIR, name);
}

type UploadedPhoto = { file: File; bytes: Buffer } | null;

/** The photo file of a posted form and its header check, without decoding (cheap). */
export async function photoFieldOf(
  form: FormData,
  name = "photo",
  t: Bundle = EN,
): Promise<{ upload: UploadedPhoto; error: string | null }> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { upload: null, error: null };
  const bytes = Buffer.from(await file.arrayBuffer());
  const header = await checkPhoto(bytes, file.type || undefined);
  return header.ok
    ? { upload: { file, bytes }, error: null }
    : { upload: null, error: photoErrorMessage(header.error, t) };
}

/** Decodes and re-encodes a checked upload (call after the form and the throttles passed). */
export async function encodePhoto(
  upload: NonNullable<UploadedPhoto>,
  t: Bundle = EN,
): Promise<{ photo: Photo | null; error: string | null }> {
  const result = await processPhoto(upload.bytes, upload.file.type || undefined);
  return result.ok
    ? { photo: result, error: null }
    : { photo: null, error: photoErrorMessage(result.error, t) };
}
