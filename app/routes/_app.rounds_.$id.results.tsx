// /rounds/:id/results (ADMIN and COMMITTEE, the results desk; issue 20 sections 2 and 3): a round's
// event, race number, scheduled start, results state and revision, and one row per lane (time or,
// for Tug of War, a win-loss record; status DNS/DNF/DSQ with its reason; penalty seconds with its
// reason; the computed place). Save as Provisional writes every row in one transaction (an Official
// round gets a new revision); Declare Official only from Provisional. Import reads a FinishLynx
// .lif (or a lane,time CSV) of at most 1 MB and answers a preview: the same rows pre-filled from
// the file, marking what differs from what is stored; nothing is written until Save as Provisional.
// Two desks (ADR 0032): Save as Provisional and Declare Official carry the `version` the page was
// loaded from; when another desk saved since, the write is refused (409, nothing written), the
// typed rows come back with the stored results marked beside them, and the form the new version.
// Each lane's readiness (issue 28): Ready from the entrance scans or Not ready and why, with Mark
// Ready (a reason required) and Undo (intent markReady / undoReady, services/readiness.server.ts).
// Plain forms: all of it works without JavaScript. A round of a deleted event, or none, is a 404.
import "~/i18n/routes/_app.rounds_.$id.results";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput, TaskInput } from "~/components/CsrfInput";
import { PostForm } from "~/components/PostForm";
import { Empty, Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { useLocale, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/lib/access.server";
import { editionOf } from "~/lib/edition.server";
import { readForm } from "~/lib/csrf.server";
import { metaTitle } from "~/lib/meta";
import { found, idParam, notFound } from "~/lib/params.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  laneDiffers,
  type ResultsLane,
  resultsLanes,
  resultsRound,
  resultsVersion,
} from "~/models/results.server";
import { declareOfficial, saveProvisional } from "~/services/results.server";
import { formatDateTime } from "~/rules/format";
import { IMPORT_MAX_BYTES, importErrorText, parseResultsFile } from "~/rules/lynx-import";
import {
  formatClock,
  formatPenalty,
  formatRaceTime,
  LANE_STATUSES,
  roundState,
  stateLabel,
} from "~/rules/results";
import {
  type LaneField,
  type LaneInput,
  type LaneText,
  parseLaneRows,
  RESULT_MAX,
} from "~/rules/results-schema";
import styles from "~/styles/results.css";
import readinessStyles from "~/styles/readiness.css";
import { LaneReadinessList } from "~/components/LaneReadiness";
import { readinessOf } from "~/models/readiness.server";
import { isReadyIntent, readyAction } from "~/services/readiness.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: readinessStyles },
];
export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.LABELS.rsTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "roundResults");
  const edition = editionOf(request, user);
  const round = found(resultsRound(edition.id, idParam(params.id)));
  const lanes = resultsLanes(edition.id, round.id);
  const ready = readinessOf(edition.id, [round.id]).get(round.id) ?? [];
  return json({ round, lanes, version: resultsVersion(round, lanes), ready });
}

/** The version a form was loaded from (capped; none is never the stored one). */
function versionOf(form: FormData): string {
  const v = form.get("version");
  return typeof v === "string" ? v.slice(0, 64) : "";
}

/**
 * A write refused because another desk saved since the page was loaded: 409, the rows as typed
 * (none for Declare Official), the stored results of the lanes that differ from them, and the
 * version of what is stored now, so saving again is a deliberate choice.
 */
function conflict(
  editionId: number,
  roundId: number,
  message: string,
  typed: Record<number, LaneText> | null,
  inputs: readonly LaneInput[],
) {
  const round = found(resultsRound(editionId, roundId));
  const lanes = resultsLanes(editionId, roundId);
  const mine = new Map(inputs.map((x) => [x.raceId, x]));
  const stored: Record<number, LaneText> = {};
  for (const x of lanes) {
    const input = mine.get(x.id);
    if (input && laneDiffers(x, input)) stored[x.id] = storedText(x, round.tug);
  }
  return json(
    {
      kind: "conflict" as const,
      message,
      typed,
      stored,
      version: resultsVersion(round, lanes),
      toast: { type: "error" as const, message },
    },
    409,
  );
}

type Preview = {
  format: string;
  lanes: Record<string, { time: string; status: string; filePlace: number | null }>;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "roundResults");
  const edition = editionOf(request, user);
  const t = messagesFor(request);
  const { LABELS } = t;
  const round = found(resultsRound(edition.id, idParam(params.id)));
  const here = `/rounds/${round.id}/results`;
  const form = await readForm(request);
  const intent = form.get("intent");

  if (isReadyIntent(form)) {
    const answer = readyAction(form, edition.id, user, t, round.id);
    if (answer.ok) return redirectWithToast(request, here, { type: "success", message: answer.message });
    const { raceId, message, reason } = answer;
    return json(
      {
        kind: "ready" as const,
        ready: { raceId, message, reason },
        toast: { type: "error" as const, message },
      },
      answer.status,
    );
  }

  if (intent === "import") {
    const file = form.get("file");
    const fail = (errors: string[]) =>
      json(
        {
          kind: "importRefused" as const,
          importErrors: errors,
          toast: { type: "error" as const, message: errors[0] },
        },
        400,
      );
    if (!(file instanceof File) || file.size === 0) return fail([LABELS.rsImportNoFile]);
    // The size before reading a byte of it (the server's body limit for this path bounds the rest).
    if (file.size > IMPORT_MAX_BYTES) return fail([LABELS.rsImportTooLarge]);
    const lanes = resultsLanes(edition.id, round.id);
    const parsed = parseResultsFile(
      await file.text(),
      lanes.map((x) => x.lane),
    );
    if (!parsed.ok) return fail(parsed.errors.map((e) => importErrorText(LABELS, e)));
    const preview: Preview = { format: parsed.format === "lif" ? ".lif" : "CSV", lanes: {} };
    for (const x of parsed.lanes)
      preview.lanes[x.lane] = {
        time: x.timeMs === null ? "" : formatRaceTime(x.timeMs),
        status: x.status ?? "",
        filePlace: x.filePlace,
      };
    return json({ kind: "preview" as const, preview, toast: null });
  }

  if (intent === "declare") {
    const done = declareOfficial(edition.id, user, round.id, versionOf(form));
    if (!done.ok) {
      if (done.error === "roundGone") notFound();
      if (done.error === "stale") return conflict(edition.id, round.id, LABELS.rsConflictDeclare, null, []);
      const message = done.error === "incomplete" ? LABELS.rsIncomplete : LABELS.rsNotProvisional;
      return redirectWithToast(request, here, { type: "error", message });
    }
    return redirectWithToast(request, here, { type: "success", message: LABELS.rsDeclared });
  }

  if (intent !== "save") throw new Response("Bad Request", { status: 400 });
  const rows = parseLaneRows(form, t, round.tug);
  if (!rows.ok) {
    if (rows.error === "malformed") throw new Response("Bad Request", { status: 400 });
    const laneOf = new Map(resultsLanes(edition.id, round.id).map((x) => [x.id, x.lane]));
    const firstId = Number(Object.keys(rows.errors)[0]);
    const message = LABELS.rsLaneError(laneOf.get(firstId) ?? "?", rows.first);
    return json(
      {
        kind: "refused" as const,
        typed: rows.typed,
        errors: rows.errors,
        // The version it was sent with: fixing a row must not silently take another desk's save.
        version: versionOf(form),
        toast: { type: "error" as const, message },
      },
      400,
    );
  }
  const saved = saveProvisional(edition.id, user, round.id, rows.lanes, versionOf(form));
  if (!saved.ok) {
    if (saved.error === "roundGone") notFound();
    if (saved.error === "stale")
      return conflict(edition.id, round.id, LABELS.rsConflict, rows.typed, rows.lanes);
    // A lane not of this round: a forged form, or the draw changed under the page. Nothing written.
    return redirectWithToast(request, here, { type: "error", message: LABELS.rsStale });
  }
  const message =
    saved.kind === "revised"
      ? LABELS.rsSavedRevision(saved.revision)
      : saved.kind === "unchanged"
        ? LABELS.rsNothingChanged
        : LABELS.rsSavedProvisional;
  return redirectWithToast(request, here, { type: "success", message });
}

/** A stored lane as the form's texts. */
function storedText(x: ResultsLane, tug: boolean): LaneText {
  return {
    time: tug
      ? x.wins === null || x.losses === null
        ? ""
        : `${x.wins}-${x.losses}`
      : x.timeMs === null
        ? ""
        : formatRaceTime(x.timeMs),
    status: x.status ?? "",
    statusReason: x.statusReason,
    penalty: x.penaltyMs > 0 ? formatPenalty(x.penaltyMs) : "",
    penaltyReason: x.penaltyReason,
  };
}

/** A stored lane in one line, for the "what differs" mark: "2:35.19 (+5.00) · Wash", "DSQ · Left lane". */
function summaryOf(x: LaneText, nothing: string): string {
  const result = x.status || x.time;
  const text = [
    result + (x.penalty ? ` (+${x.penalty})` : ""),
    x.status ? x.statusReason : "",
    x.penalty ? x.penaltyReason : "",
  ]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" · ");
  return text || nothing;
}

export default function RoundResults() {
  const { round, lanes, version: loaded, ready } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const locale = useLocale();
  const { LABELS } = useMessages();
  const state = roundState(round);
  const stateText =
    state === "PROVISIONAL" && round.protestUntil !== null
      ? LABELS.rsProtestsUntil(formatClock(round.protestUntil))
      : stateLabel(LABELS, state, round.revision);
  const preview = data?.kind === "preview" ? data.preview : null;
  const typed = data?.kind === "refused" || data?.kind === "conflict" ? data.typed : null;
  const errors = data?.kind === "refused" ? data.errors : null;
  const clash = data?.kind === "conflict" ? data : null;
  // What the next write is checked against: after a refusal, what that answer says (not the page
  // reloaded under it), else what the page was loaded from.
  const version = data?.kind === "refused" || data?.kind === "conflict" ? data.version : loaded;
  const base = `/rounds/${round.id}`;
  // A new key when what the rows start from changes (saved, previewed, or the version the form
  // carries), so the boxes take it: the boxes never show other results than the version vouches for.
  const formKey = `${version}-${round.resultsAt ?? 0}-${preview ? JSON.stringify(preview.lanes) : ""}`;

  return (
    <Screen title={`${LABELS.rsTitle}: ${round.name}`}>
      <Toasts toasts={[data?.toast]} />
      <dl className="results-facts">
        <div>
          <dt>{LABELS.rsEvent}</dt>
          <dd>{round.eventName}</dd>
        </div>
        <div>
          <dt>{LABELS.rsRound}</dt>
          <dd>{round.name}</dd>
        </div>
        <div>
          <dt>{LABELS.rsRaceNumber}</dt>
          <dd>{round.raceNumber ?? "—"}</dd>
        </div>
        <div>
          <dt>{LABELS.rsScheduled}</dt>
          <dd>
            {round.scheduledAt === null ? LABELS.rsNotScheduled : formatDateTime(round.scheduledAt, locale)}
          </dd>
        </div>
        <div>
          <dt>{LABELS.rsState}</dt>
          <dd data-testid="results-state">{stateText}</dd>
        </div>
        <div>
          <dt>{LABELS.rsRevision}</dt>
          <dd data-testid="results-revision">{round.revision}</dd>
        </div>
      </dl>
      <p className="results-links">
        <a href={`${base}/start-list.pdf`}>{LABELS.rsStartListPdf}</a> ·{" "}
        <a href={`${base}/results.pdf`}>{LABELS.rsResultsPdf}</a> ·{" "}
        <a href={`${base}/lynx.evt`}>{LABELS.rsLynxEvt}</a>
      </p>

      {lanes.length === 0 ? (
        <Empty text={LABELS.rsNoLanes} />
      ) : (
        <>
          <Form method="post" encType="multipart/form-data" className="results-import" preventScrollReset>
            <CsrfInput />
            <TaskInput task={LABELS.rsImport} />
            <input type="hidden" name="intent" value="import" />
            <div className="field">
              <label htmlFor="results-file">{LABELS.rsImportFile}</label>
              <input
                id="results-file"
                name="file"
                type="file"
                accept=".lif,.csv,.txt,text/plain,text/csv"
                aria-describedby="results-file-hint"
              />
              <p className="hint" id="results-file-hint">
                {LABELS.rsImportHint}
              </p>
            </div>
            <button type="submit" className="btn">
              {LABELS.rsImport}
            </button>
          </Form>
          {data?.kind === "importRefused" ? (
            <div className="results-refused" role="alert">
              <p>{LABELS.rsImportRefused}</p>
              <ul>
                {data.importErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview ? (
            <p className="results-preview" role="status">
              {LABELS.rsPreview(preview.format)}
            </p>
          ) : null}

          {clash ? (
            <div className="results-refused results-conflict" data-testid="results-conflict">
              <p>{clash.message}</p>
            </div>
          ) : null}
          <PostForm
            task={LABELS.rsSaveProvisional}
            key={formKey}
            preventScrollReset
            noValidate
            className="results-form"
          >
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="version" value={version} />
            <div className="table-wrap">
              <table className="table results-table">
                <caption className="visually-hidden">{LABELS.rsLanesOf(round.name)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{LABELS.rsLane}</th>
                    <th scope="col">{LABELS.rsTeam}</th>
                    <th scope="col">{LABELS.rsClub}</th>
                    <th scope="col">{round.tug ? LABELS.rsRecord : LABELS.rsTime}</th>
                    <th scope="col">{LABELS.rsStatus}</th>
                    <th scope="col">{LABELS.rsStatusReason}</th>
                    <th scope="col">{LABELS.rsPenalty}</th>
                    <th scope="col">{LABELS.rsPenaltyReason}</th>
                    <th scope="col">{LABELS.rsPlace}</th>
                  </tr>
                </thead>
                <tbody>
                  {lanes.map((x) => {
                    const stored = storedText(x, round.tug);
                    const imported = preview?.lanes[x.lane];
                    const fromFile = imported
                      ? { ...stored, time: imported.time, status: imported.status }
                      : null;
                    const shown: LaneText = typed?.[x.id] ?? fromFile ?? stored;
                    const rowErrors = errors?.[x.id] ?? {};
                    const differs =
                      fromFile !== null &&
                      (fromFile.time !== stored.time || fromFile.status !== stored.status);
                    const theirs = clash?.stored[x.id];
                    return (
                      <LaneRow
                        key={x.id}
                        lane={x}
                        shown={shown}
                        errors={rowErrors}
                        tug={round.tug}
                        differs={
                          theirs
                            ? summaryOf(theirs, LABELS.rsNothingStored)
                            : differs
                              ? stored.status || stored.time || LABELS.rsNothingStored
                              : null
                        }
                        filePlace={imported?.filePlace ?? null}
                      />
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="actions">
              <button type="submit" className="btn btn-primary">
                {LABELS.rsSaveProvisional}
              </button>
            </div>
          </PostForm>
          {state === "PROVISIONAL" ? (
            <PostForm task={LABELS.rsDeclareOfficial} preventScrollReset className="results-declare">
              <input type="hidden" name="intent" value="declare" />
              <input type="hidden" name="version" value={version} />
              <button type="submit" className="btn btn-primary">
                {LABELS.rsDeclareOfficial}
              </button>
            </PostForm>
          ) : null}
          <section className="rdy-section" aria-labelledby="rdy-head">
            <h2 id="rdy-head" className="table-title">
              {LABELS.rdyHeading}
            </h2>
            <p className="hint">{LABELS.rdyHint}</p>
            <LaneReadinessList
              lanes={ready}
              race={LABELS.rcRaceLabel(round.raceNumber, `${round.eventName} ${round.name}`)}
              failed={data?.kind === "ready" ? data.ready : null}
            />
          </section>
        </>
      )}
    </Screen>
  );
}

function LaneRow({
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
