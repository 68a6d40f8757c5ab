// The crew picker of one event team (spec section 5), shared by the manager's /events/teams/:teamId
// and the admin's /teams/manage: the team and event, the caps, the Malaysia notice, a checkbox per
// eligible member (its label is the member's name) and Save; below, the members who cannot be
// picked and why. One who became ineligible while in the crew (photo rejected, ...) is marked there
// and in a notice, open: the next Save drops them; after the deadline the read-only crew lists
// them, marked. Without JavaScript it is a plain POST form; with it, a live count of the ticks
// against the caps. The server decides (services/crew-form.server.ts, models/crew.server.ts): after a
// refused save the ticks shown are the ones the user sent, not the saved crew.
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput, TaskInput } from "./PostForm";
import { type Column, DataTable } from "./DataTable";
import type { CrewRefusal, PickerData } from "~/services/crew-form.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { type Bundle, LABELS as EN_LABELS } from "~/i18n/en";
import { formatDateTime } from "~/rules/format";

type Eligible = PickerData["eligible"][number];
type CrewRow = PickerData["crew"][number];
type Caps = PickerData["caps"];

export const CREW_TASK = EN_LABELS.taskUpdatingCrew;

/** "Select 8–14 members; at most 12 male; at least 2 female" (the drummers' cap only where
 * someone can be a drummer/steerer only, i.e. Malaysia events; a zero minimum is left out), in the
 * language of `L` (English by default). */
export function capsText(caps: Caps, limitMalaysia: boolean, L: Bundle["LABELS"] = EN_LABELS): string {
  const parts = [
    caps.min > 0 ? L.capsRange(caps.min, caps.max) : L.capsUpTo(caps.max),
    L.capsMaxMale(caps.maxMale),
  ];
  if (caps.minFemale > 0) parts.push(L.capsMinFemale(caps.minFemale));
  if (limitMalaysia) parts.push(L.capsMaxDrummers(caps.maxNonPaddlers));
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

function baseColumns<T extends Eligible | CrewRow>(L: Bundle["LABELS"]): Column<T>[] {
  const gender: Record<string, string> = { MALE: L.male, FEMALE: L.female };
  // May break after the slash on a phone.
  const slash = L.drummerSteererOnly.indexOf("/") + 1;
  return [
    { label: L.gender, cell: (r) => (r.gender ? gender[r.gender] : "") },
    { label: L.age, cell: (r) => r.age ?? "" },
    {
      label: L.role,
      cell: (r) =>
        r.paddlerEligible ? (
          L.paddler
        ) : (
          <>
            {L.drummerSteererOnly.slice(0, slash)}
            <wbr />
            {L.drummerSteererOnly.slice(slash)}
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
  const { MSG, LABELS } = useMessages();
  const locale = useLocale();
  const closeAt = deadline.at === null ? null : formatDateTime(deadline.at, locale);
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
      label: LABELS.name,
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
    ...baseColumns<Eligible>(LABELS),
  ];
  const stale = ineligible.filter((m) => m.inCrew).length;

  return (
    <div className="crew">
      <div className="card crew-head">
        <dl className="crew-facts">
          <dt>{LABELS.event}</dt>
          <dd>{team.eventName}</dd>
          <dt>{LABELS.eventTeam}</dt>
          <dd>{team.teamName}</dd>
          <dt>{LABELS.team}</dt>
          <dd>{team.associationName}</dd>
        </dl>
        {deadline.mayChange ? (
          <>
            <p className="crew-caps">{capsText(caps, team.limitMalaysia, LABELS)}</p>
            {team.limitMalaysia ? <p className="crew-notice">{MSG.crewMalaysiaNotice}</p> : null}
          </>
        ) : null}
        {closeAt && !deadline.passed ? <p className="hint">{MSG.crewCloseOn(closeAt)}</p> : null}
        {closeAt && deadline.passed && deadline.mayChange ? (
          <p className="hint">{LABELS.crewAdminClosed(closeAt)}</p>
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
            {deadline.archived ? MSG.edEvCrewArchived(deadline.archived) : MSG.crewClosed(closeAt ?? "")}
          </p>
          <h2>{LABELS.crewCount(crew.length)}</h2>
          <DataTable
            columns={[
              {
                label: LABELS.name,
                cell: (r) =>
                  r.noLongerEligible ? (
                    <>
                      {r.name}{" "}
                      <small className="crew-stale">
                        {MSG.crewNoLongerEligible(LABELS.ineligible[r.noLongerEligible])}
                      </small>
                    </>
                  ) : (
                    r.name
                  ),
              },
              ...baseColumns<CrewRow>(LABELS),
            ]}
            rows={crew}
            rowKey={(r) => r.id}
            caption={LABELS.crew}
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
          <TaskInput task={LABELS.taskUpdatingCrew} />
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
            caption={LABELS.canBePicked}
            empty={LABELS.noneCanBePicked}
          />
          <div className="crew-bar">
            {hydrated ? <CountSummary counts={counts} caps={caps} drummers={team.limitMalaysia} /> : null}
            <button type="submit" className="btn btn-primary">
              {LABELS.save}
            </button>
          </div>
        </Form>
      )}

      {/* Open when someone in the crew is listed here: they are what a Save changes. */}
      <details className="crew-ineligible" open={stale > 0}>
        <summary>{LABELS.cannotBePickedCount(ineligible.length)}</summary>
        {ineligible.length ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{LABELS.cannotBePicked}</caption>
              <thead>
                <tr>
                  <th scope="col">{LABELS.name}</th>
                  <th scope="col">{LABELS.reason}</th>
                </tr>
              </thead>
              <tbody>
                {ineligible.map((m) => (
                  <tr key={m.id}>
                    <td data-label={LABELS.name}>{m.name}</td>
                    <td data-label={LABELS.reason}>
                      {LABELS.ineligible[m.reason]}
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
  const { LABELS } = useMessages();
  const item = (label: string, value: number, bad: boolean) => (
    <li className={bad ? "crew-bad" : undefined}>
      {label}: <strong>{value}</strong>
    </li>
  );
  return (
    <ul className="crew-count" aria-live="polite" aria-label={LABELS.selection}>
      {item(LABELS.countSelected, counts.selected, counts.selected < caps.min || counts.selected > caps.max)}
      {item(LABELS.countMales, counts.male, counts.male > caps.maxMale)}
      {item(LABELS.countFemales, counts.female, counts.female < caps.minFemale)}
      {drummers ? item(LABELS.countDrummers, counts.drummers, counts.drummers > caps.maxNonPaddlers) : null}
    </ul>
  );
}
