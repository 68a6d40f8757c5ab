// The crew picker of one event team (spec section 5), shared by the manager's /events/teams/:teamId
// and the admin's /teams/manage: the team and event, the caps, the Malaysia notice, a checkbox per
// eligible member (its label is the member's name) and Save; below, the members who cannot be
// picked and why. One who became ineligible while in the crew (photo rejected, ...) is marked there
// and in a notice, open: the next Save drops them; after the deadline the read-only crew lists
// them, marked. Without JavaScript it is a plain POST form; with it, a live count of the ticks
// against the caps. The server decides (lib/crew-form.server.ts, models/crew.server.ts): after a
// refused save the ticks shown are the ones the user sent, not the saved crew.
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput, TaskInput } from "./CsrfInput";
import { type Column, DataTable } from "./DataTable";
import type { CrewRefusal, PickerData } from "~/lib/crew-form.server";
import { MSG } from "~/messages";

type Eligible = PickerData["eligible"][number];
type CrewRow = PickerData["crew"][number];
type Caps = PickerData["caps"];

export const CREW_TASK = "Updating event team members";
const ROLE_PADDLER = "Paddler";

/** "Select 8–14 members; at most 12 male; at least 2 female" (the drummers' cap only where
 * someone can be a drummer/steerer only, i.e. Malaysia events; a zero minimum is left out). */
export function capsText(caps: Caps, limitMalaysia: boolean): string {
  const parts = [
    caps.min > 0 ? `Select ${caps.min}–${caps.max} members` : `Select up to ${caps.max} members`,
    `at most ${caps.maxMale} male`,
  ];
  if (caps.minFemale > 0) parts.push(`at least ${caps.minFemale} female`);
  if (limitMalaysia) parts.push(`at most ${caps.maxNonPaddlers} drummers/steerers`);
  return `${parts.join("; ")}.`;
}

type Counts = { selected: number; male: number; female: number; drummers: number };

function countOf(rows: { gender: string | null; paddlerEligible: boolean }[]): Counts {
  return {
    selected: rows.length,
    male: rows.filter((r) => r.gender === "MALE").length,
    female: rows.filter((r) => r.gender === "FEMALE").length,
    drummers: rows.filter((r) => !r.paddlerEligible).length,
  };
}

/** The ticked boxes of a form, read from the DOM (the boxes stay uncontrolled, as without JS). */
function countTicks(form: HTMLFormElement): Counts {
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="member"]:checked')];
  return countOf(
    boxes.map((b) => ({ gender: b.dataset.gender ?? null, paddlerEligible: b.dataset.paddler === "1" })),
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const GENDER: Record<string, string> = { MALE: "Male", FEMALE: "Female" };

function baseColumns<T extends Eligible | CrewRow>(): Column<T>[] {
  return [
    { label: "Gender", cell: (r) => (r.gender ? GENDER[r.gender] : "") },
    { label: "Age", cell: (r) => r.age ?? "" },
    {
      label: "Role",
      // May break after the slash on a phone.
      cell: (r) =>
        r.paddlerEligible ? (
          ROLE_PADDLER
        ) : (
          <>
            Drummer/
            <wbr />
            Steerer only
          </>
        ),
    },
  ];
}

export function CrewPicker({
  data,
  refusal,
  hidden = {},
}: {
  data: PickerData;
  /** The answer to a refused save: its message, and the ticks that were sent. */
  refusal?: CrewRefusal | null;
  /** Extra fields the form posts (e.g. the team on /teams/manage). */
  hidden?: Record<string, string>;
}) {
  const { team, caps, eligible, ineligible, crew, deadline } = data;
  const ticked = new Set(refusal ? refusal.ids : eligible.filter((m) => m.selected).map((m) => m.id));
  const initial = countOf(eligible.filter((m) => ticked.has(m.id)));
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [counts, setCounts] = useState(initial);
  const recount = () => {
    if (formRef.current) setCounts(countTicks(formRef.current));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: recount when the team or the answer changes
  useEffect(recount, [team.teamId, refusal]);
  // Save sits at the bottom of a long list and the page keeps its scroll: bring a refusal into view.
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) alertRef.current?.focus();
  }, [refusal]);

  const columns: Column<Eligible>[] = [
    {
      label: "Name",
      cell: (r) => (
        <label className="crew-pick">
          <input
            type="checkbox"
            name="member"
            value={r.id}
            defaultChecked={ticked.has(r.id)}
            data-gender={r.gender ?? ""}
            data-paddler={r.paddlerEligible ? "1" : "0"}
          />
          <span>{r.name}</span>
        </label>
      ),
    },
    ...baseColumns<Eligible>(),
  ];
  const stale = ineligible.filter((m) => m.inCrew).length;

  return (
    <div className="crew">
      <div className="card crew-head">
        <dl className="crew-facts">
          <dt>Event</dt>
          <dd>{team.eventName}</dd>
          <dt>Event Team</dt>
          <dd>{team.teamName}</dd>
          <dt>Team</dt>
          <dd>{team.associationName}</dd>
        </dl>
        {deadline.mayChange ? (
          <>
            <p className="crew-caps">{capsText(caps, team.limitMalaysia)}</p>
            {team.limitMalaysia ? <p className="crew-notice">{MSG.crewMalaysiaNotice}</p> : null}
          </>
        ) : null}
        {deadline.at && !deadline.passed ? <p className="hint">{MSG.crewCloseOn(deadline.at)}</p> : null}
        {deadline.at && deadline.passed && deadline.mayChange ? (
          <p className="hint">{`Crew changes closed for team managers on ${deadline.at}; as an administrator you can still change crews.`}</p>
        ) : null}
      </div>

      {refusal ? (
        <p className="errors crew-error" role="alert" tabIndex={-1} ref={alertRef}>
          {refusal.error}
        </p>
      ) : null}

      {!deadline.mayChange ? (
        <>
          <p className="crew-notice" role="status">
            {MSG.crewClosed(deadline.at ?? "")}
          </p>
          <h2>Crew ({crew.length})</h2>
          <DataTable
            columns={[
              {
                label: "Name",
                cell: (r) =>
                  r.noLongerEligible ? (
                    <>
                      {r.name}{" "}
                      <small className="crew-stale">{MSG.crewNoLongerEligible(r.noLongerEligible)}</small>
                    </>
                  ) : (
                    r.name
                  ),
              },
              ...baseColumns<CrewRow>(),
            ]}
            rows={crew}
            rowKey={(r) => r.id}
            caption="Crew"
          />
        </>
      ) : (
        <Form
          method="post"
          ref={formRef}
          onChange={recount}
          preventScrollReset
          // A new saved crew (ours or someone else's) re-renders the boxes from it; a refusal keeps them.
          key={`${team.teamId}:${crew.map((m) => m.id).join(",")}`}
          className="crew-form"
        >
          <CsrfInput />
          <TaskInput task={CREW_TASK} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {stale > 0 ? (
            <p className="crew-notice" role="status">
              {MSG.crewStale(stale)}
            </p>
          ) : null}
          <DataTable
            columns={columns}
            rows={eligible}
            rowKey={(r) => r.id}
            caption="Members who can be picked"
            empty="No member can be picked for this team yet."
          />
          <div className="crew-bar">
            {hydrated ? <CountSummary counts={counts} caps={caps} drummers={team.limitMalaysia} /> : null}
            <button type="submit" className="btn btn-primary">
              Save
            </button>
          </div>
        </Form>
      )}

      {/* Open when someone in the crew is listed here: they are what a Save changes. */}
      <details className="crew-ineligible" open={stale > 0}>
        <summary>Members who cannot be picked ({ineligible.length})</summary>
        {ineligible.length ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Members who cannot be picked</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {ineligible.map((m) => (
                  <tr key={m.id}>
                    <td data-label="Name">{m.name}</td>
                    <td data-label="Reason">
                      {m.reason}
                      {m.inCrew ? (
                        <strong className="crew-stale">
                          {deadline.mayChange ? MSG.crewInCrewNowRemoved : MSG.crewInCrewNow}
                        </strong>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="empty">{MSG.nothingToShow}</p>
        )}
      </details>
    </div>
  );
}

/** The live count (JavaScript only): each figure marked when it breaks its cap. */
function CountSummary({ counts, caps, drummers }: { counts: Counts; caps: Caps; drummers: boolean }) {
  const item = (label: string, value: number, bad: boolean) => (
    <li className={bad ? "crew-bad" : undefined}>
      {label}: <strong>{value}</strong>
    </li>
  );
  return (
    <ul className="crew-count" aria-live="polite" aria-label="Selection">
      {item("Selected", counts.selected, counts.selected < caps.min || counts.selected > caps.max)}
      {item("Males", counts.male, counts.male > caps.maxMale)}
      {item("Females", counts.female, counts.female < caps.minFemale)}
      {drummers ? item("Drummers/steerers", counts.drummers, counts.drummers > caps.maxNonPaddlers) : null}
    </ul>
  );
}
