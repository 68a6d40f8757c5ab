import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  MAX_INPUT_PIXELS,
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE,
  photoCachePath,
  photoErrorMessage,
  processPhoto,
} from "~/lib/photos.server";
import { readPhoto, savePhoto } from "~/models/photo.server";
import { MSG } from "~/messages";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a7bd5" } });

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** A valid PNG header claiming width x height (1-bit greyscale, all black): tiny on disk, huge in
 * memory. Built by hand because encoding one with sharp takes seconds and gigabytes. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // filter byte 0 + zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

describe("processPhoto", () => {
  it("scales a 4000x3000 JPEG so the shorter side is 1080", async () => {
    const input = await solid(4000, 3000).jpeg().toBuffer();
    const r = await processPhoto(input, "image/jpeg");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([r.width, r.height]).toEqual([1440, 1080]);
    expect(isJpeg(r.jpeg)).toBe(true);
    const meta = await sharp(r.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1440, 1080]);
  });

  it("refuses a shorter side under 1000 px", async () => {
    const input = await solid(1200, 999).png().toBuffer();
    expect(await processPhoto(input, "image/png")).toEqual({ ok: false, error: "tooSmall" });
  });

  it("accepts exactly 1000x1000 without enlarging it", async () => {
    const input = await solid(1000, 1000).png().toBuffer();
    const r = await processPhoto(input, "image/png");
    expect(r.ok && [r.width, r.height]).toEqual([1000, 1000]);
    if (r.ok) expect(isJpeg(r.jpeg)).toBe(true);
  });

  it("applies EXIF orientation before measuring and resizing", async () => {
    // Stored landscape 4000x3000, displayed portrait 3000x4000 (orientation 6 = rotate 90°).
    const input = await solid(4000, 3000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const r = await processPhoto(input, "image/jpeg");
    expect(r.ok && [r.width, r.height]).toEqual([1080, 1440]);
    if (!r.ok) return;
    const meta = await sharp(r.jpeg).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([1080, 1440, undefined]);
  });

  it("orientation decides tooSmall: 1200x999 displayed as 999x1200 is still too small", async () => {
    const input = await solid(999, 1200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await processPhoto(input)).toEqual({ ok: false, error: "tooSmall" });
  });

  it("strips metadata (EXIF)", async () => {
    const input = await solid(2000, 1500)
      .jpeg()
      .withExif({ IFD0: { Copyright: "someone", Artist: "someone" } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const r = await processPhoto(input, "image/jpeg");
    expect(r.ok).toBe(true);
    if (r.ok) expect((await sharp(r.jpeg).metadata()).exif).toBeUndefined();
  });

  it("flattens transparency onto white", async () => {
    const input = await sharp({
      create: { width: 1000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const r = await processPhoto(input, "image/png");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { dominant } = await sharp(r.jpeg).stats();
    expect(dominant.r).toBeGreaterThan(240);
  });

  it("refuses bytes that are not an image", async () => {
    expect(await processPhoto(Buffer.from("hello"), "image/jpeg")).toEqual({ ok: false, error: "notImage" });
    expect(await processPhoto(Buffer.from("hello"))).toEqual({ ok: false, error: "notImage" });
    expect(await processPhoto(Buffer.alloc(0))).toEqual({ ok: false, error: "notImage" });
  });

  it("refuses a file type that does not contain 'image'", async () => {
    const input = await solid(1200, 1200).jpeg().toBuffer();
    expect(await processPhoto(input, "application/pdf")).toEqual({ ok: false, error: "notImage" });
  });

  it("refuses SVG, which sharp reads but is not a photo", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><rect width="2000" height="2000"/></svg>',
    );
    expect(await processPhoto(svg, "image/svg+xml")).toEqual({ ok: false, error: "notImage" });
  });

  it("refuses an upload over PHOTO_MAX_BYTES before decoding", async () => {
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1);
    expect(await processPhoto(big, "image/jpeg")).toEqual({ ok: false, error: "tooLarge" });
  });

  it("refuses a pixel bomb", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(200_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await processPhoto(bomb, "image/png")).toEqual({ ok: false, error: "tooLarge" });
    // Over our limit but under sharp's default one (268 MP): our limit is what refuses it.
    expect(await processPhoto(pngBomb(8000, 8000), "image/png")).toEqual({ ok: false, error: "tooLarge" });
  });

  it("accepts a Uint8Array", async () => {
    const input = new Uint8Array(await solid(1000, 1500).webp().toBuffer());
    const r = await processPhoto(input, "image/webp");
    expect(r.ok && [r.width, r.height]).toEqual([1000, 1500]);
  });
});

describe("photoErrorMessage", () => {
  it("maps every error to its sentence", () => {
    expect(photoErrorMessage("notImage")).toBe(MSG.notAnImage);
    expect(photoErrorMessage("tooSmall")).toBe(MSG.imageTooSmall);
    expect(photoErrorMessage("tooLarge")).toBe(PHOTO_TOO_LARGE);
  });
});

describe("photo storage", () => {
  it("saves and reads back a photo under a random name", async () => {
    const r = await processPhoto(await solid(1500, 1200).jpeg().toBuffer(), "image/jpeg");
    if (!r.ok) throw new Error(r.error);
    const name = savePhoto(null, r);
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(savePhoto(null, r)).not.toBe(name);
    const bytes = readPhoto(name);
    expect(bytes && Buffer.compare(bytes, r.jpeg)).toBe(0);
    expect(readPhoto(`${"0".repeat(32)}.jpg`)).toBeNull();
    expect(readPhoto("../etc/passwd")).toBeNull();
  });

  it("photoCachePath accepts only photo names", () => {
    const name = `${"ab".repeat(16)}.jpg`;
    expect(photoCachePath(name)).toMatch(new RegExp(`[/\\\\]${name}$`));
    for (const bad of ["../x.jpg", `${"AB".repeat(16)}.jpg`, `${"ab".repeat(16)}.png`, `x/${name}`, ""]) {
      expect(photoCachePath(bad)).toBeNull();
    }
  });
});
