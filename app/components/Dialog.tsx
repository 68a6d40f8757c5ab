import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useMessages } from "~/i18n/useMessages";

/** A modal that is just HTML: open while its URL says so; "close" is a link back. `wide` for a
 * table of many columns. */
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
  return (
    <div className="modal-backdrop">
      <dialog open className={wide ? "modal modal-wide" : "modal"} aria-labelledby="dialog-title">
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
