// The JS kiosk's saves that wait to be sent, with Send now; the queue's toasts.
import { Toasts } from "~/components/Toasts";
import { useMessages } from "~/i18n/useMessages";
import type { Queue } from "./useSaveQueue";

/** What the bar reads of a kiosk's queue (the entrance's saves, the pontoon's scans). */
export type QueueView = Pick<Queue, "notice" | "waiting"> & {
  items: readonly unknown[];
  send: () => Promise<unknown>;
};

export function QueueBar({ queue }: { queue: QueueView }) {
  const { MSG, LABELS } = useMessages();
  return (
    <>
      {queue.notice ? <Toasts key={queue.notice.n} toasts={[queue.notice.toast]} /> : null}
      {queue.waiting > 0 ? (
        <div className="kiosk-queue" role="status">
          <span>
            <span className="kiosk-queue-dot" aria-hidden="true" /> {MSG.scansWaiting(queue.waiting)}
            {queue.items.length > 1 ? LABELS.kioskSaves(queue.items.length) : ""}
          </span>
          <button type="button" className="btn btn-small" onClick={() => void queue.send()}>
            {LABELS.kioskSendNow}
          </button>
        </div>
      ) : null}
    </>
  );
}
