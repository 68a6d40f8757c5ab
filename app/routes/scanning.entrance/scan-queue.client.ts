// The JS kiosk's memory (issue 10): the history being scanned (a draft per round and team) and the
// saved histories not yet accepted by the server (the queue) live in localStorage, so a reload, a
// crash or a Wi-Fi drop loses nothing. A save goes into the queue first and is then sent; one the
// network did not carry stays queued and is sent again (on `online`, every few seconds, on the next
// page load). The server writes a (round, team, user) scan log once, so a save sent twice is
// harmless. Browser only (.client): the server build gets an empty module.

const QUEUE_KEY = "regatta.kiosk.queue.v1";
const DRAFT_KEY = (round: number, team: number) => `regatta.kiosk.draft.v1.${round}.${team}`;
export const SAVE_URL = "/scanning/entrance/save";

export type QueuedSave = {
  id: string;
  roundId: number;
  teamId: number;
  codes: string[];
  /** "CLUB A · 250M PREMIER OPEN HEAT 1": what the operator sees while it waits. */
  label: string;
  queuedAt: number;
  /** Failed sends so far (0: sent at once, as far as the operator is concerned). */
  tries: number;
};

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works, it just cannot survive a reload.
  }
}

export function readQueue(): QueuedSave[] {
  const q = read<QueuedSave[]>(QUEUE_KEY, []);
  return Array.isArray(q) ? q : [];
}

export const isQueueKey = (key: string | null) => key === QUEUE_KEY;

/** A random id (crypto.randomUUID needs https, which a kiosk on a venue's LAN may not have). */
const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16)).join("");

export function enqueue(save: Omit<QueuedSave, "id" | "queuedAt" | "tries">): QueuedSave {
  const item = { ...save, id: newId(), queuedAt: Date.now(), tries: 0 };
  write(QUEUE_KEY, [...readQueue(), item]);
  return item;
}

function update(id: string, change: (item: QueuedSave) => QueuedSave | null) {
  write(
    QUEUE_KEY,
    readQueue().flatMap((item) => {
      if (item.id !== id) return [item];
      const next = change(item);
      return next ? [next] : [];
    }),
  );
}

export function readDraft(round: number, team: number): string[] {
  const codes = read<string[]>(DRAFT_KEY(round, team), []);
  return Array.isArray(codes) ? codes.filter((c) => typeof c === "string") : [];
}

export function writeDraft(round: number, team: number, codes: string[]) {
  if (codes.length) write(DRAFT_KEY(round, team), codes);
  else localStorage.removeItem(DRAFT_KEY(round, team));
}

export type SendResult =
  | { kind: "sent"; item: QueuedSave; dropped: string[] }
  | { kind: "refused"; item: QueuedSave; message: string }
  /** The server failed (5xx) and said why (services/failures.server.ts): the save stays queued. */
  | { kind: "failed"; item: QueuedSave; message: string };

let pass: Promise<unknown> = Promise.resolve();

/**
 * Sends the queue in order, each save a form POST with the page's CSRF token. Stops at the first
 * save the network (or a busy server, 5xx, or an expired token, 403) did not take: it stays queued
 * with one more try. A save the server refuses for good (4xx: the team no longer races in the
 * round, nothing in it is valid any more) leaves the queue and is reported. Calls run one after
 * another (a save made while a resend is under way is sent right after it, never twice at once).
 */
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
      roundId: String(item.roundId),
      teamId: String(item.teamId),
      confirmed: "yes",
    });
    for (const code of item.codes) body.append("h", code);
    let res: Response;
    try {
      res = await fetch(SAVE_URL, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
    } catch {
      update(item.id, (i) => ({ ...i, tries: i.tries + 1 }));
      break;
    }
    const answer = (await res.json().catch(() => null)) as { dropped?: string[]; error?: string } | null;
    if (res.ok) {
      update(item.id, () => null);
      results.push({ kind: "sent", item, dropped: answer?.dropped ?? [] });
    } else if (res.status >= 400 && res.status < 500 && res.status !== 403 && res.status !== 429) {
      update(item.id, () => null);
      results.push({ kind: "refused", item, message: answer?.error ?? `HTTP ${res.status}` });
    } else {
      update(item.id, (i) => ({ ...i, tries: i.tries + 1 }));
      if (res.status >= 500 && answer?.error) results.push({ kind: "failed", item, message: answer.error });
      break;
    }
  }
  return results;
}

/** Asks the server about one code (not in the roster, or signed): null when it cannot be reached. */
export async function checkCode<T>(roundId: number, teamId: number, code: string): Promise<T | null> {
  const q = new URLSearchParams({ roundId: String(roundId), teamId: String(teamId), code });
  try {
    const res = await fetch(`/scanning/entrance/check?${q}`, { signal: AbortSignal.timeout(2500) });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}
