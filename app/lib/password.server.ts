// Password hashing with scrypt (memory-hard, built into Node). Format: scrypt$N$r$p$salt$hash.
import { randomBytes, scrypt as scryptCb, scryptSync, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { createLimiter } from "./limiter.server";

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
const N = 2 ** 15;
const r = 8;
const p = 1;
const KEYLEN = 32;
const maxmem = 64 * 1024 * 1024;

/** Each hash takes ~32 MB and tens of ms of a core: two at a time, a short queue, then 429. */
export const hashing = createLimiter({ concurrency: 2, queue: 8 });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await hashing.run(() => scrypt(password.normalize("NFKC"), salt, KEYLEN, { N, r, p, maxmem }));
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, rr, pp, salt, hash] = stored.split("$");
  if (alg !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await hashing.run(() =>
    scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
      N: Number(n),
      r: Number(rr),
      p: Number(pp),
      maxmem,
    }),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that matches no password, to spend the same time when the email is unknown (computed
 * once, outside the limiter, so a refused first call cannot spoil it). */
let dummy: string | undefined;
export function dummyHash(): string {
  if (!dummy) {
    const salt = randomBytes(16);
    const key = scryptSync(randomBytes(16).toString("hex"), salt, KEYLEN, { N, r, p, maxmem });
    dummy = `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
  }
  return dummy;
}
