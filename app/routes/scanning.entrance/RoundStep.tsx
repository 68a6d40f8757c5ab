// Step 1: the round's name (?round=); several rounds of that name: pick one (?roundId=).
import { Form, Link, useLocation } from "@remix-run/react";
import { useMessages } from "~/i18n/useMessages";
import { PATH, ROUND_NAME_MAX } from "./shared";

export function RoundStep({ error }: { error: string | null }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <>
      {/* A new search remounts the input: cleared (the spec) and focused again. */}
      <Form method="get" action={PATH} className="kiosk-form" key={search}>
        <label htmlFor="round-name">{LABELS.kioskRoundName}</label>
        <div className="kiosk-inline">
          <input
            id="round-name"
            name="round"
            type="text"
            required
            // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
            autoFocus
            autoComplete="off"
            maxLength={ROUND_NAME_MAX}
            defaultValue=""
            aria-describedby={error ? "round-error" : undefined}
          />
          <button type="submit" className="btn btn-primary">
            {LABELS.kioskFindRound}
          </button>
        </div>
      </Form>
      {error ? (
        <p id="round-error" className="kiosk-msg kiosk-msg-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function PickRoundStep({ rounds }: { rounds: { id: number; name: string; eventName: string }[] }) {
  const { LABELS } = useMessages();
  return (
    <Form method="get" action={PATH} className="kiosk-form">
      <p className="kiosk-lead">{LABELS.kioskPickEvent}</p>
      <div className="kiosk-choices">
        {rounds.map((r, i) => (
          <button
            key={r.id}
            type="submit"
            name="roundId"
            value={r.id}
            className="btn kiosk-choice"
            // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
            autoFocus={i === 0}
          >
            {r.eventName} — {r.name}
          </button>
        ))}
      </div>
      <p>
        <Link to={PATH}>{LABELS.kioskAnotherRound}</Link>
      </p>
    </Form>
  );
}
