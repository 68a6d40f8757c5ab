// Race control's On the water panel (issue 28 part 2): every boat out and not back, oldest out
// first, with its minutes out; one out longer than the setting is marked Overdue (in text, not only
// colour); Mark Back with a Reason (intent markBack, a plain POST: works without JavaScript); the
// CSV of the day's outs and backs. Its server half: on-the-water.server.ts.
import { DataTable } from "~/components/DataTable";
import { PostForm } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import { BACK_REASON_MAX } from "~/rules/pontoon";
import type { OnWaterBoat } from "./on-the-water.server";

export function OnTheWater({
  data,
  day,
}: {
  data: { alertMinutes: number; boats: OnWaterBoat[] };
  day: string | null;
}) {
  const { LABELS, MSG } = useMessages();
  const csv = day ? `/race-control/boats.csv?day=${day}` : "/race-control/boats.csv";
  return (
    <section className="rc-water card" aria-labelledby="rc-water-head" data-testid="on-the-water">
      <h2 id="rc-water-head" className="table-title">
        {LABELS.pnOnWater}
      </h2>
      <p className="hint">{LABELS.pnAlertHint(data.alertMinutes)}</p>
      {data.boats.length === 0 ? (
        <p className="empty" role="status">
          {MSG.pnAllBack}
        </p>
      ) : (
        <DataTable
          caption={LABELS.pnOnWaterCaption}
          cards
          rows={data.boats}
          rowKey={(b) => b.id}
          columns={[
            {
              label: LABELS.pnColRace,
              cell: (b) => (
                <>
                  <strong>{b.raceNumber ?? ""}</strong> <small className="hint">{b.race}</small>
                </>
              ),
              className: "cell-text",
            },
            { label: LABELS.pnColLane, cell: (b) => b.lane },
            { label: LABELS.pnColTeam, cell: (b) => b.teamName, className: "cell-text" },
            {
              label: LABELS.pnColMinutesOut,
              cell: (b) =>
                b.overdue ? (
                  <span className="rc-overdue">
                    {LABELS.pnMinutes(b.minutes)}{" "}
                    <strong className="badge badge-warn">{LABELS.pnOverdue}</strong>
                  </span>
                ) : (
                  LABELS.pnMinutes(b.minutes)
                ),
            },
            {
              label: LABELS.colActions,
              cell: (b) => (
                <PostForm task={LABELS.pnTaskMarkingBack} className="rc-markback" preventScrollReset>
                  <input type="hidden" name="intent" value="markBack" />
                  <input type="hidden" name="id" value={b.id} />
                  <label htmlFor={`reason-${b.id}`}>{LABELS.pnReason}</label>
                  <input
                    id={`reason-${b.id}`}
                    name="reason"
                    type="text"
                    required
                    maxLength={BACK_REASON_MAX}
                    autoComplete="off"
                  />
                  <button type="submit" className="btn btn-small">
                    {LABELS.pnMarkBack}
                  </button>
                </PostForm>
              ),
              className: "cell-actions",
            },
          ]}
        />
      )}
      <p className="row-actions">
        <a href={csv} className="btn btn-small" download>
          {LABELS.pnCsv}
        </a>
      </p>
    </section>
  );
}
