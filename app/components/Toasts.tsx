import { Form, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfInput } from "./CsrfInput";
import type { Toast } from "~/lib/toast";

const LIFETIME = { info: 6000, success: 5000, warning: 8000, error: 10000 } as const;

/** Toasts rendered as HTML, so they show without JavaScript; with it, they dismiss themselves. */
export function Toasts({ toasts }: { toasts: readonly Toast[] | undefined }) {
  const [hidden, setHidden] = useState<number[]>([]);
  const location = useLocation();
  const key = JSON.stringify(toasts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when a new set of toasts arrives
  useEffect(() => setHidden([]), [key]);
  useEffect(() => {
    const timers = (toasts ?? []).map((t, i) =>
      t.type === "confirm" ? undefined : setTimeout(() => setHidden((h) => [...h, i]), LIFETIME[t.type]),
    );
    return () => {
      for (const t of timers) if (t) clearTimeout(t);
    };
  }, [toasts]);
  const visible = (toasts ?? []).map((t, i) => ({ t, i })).filter(({ i }) => !hidden.includes(i));
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
          <div
            key={i}
            className={`toast toast-${t.type}`}
            role={t.type === "error" || t.type === "warning" ? "alert" : "status"}
          >
            <p>{t.message}</p>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss"
              onClick={() => setHidden((h) => [...h, i])}
            >
              ×
            </button>
          </div>
        ),
      )}
    </div>
  );
}
