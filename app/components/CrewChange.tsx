// Race-day crew changes on the team's crew screen (issue 28 part 3): the team's latest change
// (pending, approved, or rejected with the reason) and, after the crew deadline for a manager of a
// team with races left, Request Crew Change: who leaves (the crew), who joins (the club's members
// who can be picked and are not in the crew), a Reason. A plain POST form (intent requestChange)
// with its CSRF field: the server decides (services/crew-change.server.ts); a refusal shows above
// the form with what was sent.
import { PostForm } from "./PostForm";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { CHANGE_REASON_MAX } from "~/rules/crew-change";
import { formatDateTime } from "~/rules/format";

export type ChangeState = {
  status: "PENDING" | "APPROVED" | "REJECTED";
  createdAt: number;
  decidedAt: number | null;
  decisionReason: string | null;
  leaving: string;
  joining: string;
  reason: string;
};

export type ChangeForm = {
  /** Shown instead of the form: the team has no races left, or the next starts too soon. */
  closed: string | null;
  cutoffMinutes: number;
  crew: { id: number; name: string }[];
  joiners: { id: number; name: string }[];
};

export type ChangeRefusal = { ccError: string; leaving: number[]; joining: number[]; reason: string };

export function CrewChangeState({ change }: { change: ChangeState }) {
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  const when = (at: number) => formatDateTime(at, locale);
  const line =
    change.status === "PENDING"
      ? MSG.ccStatePending(when(change.createdAt))
      : change.status === "APPROVED"
        ? MSG.ccStateApproved(when(change.decidedAt ?? change.createdAt))
        : MSG.ccStateRejected(when(change.decidedAt ?? change.createdAt), change.decisionReason ?? "");
  return (
    <section className="card cc-state" aria-labelledby="cc-state" data-status={change.status}>
      <h2 id="cc-state" className="table-title">
        {LABELS.ccStateTitle}: {LABELS.ccStatusName[change.status]}
      </h2>
      <p role="status">{line}</p>
      <dl className="crew-facts">
        <dt>{LABELS.ccLeaving}</dt>
        <dd>{change.leaving || LABELS.ccNobody}</dd>
        <dt>{LABELS.ccJoining}</dt>
        <dd>{change.joining || LABELS.ccNobody}</dd>
        <dt>{LABELS.ccReason}</dt>
        <dd>{change.reason}</dd>
      </dl>
    </section>
  );
}

export function CrewChangeRequest({ form, refusal }: { form: ChangeForm; refusal?: ChangeRefusal | null }) {
  const { LABELS } = useMessages();
  const leaving = new Set(refusal?.leaving ?? []);
  const joining = new Set(refusal?.joining ?? []);
  return (
    <section className="card cc-request" aria-labelledby="cc-request">
      <h2 id="cc-request" className="table-title">
        {LABELS.ccRequestTitle}
      </h2>
      {refusal && refusal.ccError !== form.closed ? (
        <p className="errors crew-error" role="alert">
          {refusal.ccError}
        </p>
      ) : null}
      {form.closed ? (
        <p className="crew-notice" role="status">
          {form.closed}
        </p>
      ) : (
        <>
          <p className="hint">{LABELS.ccRequestHint(form.cutoffMinutes)}</p>
          <PostForm task={LABELS.ccTaskRequesting} key={JSON.stringify(refusal ?? null)} preventScrollReset>
            <input type="hidden" name="intent" value="requestChange" />
            <div className="cc-columns">
              <fieldset className="field">
                <legend>{LABELS.ccLeaves}</legend>
                {form.crew.length ? (
                  form.crew.map((m) => (
                    <label key={m.id} className="crew-pick">
                      <input type="checkbox" name="leave" value={m.id} defaultChecked={leaving.has(m.id)} />
                      <span>{m.name}</span>
                    </label>
                  ))
                ) : (
                  <p className="empty">{LABELS.ccNobody}</p>
                )}
              </fieldset>
              <fieldset className="field">
                <legend>{LABELS.ccJoins}</legend>
                {form.joiners.length ? (
                  form.joiners.map((m) => (
                    <label key={m.id} className="crew-pick">
                      <input type="checkbox" name="join" value={m.id} defaultChecked={joining.has(m.id)} />
                      <span>{m.name}</span>
                    </label>
                  ))
                ) : (
                  <p className="empty">{LABELS.ccNoJoiners}</p>
                )}
              </fieldset>
            </div>
            <div className="field">
              <label htmlFor="cc-reason">{LABELS.ccReason}</label>
              <textarea
                id="cc-reason"
                name="reason"
                rows={3}
                required
                maxLength={CHANGE_REASON_MAX}
                defaultValue={refusal?.reason ?? ""}
              />
            </div>
            <button type="submit" className="btn btn-primary">
              {LABELS.ccRequestTitle}
            </button>
          </PostForm>
        </>
      )}
    </section>
  );
}
