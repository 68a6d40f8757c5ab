// Event entries and the waitlist on /events (issue 9): a manager's Buy Event Entries table (one GET
// form to the checkout dialog, with a Join Waitlist or Leave Waitlist form in a row where the club
// may wait; the inputs of the buy form sit in the table by their `form` attribute, so the small
// POST forms are not nested in it). The staff's waitlist dialog columns are in waitlist.tsx.
import { Form } from "@remix-run/react";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import { MAX_TEAMS_PER_ORDER } from "~/rules/entries";
import { formatRM } from "~/rules/format";

/** One open event as the manager's club sees it (strings already formatted by the loader). */
export type BuyRow = {
  id: number;
  name: string;
  description: string;
  price: number;
  left: number;
  /** The number in the input: as typed (from the URL), a held offer's count, or empty. */
  typed: string;
  /** The club's live waitlist entry: WAITING, or OFFERED with `held` entries until `until`. */
  wait: { id: number; offered: boolean; teams: number; held: number; until: string } | null;
};

export const BUY_FORM = "entries-form";

/** The Buy Event Entries table; `closed`: entries are closed, so no inputs and no buttons. */
export function EntriesTable({ rows, closed }: { rows: BuyRow[]; closed: boolean }) {
  const { LABELS } = useMessages();
  return (
    <div className="table-wrap">
      <table className="table entries-table">
        <caption className="visually-hidden">{LABELS.buyEventEntries}</caption>
        <thead>
          <tr>
            <th scope="col">{LABELS.colEvent}</th>
            <th scope="col" className="entries-wide">
              {LABELS.price}
            </th>
            <th scope="col" className="entries-wide">
              {LABELS.entriesLeft}
            </th>
            {closed ? null : (
              <th scope="col" className="entries-count">
                {LABELS.numberOfTeams}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <EntryRow key={r.id} row={r} closed={closed} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryRow({ row, closed }: { row: BuyRow; closed: boolean }) {
  const { LABELS } = useMessages();
  const inputId = `teams-${row.id}`;
  return (
    <tr>
      <td data-label={LABELS.colEvent} className="entries-event">
        <strong>{row.name}</strong>
        {/* On a phone the price and entries left come here, their columns hidden. */}
        <span className="entries-meta">
          {formatRM(row.price)} · {row.left === 0 ? LABELS.full : LABELS.nLeft(row.left)}
        </span>
        {row.description ? <span className="entries-desc">{row.description}</span> : null}
        <WaitlistState row={row} closed={closed} />
      </td>
      <td data-label={LABELS.price} className="entries-wide">
        {formatRM(row.price)}
      </td>
      <td data-label={LABELS.entriesLeft} className="entries-wide">
        {row.left === 0 ? LABELS.full : String(row.left)}
      </td>
      {closed ? null : (
        <td data-label={LABELS.numberOfTeams} className="entries-count">
          {row.left > 0 ? (
            <>
              <label htmlFor={inputId} className="visually-hidden">
                {LABELS.numberOfTeamsFor(row.name)}
              </label>
              <input type="hidden" name="event" value={row.id} form={BUY_FORM} />
              <input
                key={row.typed}
                id={inputId}
                name="teams"
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_TEAMS_PER_ORDER}
                step={1}
                placeholder="0"
                defaultValue={row.typed}
                form={BUY_FORM}
              />
            </>
          ) : null}
        </td>
      )}
    </tr>
  );
}

/** The club's place on the waitlist with Leave Waitlist, or for a full event Join Waitlist. */
function WaitlistState({ row, closed }: { row: BuyRow; closed: boolean }) {
  const { MSG, LABELS } = useMessages();
  const { wait } = row;
  if (wait) {
    return (
      <div className="entries-wait">
        <p className={wait.offered ? "entries-offer" : undefined}>
          {wait.offered
            ? MSG.waitlistOffer(wait.held, row.name, wait.until)
            : MSG.waitlistWaiting(wait.teams)}
        </p>
        {closed ? null : (
          <Form method="post" action="/events/waitlist" preventScrollReset>
            <CsrfInput />
            <TaskInput task={LABELS.taskLeavingWaitlist} />
            <input type="hidden" name="intent" value="leave" />
            <input type="hidden" name="entry" value={wait.id} />
            <button type="submit" className="btn btn-small" aria-label={LABELS.leaveWaitlistOf(row.name)}>
              {LABELS.leaveWaitlist}
            </button>
          </Form>
        )}
      </div>
    );
  }
  if (closed || row.left > 0) return null;
  return <JoinWaitlist eventId={row.id} eventName={row.name} teams="1" />;
}

/** Join Waitlist for one event: a number of teams and the button (also in the checkout dialog). */
export function JoinWaitlist({
  eventId,
  eventName,
  teams,
}: {
  eventId: number;
  eventName: string;
  teams: string;
}) {
  const { LABELS } = useMessages();
  const inputId = `wait-${eventId}`;
  return (
    <Form method="post" action="/events/waitlist" preventScrollReset className="entries-wait entries-join">
      <CsrfInput />
      <TaskInput task={LABELS.taskJoiningWaitlist} />
      <input type="hidden" name="intent" value="join" />
      <input type="hidden" name="event" value={eventId} />
      <label htmlFor={inputId}>
        {LABELS.teams}
        <span className="visually-hidden">{LABELS.teamsToWaitFor(eventName)}</span>
      </label>
      <input
        id={inputId}
        name="teams"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_TEAMS_PER_ORDER}
        step={1}
        required
        defaultValue={teams}
      />
      <button type="submit" className="btn btn-small" aria-label={LABELS.joinWaitlistOf(eventName)}>
        {LABELS.joinWaitlist}
      </button>
    </Form>
  );
}
