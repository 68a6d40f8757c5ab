import { useCallback, useEffect, useState } from "react";
import { useMessages } from "~/i18n/useMessages";
import type { Toast } from "~/lib/toast";
import type { Direction } from "~/rules/pontoon";
import {
  type Answer,
  enqueue,
  isQueueKey,
  type QueuedScan,
  readQueue,
  sendQueue,
} from "./pontoon-queue.client";

/** The JS pontoon kiosk's queue (pontoon-queue.client.ts): what waits, sent again on `online`, every
 * 5 s while something waits, and on page load. `scan` answers the scan just made, or null when it
 * could not be sent (it waits). Answers to scans that waited come as a toast. */
export function useScanQueue(csrf: string) {
  const [items, setItems] = useState<QueuedScan[]>([]);
  const [notice, setNotice] = useState<{ toast: Toast; n: number } | null>(null);
  const { MSG } = useMessages();
  const show = useCallback((toast: Toast) => setNotice((old) => ({ toast, n: (old?.n ?? 0) + 1 })), []);
  const send = useCallback(
    async (own?: string) => {
      const results = await sendQueue(csrf);
      setItems(readQueue());
      const late = results.filter((r) => r.item.id !== own);
      if (late.length) {
        const texts = late.map((r) => (r.kind === "answered" ? r.answer.text : r.message));
        const failed = late.some((r) => r.kind === "refused" || r.answer.error);
        show({
          type: failed ? "warning" : "success",
          message: `${MSG.scansSent(late.length)} ${texts.join(" ")}`,
        });
      }
      return results;
    },
    [csrf, show, MSG],
  );
  useEffect(() => {
    setItems(readQueue());
    void send();
    const onStorage = (e: StorageEvent) => {
      if (isQueueKey(e.key)) setItems(readQueue());
    };
    const onOnline = () => void send();
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    const timer = setInterval(() => {
      if (readQueue().length) void send();
    }, 5000);
    return () => {
      window.removeEventListener("online", onOnline);
      window.removeEventListener("storage", onStorage);
      clearInterval(timer);
    };
  }, [send]);
  const scan = useCallback(
    async (code: string, direction: Direction): Promise<Answer | null> => {
      const item = enqueue(code, direction);
      setItems(readQueue());
      const results = await send(item.id);
      const mine = results.find((r) => r.item.id === item.id);
      if (!mine) return null;
      return mine.kind === "answered" ? mine.answer : { text: mine.message, error: true };
    },
    [send],
  );
  return { items, waiting: items.length, send, scan, notice };
}
