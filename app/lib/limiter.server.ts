// Bounds how many slow, memory-hungry jobs (password hashes, photo decoding) run at once in this
// process. Callers beyond `concurrency` wait in a short queue; beyond that they are refused with
// 429 at once, so a burst costs a bounded amount of memory and CPU and the rest of the app
// (health check included) stays responsive. With `perKey`, one key (a user) may hold at most that
// many places (running or waiting) at once: one user looping cannot fill the queue and turn
// everyone else away with 429.
import { MSG } from "~/messages";

export type Limiter = {
  /** Runs `job` when a place is free; `key` (e.g. `user:12`) counts against `perKey`. */
  run<T>(job: () => Promise<T>, key?: string): Promise<T>;
  readonly active: number;
  readonly waiting: number;
};

export function busyResponse(): Response {
  return new Response(MSG.serverBusy, {
    status: 429,
    headers: { "Retry-After": "5", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export function isBusyResponse(error: unknown): error is Response {
  return error instanceof Response && error.status === 429;
}

export function createLimiter({
  concurrency,
  queue,
  perKey = Number.POSITIVE_INFINITY,
}: {
  concurrency: number;
  queue: number;
  perKey?: number;
}): Limiter {
  let active = 0;
  const held = new Map<string, number>();
  const hold = (key: string | undefined, by: 1 | -1) => {
    if (key === undefined) return;
    const n = (held.get(key) ?? 0) + by;
    if (n > 0) held.set(key, n);
    else held.delete(key);
  };
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run<T>(job: () => Promise<T>, key?: string): Promise<T> {
      if (key !== undefined && (held.get(key) ?? 0) >= perKey) throw busyResponse();
      if (active < concurrency) active++;
      else if (waiting.length < queue) {
        hold(key, 1);
        await new Promise<void>((resolve) => waiting.push(resolve));
        hold(key, -1);
      } else throw busyResponse();
      hold(key, 1);
      try {
        return await job();
      } finally {
        hold(key, -1);
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
