import { Form, useLocation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { CsrfInput } from "./CsrfInput";
import type { Toast } from "~/lib/toast";

const LIFETIME = { info: 6000, success: 5000, warning: 8000, error: 10000 } as const;

/** Toasts rendered as HTML, so they show without JavaScript; with it, they dismiss themselves. */
export function Toasts({ toasts: given }: { toasts: readonly (Toast | null | undefined)[] | undefined }) {
  const toasts = (given ?? []).filter((t): t is Toast => Boolean(t));
  const [hidden, setHidden] = useState<number[]>([]);
  const id = useId();
  const location = useLocation();
  const key = JSON.stringify(toasts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when a new set of toasts arrives
  useEffect(() => setHidden([]), [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: timers restart only when the toasts change
  useEffect(() => {
    const timers = toasts.map((t, i) =>
      t.type === "confirm" ? undefined : setTimeout(() => setHidden((h) => [...h, i]), LIFETIME[t.type]),
    );
    return () => {
      for (const t of timers) if (t) clearTimeout(t);
    };
  }, [key]);
  const visible = toasts.map((t, i) => ({ t, i })).filter(({ i }) => !hidden.includes(i));
  if (visible.length === 0) return null;
  return (
    <div className="toasts">
      {visible.map(({ t, i }) =>
        t.type === "confirm" ? (
          <div key={i} className="toast toast-confirm" role="alertdialog" aria-label="Confirm">
            <p>{t.message}</p>
            <Form method="post" action={t.action} className="toast-actions">
              <CsrfInput />
              {Object.entries(t.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="btn btn-primary">
                OK
              </button>
              <a
                className="btn"
                href={location.pathname + location.search}
                onClick={(e) => {
                  e.preventDefault();
                  setHidden((h) => [...h, i]);
                }}
              >
                Cancel
              </a>
            </Form>
          </div>
        ) : (
          // The × is a label for a hidden checkbox: checking it hides the toast by CSS, so it
          // dismisses without JavaScript too.
          <div key={i} className="toast-slot">
            <input
              type="checkbox"
              id={`${id}-${i}`}
              className="toast-dismiss"
              tabIndex={-1}
              aria-hidden="true"
            />
            <div
              className={`toast toast-${t.type}`}
              role={t.type === "error" || t.type === "warning" ? "alert" : "status"}
            >
              <p>{t.message}</p>
              <label htmlFor={`${id}-${i}`} className="toast-close" title="Dismiss">
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Dismiss</span>
              </label>
            </div>
          </div>
        ),
      )}
    </div>
  );
}
