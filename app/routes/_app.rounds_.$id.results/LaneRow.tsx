// One lane of the results desk's form: its number (and, when the stored result differs from the
// file previewed or another desk's save, what is stored), team, club, the time (or Tug of War
// record), status and reason, penalty and reason boxes, and the computed place.
import { useMessages } from "~/i18n/useMessages";
import type { ResultsLane } from "~/models/results.server";
import { LANE_STATUSES } from "~/rules/results";
import { type LaneField, type LaneText, RESULT_MAX } from "~/rules/results-form";

export function LaneRow({
  lane,
  shown,
  errors,
  tug,
  differs,
  filePlace,
}: {
  lane: ResultsLane;
  shown: LaneText;
  errors: Partial<Record<LaneField, string>>;
  tug: boolean;
  /** What is stored, when the imported file says something else. */
  differs: string | null;
  filePlace: number | null;
}) {
  const { LABELS } = useMessages();
  const id = (f: LaneField) => `lane-${lane.id}-${f}`;
  // "Lane 1: Time": the column header says "Time" on a laptop (the label is there for screen
  // readers only); on a phone, where each lane is a block, the label shows, without the lane.
  const label = (f: LaneField, what: string) => (
    <label htmlFor={id(f)} className="results-label">
      <span className="visually-hidden">{`${LABELS.rsLane} ${lane.lane}: `}</span>
      {what}
    </label>
  );
  const box = (f: LaneField, what: string, max: number, extra: { inputMode?: "decimal" } = {}) => (
    <td className={`results-cell results-${f}`}>
      {label(f, what)}
      <input
        id={id(f)}
        name={f}
        type="text"
        defaultValue={shown[f]}
        maxLength={max}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `${id(f)}-error` : undefined}
        {...extra}
      />
      {errors[f] ? (
        <p className="field-error" id={`${id(f)}-error`}>
          {errors[f]}
        </p>
      ) : null}
    </td>
  );
  return (
    <tr className={differs !== null ? "results-differs" : undefined}>
      <th scope="row">
        <span className="results-on-phone">{LABELS.rsLane} </span>
        {lane.lane}
        <input type="hidden" name="race" value={lane.id} />
        {differs !== null ? (
          <span className="results-changed">
            {LABELS.rsDiffers}
            <span className="results-was">
              {" "}
              ({LABELS.rsStored(differs)}
              {filePlace !== null ? `; ${LABELS.rsFilePlace(filePlace)}` : ""})
            </span>
          </span>
        ) : null}
      </th>
      <td className="cell-text results-team">{lane.teamName}</td>
      <td className="cell-text results-club">{lane.club}</td>
      {box("time", tug ? LABELS.rsRecord : LABELS.rsTime, RESULT_MAX.time)}
      <td className="results-cell results-status">
        {label("status", LABELS.rsStatus)}
        <select
          id={id("status")}
          name="status"
          defaultValue={shown.status}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? `${id("status")}-error` : undefined}
        >
          <option value="">{LABELS.rsStatusNone}</option>
          {LANE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {errors.status ? (
          <p className="field-error" id={`${id("status")}-error`}>
            {errors.status}
          </p>
        ) : null}
      </td>
      {box("statusReason", LABELS.rsStatusReason, RESULT_MAX.reason)}
      {box("penalty", LABELS.rsPenalty, RESULT_MAX.penalty, { inputMode: "decimal" })}
      {box("penaltyReason", LABELS.rsPenaltyReason, RESULT_MAX.reason)}
      <td className="results-place">
        <span className="results-on-phone">{LABELS.rsPlace} </span>
        {lane.place ?? "—"}
      </td>
    </tr>
  );
}
