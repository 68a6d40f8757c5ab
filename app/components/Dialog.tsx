import { Link, useNavigate } from "@remix-run/react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useMessages } from "~/i18n/useMessages";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** A modal that is just HTML: open while its URL says so; "close" is a link back. `wide` for a
 * table of many columns. Without JavaScript it is a plain page (a child route over its list)
 * whose focus starts in the dialog (autofocus).
 * With it, it behaves as a modal: focus moves into it, Tab and Shift+Tab stay inside, Escape
 * closes it, and on closing focus returns to the control that opened it. */
export function Dialog({
  title,
  closeTo,
  children,
  wide = false,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { LABELS } = useMessages();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Into the dialog (its title is read out); the next Tab reaches its first control.
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
    return () => {
      // The list stays mounted under the dialog; its link that opened the dialog gets focus back
      // (found again by its href if the list re-rendered it).
      const href = opener?.getAttribute("href");
      setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected) return;
        const back = opener?.isConnected
          ? opener
          : href
            ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`)
            : null;
        back?.focus({ preventScroll: true });
      });
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      navigate(closeTo, { preventScrollReset: true });
      return;
    }
    if (e.key !== "Tab" || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !ref.current.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal-backdrop">
      <dialog
        open
        ref={ref}
        className={wide ? "modal modal-wide" : "modal"}
        aria-labelledby="dialog-title"
        aria-modal={hydrated ? true : undefined}
        tabIndex={-1}
        // Focus starts in the dialog even without JavaScript (the list comes first in the page).
        // biome-ignore lint/a11y/noAutofocus: a dialog takes focus when it opens
        autoFocus
        onKeyDown={onKeyDown}
      >
        <header className="modal-head">
          <h2 id="dialog-title">{title}</h2>
          <Link to={closeTo} className="modal-close" aria-label={LABELS.close} preventScrollReset>
            ×
          </Link>
        </header>
        {children}
      </dialog>
    </div>
  );
}
