import { Form, useLocation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { CsrfInput } from "./PostForm";
import { useMessages } from "~/i18n/useMessages";
import { inBundle } from "~/lib/i18n-text";
import type { Toast } from "~/lib/toast";

const LIFETIME = { info: 6000, success: 5000, warning: 8000, error: 10000 } as const;

// Each toast object (one per loader or action answer) gets its own number, so a new toast never
// inherits the slot of one dismissed before it: its × checkbox, its hidden state and its timer
// start afresh even when the message is the same ("Race has been updated" twice in a row).
const serials = new WeakMap<Toast, number>();
let lastSerial = 0;
function serialOf(toast: Toast): number {
  let serial = serials.get(toast);
  if (serial === undefined) {
    serial = ++lastSerial;
    serials.set(toast, serial);
  }
  return serial;
}

/** Toasts rendered as HTML, so they show without JavaScript; with it, they dismiss themselves. */
export function Toasts({ toasts: given }: { toasts: readonly (Toast | null | undefined)[] | undefined }) {
  const toasts = (given ?? []).filter((t): t is Toast => Boolean(t)).map((t) => ({ t, serial: serialOf(t) }));
  const [hidden, setHidden] = useState<number[]>([]);
  const id = useId();
  // A flashed English sentence of ours (a guard's "Unauthorized ...") is shown in the page's language.
  const bundle = useMessages();
  const { LABELS } = bundle;
  const location = useLocation();
  const key = toasts.map((x) => x.serial).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: timers restart only when the toasts change
  useEffect(() => {
    const timers = toasts.map(({ t, serial }) =>
      t.type === "confirm" ? undefined : setTimeout(() => setHidden((h) => [...h, serial]), LIFETIME[t.type]),
    );
    return () => {
      for (const t of timers) if (t) clearTimeout(t);
    };
  }, [key]);
  const visible = toasts
    .map(({ t, serial }, i) => ({ t, i, serial }))
    .filter(({ serial }) => !hidden.includes(serial));
  if (visible.length === 0) return null;
  return (
    <div className="toasts">
      {visible.map(({ t, i, serial }) =>
        t.type === "confirm" ? (
          <div key={serial} className="toast toast-confirm" role="alertdialog" aria-label={LABELS.confirm}>
            <p>{inBundle(t.message, bundle)}</p>
            <Form method="post" action={t.action} className="toast-actions">
              <CsrfInput />
              {Object.entries(t.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="btn btn-primary">
                {LABELS.ok}
              </button>
              <a
                className="btn"
                href={location.pathname + location.search}
                onClick={(e) => {
                  e.preventDefault();
                  setHidden((h) => [...h, serial]);
                }}
              >
                {LABELS.cancel}
              </a>
            </Form>
          </div>
        ) : (
          // The × is a label for a visually hidden checkbox named Dismiss: checking it (a click on
          // the ×, or Space on the focused box, which rings the ×) hides the toast by CSS, so it
          // dismisses without JavaScript too. Errors and warnings are alerts; others polite status.
          <div key={serial} className="toast-slot">
            <input type="checkbox" id={`${id}-${i}`} className="toast-dismiss" aria-label={LABELS.dismiss} />
            <div
              className={`toast toast-${t.type}`}
              role={t.type === "error" || t.type === "warning" ? "alert" : "status"}
              aria-live={t.type === "error" || t.type === "warning" ? "assertive" : "polite"}
              aria-atomic="true"
            >
              <p>{inBundle(t.message, bundle)}</p>
              <label htmlFor={`${id}-${i}`} className="toast-close" title={LABELS.dismiss} aria-hidden="true">
                ×
              </label>
            </div>
          </div>
        ),
      )}
    </div>
  );
}
