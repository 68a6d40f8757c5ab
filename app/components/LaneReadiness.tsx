// A race's lanes, Ready or not (issue 28 section 1), for staff: race control (inside the Ready
// column's <details>) and the results desk. Each lane says its state ("Ready", "Ready (by hand)"
// with the reason and who, "Not ready: 4 of 10 paddlers"), and offers Mark Ready (with a Reason)
// on a lane not ready, or Undo on a lane marked by hand (`forms`; race control shows them for one
// race at a time). Plain POST forms to the page's own URL (intent markReady / undoReady), so all of
// it works without JavaScript.
import { PostForm } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import { type LaneReadiness, READY_REASON_MAX, staffText } from "~/rules/readiness";

/** One lane as a loader sends it (models/readiness.server.ts LaneReady). */
export type LaneView = {
  raceId: number;
  lane: string;
  teamName: string;
  readiness: LaneReadiness;
  readyByName: string | null;
};

/** A refused Mark Ready or Undo (the action's answer): which lane, why, and the reason typed. */
export type ReadyFailure = { raceId: number; message: string; reason: string };

export function LaneReadinessList({
  lanes,
  race,
  failed,
  forms = true,
}: {
  lanes: readonly LaneView[];
  /** The race as buttons name it: "Race 14 MIXED 500M HEAT 1". */
  race: string;
  failed?: ReadyFailure | null;
  /** With Mark Ready and Undo (false: the states only, as race control lists every race). */
  forms?: boolean;
}) {
  const t = useMessages();
  const { LABELS } = t;
  if (lanes.length === 0) return <p className="hint">{LABELS.rdyNoLanes}</p>;
  return (
    <ul className="rdy-lanes">
      {lanes.map((l) => {
        const r = l.readiness;
        const mine = failed?.raceId === l.raceId ? failed : null;
        const state = r.ready ? (r.byHand ? "hand" : "ready") : "not";
        return (
          <li key={l.raceId} className={`rdy-lane rdy-${state}`} data-lane={l.lane}>
            <span className="rdy-team">{LABELS.rdyLaneTeam(l.lane, l.teamName)}</span>{" "}
            <span className="rdy-state" data-testid="lane-ready">
              {staffText(t, r)}
            </span>
            {r.ready && r.byHand ? (
              <>
                <span className="rdy-reason">
                  {l.readyByName ? LABELS.rdyReasonBy(r.reason, l.readyByName) : r.reason}
                </span>
                {forms ? (
                  <PostForm task={LABELS.rdyTaskUndoing} className="rdy-form" preventScrollReset>
                    <input type="hidden" name="intent" value="undoReady" />
                    <input type="hidden" name="race" value={l.raceId} />
                    <button
                      type="submit"
                      className="btn btn-small"
                      aria-label={LABELS.rdyUndoOf(l.lane, race)}
                    >
                      {LABELS.rdyUndo}
                    </button>
                  </PostForm>
                ) : null}
              </>
            ) : null}
            {!r.ready && forms ? <MarkReadyForm lane={l} race={race} failed={mine} /> : null}
            {mine && r.ready ? (
              <p className="field-error" role="alert">
                {mine.message}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function MarkReadyForm({
  lane,
  race,
  failed,
}: {
  lane: LaneView;
  race: string;
  failed: ReadyFailure | null;
}) {
  const { LABELS } = useMessages();
  const id = `rdy-reason-${lane.raceId}`;
  return (
    <PostForm task={LABELS.rdyTaskMarking} className="rdy-form rdy-mark" preventScrollReset noValidate>
      <input type="hidden" name="intent" value="markReady" />
      <input type="hidden" name="race" value={lane.raceId} />
      <span className="rdy-field">
        <label htmlFor={id}>{LABELS.rdyReason}</label>
        <input
          id={id}
          name="reason"
          type="text"
          maxLength={READY_REASON_MAX}
          required
          autoComplete="off"
          defaultValue={failed?.reason ?? ""}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? `${id}-error` : undefined}
        />
      </span>
      <button
        type="submit"
        className="btn btn-small btn-primary"
        aria-label={LABELS.rdyMarkReadyOf(lane.lane, race)}
      >
        {LABELS.rdyMarkReady}
      </button>
      {failed ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {failed.message}
        </p>
      ) : null}
    </PostForm>
  );
}
