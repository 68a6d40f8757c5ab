import { useCallback, useEffect, useState } from "react";
import { useMessages } from "~/i18n/useMessages";
import type { Toast } from "~/lib/toast";
import {
  enqueue,
  isQueueKey,
  type QueuedSave,
  readQueue,
  type SendResult,
  sendQueue,
} from "./scan-queue.client";

export type Queue = ReturnType<typeof useSaveQueue>;

/** The JS kiosk's queue of saves (lib/scan-queue.client.ts): what waits, and sending it again on
 * `online`, every 5 s while something waits, and on page load. */
export function useSaveQueue(csrf: string) {
  const [items, setItems] = useState<QueuedSave[]>([]);
  const [notice, setNotice] = useState<{ toast: Toast; n: number } | null>(null);
  const { MSG } = useMessages();
  const show = useCallback((toast: Toast) => setNotice((old) => ({ toast, n: (old?.n ?? 0) + 1 })), []);
  const report = useCallback(
    (results: SendResult[]) => {
      setItems(readQueue());
      const sent = results.filter((r) => r.kind === "sent");
      const refused = results.filter((r) => r.kind === "refused");
      const dropped = sent.flatMap((r) => r.dropped);
      if (refused.length) {
        show({
          type: "error",
          message: refused.map((r) => MSG.scansRefused(r.item.label, r.message)).join(" "),
        });
      } else if (dropped.length) {
        show({ type: "warning", message: `${MSG.historySaved} ${MSG.historyDropped(dropped.join(", "))}` });
      } else if (sent.length) {
        // Saves that had waited: say how many scans went; a save sent at once: the spec's toast.
        const late = sent.some((r) => r.item.tries > 0);
        const n = sent.reduce((sum, r) => sum + r.item.codes.length, 0);
        show({ type: "success", message: late ? MSG.scansSent(n) : MSG.historySaved });
      }
      return results;
    },
    [show, MSG],
  );
  const send = useCallback(async () => report(await sendQueue(csrf)), [csrf, report]);
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
  /** Queues a save and sends it at once; tells when it could not go. */
  const add = useCallback(
    async (save: Omit<QueuedSave, "id" | "queuedAt" | "tries">) => {
      const item = enqueue(save);
      setItems(readQueue());
      const results = await send();
      if (!readQueue().some((i) => i.id === item.id)) return;
      // The server answered with the spec's failure sentence ('saving history'): say it; the save
      // stays queued and is sent again. Otherwise it could not be reached.
      const failed = results.find((r) => r.kind === "failed" && r.item.id === item.id);
      show(
        failed?.kind === "failed"
          ? { type: "error", message: failed.message }
          : { type: "warning", message: MSG.scansQueued },
      );
    },
    [send, show, MSG],
  );
  const waiting = items.reduce((n, i) => n + i.codes.length, 0);
  return { items, waiting, send, add, notice };
}
