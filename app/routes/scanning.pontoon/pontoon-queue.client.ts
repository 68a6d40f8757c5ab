// The JS pontoon kiosk's queue (issue 28 part 2), the entrance's pattern (scanning.entrance/
// scan-queue.client.ts) for single scans: each scan goes into localStorage first, with the time it
// was scanned, and is then sent to /scanning/pontoon/scan; one the network did not carry stays and
// is sent again (on `online`, every few seconds, on the next page load), so a Wi-Fi drop on the
// pontoon loses no boat. The server writes a boat's out (or back) once, so a scan sent twice is
// harmless. Browser only (.client): the server build gets an empty module.
import type { Direction } from "~/rules/pontoon";

const QUEUE_KEY = "regatta.pontoon.queue.v1";
export const SCAN_URL = "/scanning/pontoon/scan";

export type QueuedScan = { id: string; code: string; direction: Direction; at: number; tries: number };
export type Answer = { text: string; error: boolean };

export type SendResult =
  | { kind: "answered"; item: QueuedScan; answer: Answer }
  /** Refused for good (4xx but 403/429): dropped from the queue. */
  | { kind: "refused"; item: QueuedScan; message: string };

export function readQueue(): QueuedScan[] {
  try {
    const q = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? "[]") as unknown;
    return Array.isArray(q) ? (q as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(items: QueuedScan[]) {
  try {
    if (items.length) localStorage.setItem(QUEUE_KEY, JSON.stringify(items));
    else localStorage.removeItem(QUEUE_KEY);
  } catch {
    // Storage full or disabled: the scan is still sent now, it just cannot wait for a reconnection.
  }
}

export const isQueueKey = (key: string | null) => key === QUEUE_KEY;

const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16)).join("");

export function enqueue(code: string, direction: Direction): QueuedScan {
  const item = { id: newId(), code, direction, at: Date.now(), tries: 0 };
  writeQueue([...readQueue(), item]);
  return item;
}

function update(id: string, change: (item: QueuedScan) => QueuedScan | null) {
  writeQueue(
    readQueue().flatMap((item) => {
      if (item.id !== id) return [item];
      const next = change(item);
      return next ? [next] : [];
    }),
  );
}

let pass: Promise<unknown> = Promise.resolve();

/** Sends the queue in order (one pass at a time); stops at the first scan the network, a busy
 * server (5xx, 429) or an expired token (403) did not take: it stays with one more try. */
export function sendQueue(csrf: string): Promise<SendResult[]> {
  const next = pass.then(
    () => sendAll(csrf),
    () => sendAll(csrf),
  );
  pass = next;
  return next;
}

async function sendAll(csrf: string): Promise<SendResult[]> {
  const results: SendResult[] = [];
  for (const item of readQueue()) {
    const body = new URLSearchParams({
      csrf,
      code: item.code,
      direction: item.direction,
      at: String(item.at),
    });
    let res: Response;
    try {
      res = await fetch(SCAN_URL, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
    } catch {
      update(item.id, (i) => ({ ...i, tries: i.tries + 1 }));
      break;
    }
    const answer = (await res.json().catch(() => null)) as (Answer & { error?: unknown }) | null;
    if (res.ok && answer && typeof answer.text === "string") {
      update(item.id, () => null);
      results.push({ kind: "answered", item, answer: { text: answer.text, error: answer.error === true } });
    } else if (res.status >= 400 && res.status < 500 && res.status !== 403 && res.status !== 429) {
      update(item.id, () => null);
      results.push({ kind: "refused", item, message: answer?.text ?? `HTTP ${res.status}` });
    } else {
      update(item.id, (i) => ({ ...i, tries: i.tries + 1 }));
      break;
    }
  }
  return results;
}
