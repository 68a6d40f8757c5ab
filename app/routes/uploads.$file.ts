// Serves /uploads/{name}. Public on purpose: photo names are 128-bit random, never user input, so
// a name is only known to whoever was shown it. The bytes live in the database (LiteFS replicates
// only the database); UPLOADS_DIR is this machine's cache, written on the first request. A photo
// deleted since (replaced or rejected) is gone from the database: its cache file is removed on the
// next request, so no machine keeps serving it.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { photoCachePath } from "~/lib/photos.server";
import { photoExists, readPhoto } from "~/models/photo.server";

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

function servePhoto(bytes: Buffer): Response {
  // (Copied into a plain Uint8Array: BodyInit does not accept a Buffer over a SharedArrayBuffer.)
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      // Private (a person's photo: no shared cache keeps it) and a day at most, not immutable.
      "Cache-Control": "private, max-age=86400",
    },
  });
}

async function writeCache(file: string, bytes: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file); // atomic: a concurrent reader never sees a half-written file
  } catch (error) {
    console.warn(`uploads: could not cache ${path.basename(file)}:`, error);
    await fs.rm(tmp, { force: true }).catch(() => {});
  }
}

export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.file ?? "";
  const file = photoCachePath(name);
  if (!file) return notFound();

  // One primary-key lookup: is the photo still live?
  if (!photoExists(name)) {
    await fs.rm(file, { force: true }).catch(() => {});
    return notFound();
  }
  try {
    return servePhoto(await fs.readFile(file));
  } catch {
    // Not cached on this machine yet: fall through to the database.
  }

  const bytes = readPhoto(name);
  if (!bytes) return notFound();
  await writeCache(file, bytes);
  return servePhoto(bytes);
}
