import { useEffect, useState } from "react";
import { useMessages } from "~/i18n/useMessages";

/** A read-only value with a Copy button (the button needs JavaScript; the text is selectable).
 * `copyLabel` names the button ("Copy Calendar Link"); "Copy" when omitted. */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
}: {
  id: string;
  label: string;
  value: string;
  copyLabel?: string;
}) {
  const { LABELS } = useMessages();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input id={id} type="text" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        {canCopy ? (
          <button
            type="button"
            className="btn"
            onClick={async () => {
              await navigator.clipboard.writeText(value);
              setCopied(true);
            }}
          >
            {copied ? LABELS.copied : (copyLabel ?? LABELS.copy)}
          </button>
        ) : null}
      </div>
    </div>
  );
}
