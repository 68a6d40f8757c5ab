// Step 2: a team of the round's races, by its lane (?lane=) or its button (?teamId=).
import { Form, Link, useLocation } from "@remix-run/react";
import { useMessages } from "~/i18n/useMessages";
import { LANE_MAX, type LoaderData, PATH } from "./shared";

export function TeamStep({ data }: { data: Extract<LoaderData, { step: "team" }> }) {
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  return (
    <>
      <RoundHeading round={data.round} />
      {data.races.length === 0 ? (
        <p className="empty">{MSG.nothingToShow}</p>
      ) : (
        <>
          <Form method="get" action={PATH} className="kiosk-form" key={search}>
            <input type="hidden" name="roundId" value={data.round.id} />
            <label htmlFor="lane">{LABELS.rdLane}</label>
            <div className="kiosk-inline">
              <input
                id="lane"
                name="lane"
                type="text"
                inputMode="numeric"
                required
                // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
                autoFocus
                autoComplete="off"
                maxLength={LANE_MAX}
                defaultValue=""
                aria-describedby={data.error ? "lane-error" : "lane-hint"}
              />
              <button type="submit" className="btn btn-primary">
                {LABELS.kioskPickTeam}
              </button>
            </div>
            <p id="lane-hint" className="hint">
              {LABELS.kioskLaneHint}
            </p>
          </Form>
          {data.error ? (
            <p id="lane-error" className="kiosk-msg kiosk-msg-error" role="alert">
              {data.error}
            </p>
          ) : null}
          <Form method="get" action={PATH} className="kiosk-choices" aria-label={LABELS.kioskEventTeams}>
            <input type="hidden" name="roundId" value={data.round.id} />
            {data.races.map((r) => (
              <button
                key={r.teamId}
                type="submit"
                name="teamId"
                value={r.teamId}
                className="btn kiosk-choice"
              >
                <span className="kiosk-lane">{LABELS.rdLaneN(r.lane)}</span> {r.teamName}
              </button>
            ))}
          </Form>
        </>
      )}
      <p>
        <Link to={PATH}>{LABELS.kioskChangeRound}</Link>
      </p>
    </>
  );
}

export function RoundHeading({ round }: { round: { name: string; eventName: string } }) {
  return (
    <p className="kiosk-round">
      <span className="kiosk-round-name">{round.name}</span>
      <span className="kiosk-round-event">{round.eventName}</span>
    </p>
  );
}
