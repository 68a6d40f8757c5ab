// Bounds how many slow, memory-hungry jobs (password hashes, photo decoding) run at once in this
// process. Callers beyond `concurrency` wait in a short queue; beyond that they are refused with
// 429 at once, so a burst costs a bounded amount of memory and CPU and the rest of the app
// (health check included) stays responsive.
import { MSG } from "~/messages";

export type Limiter = {
  run<T>(job: () => Promise<T>): Promise<T>;
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

export function createLimiter({ concurrency, queue }: { concurrency: number; queue: number }): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active < concurrency) active++;
      else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw busyResponse();
      try {
        return await job();
      } finally {
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
