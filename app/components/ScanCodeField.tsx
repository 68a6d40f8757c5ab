// The kiosks' one scan input (the entrance and the pontoon, spec section 5 and issue 28): a label,
// the code box a wedge scanner types into (focused, no autocorrect, capped) and Scan; and the line
// under it that says what the last scan did (read aloud: an error as an alert).
import { forwardRef } from "react";
import { useMessages } from "~/i18n/useMessages";
import { SCAN_CODE_MAX } from "~/rules/scan-code";

export const ScanCodeField = forwardRef<
  HTMLInputElement,
  { /** The Scan button's name/value, when its form has several submits. */ intent?: string }
>(function ScanCodeField({ intent }, ref) {
  const { LABELS } = useMessages();
  return (
    <>
      <label htmlFor="scan-code">{LABELS.kioskScanCode}</label>
      <div className="kiosk-inline">
        <input
          ref={ref}
          id="scan-code"
          name="code"
          type="text"
          // biome-ignore lint/a11y/noAutofocus: the kiosk's one input is focused for the scanner (spec)
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={SCAN_CODE_MAX}
          defaultValue=""
          aria-describedby="scan-message"
        />
        <button type="submit" name={intent ? "intent" : undefined} value={intent} className="btn btn-primary">
          {LABELS.kioskScan}
        </button>
      </div>
    </>
  );
});

/** What the last scan did, under the input (`#scan-message`, which the input names). */
export function ScanMessage({ message }: { message: { text: string; error: boolean } | null }) {
  return (
    <div id="scan-message" aria-live="polite">
      {message ? (
        <p
          className={`kiosk-msg ${message.error ? "kiosk-msg-error" : "kiosk-msg-ok"}`}
          role={message.error ? "alert" : "status"}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
