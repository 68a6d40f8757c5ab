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
// Issue 30: a folder of small parts: the action dispatches on rules/results-schema's
// resultsDeskSchema (one handler per intent in ./intents.server.ts); the import preview and the
// two-desk conflict are services/results-desk.server.ts; the page's sections beside this file.
import "~/i18n/routes/_app.rounds_.$id.results";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LaneReadinessList } from "~/components/LaneReadiness";
import { PostForm } from "~/components/PostForm";
import { Empty, Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseFixedForm } from "~/lib/forms.server";
import { found, idParam } from "~/lib/params.server";
import { resultsDeskSchema } from "~/lib/schemas.server";
import { resultsDesk, resultsRound, resultsVersion } from "~/models/results.server";
import { roundState } from "~/rules/results";
import { type LaneText, laneSummary, laneText } from "~/rules/results-form";
import readinessStyles from "~/styles/readiness.css";
import styles from "~/styles/results.css";
import { ImportPanel } from "./ImportPanel";
import { declareIntent, importIntent, readyIntent, saveIntent } from "./intents.server";
import { LaneRow } from "./LaneRow";
import { RoundFacts } from "./RoundFacts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: readinessStyles },
];
export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.LABELS.rsTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "roundResults");
  const edition = editionOf(request, user);
  const { round, lanes, ready } = found(resultsDesk(edition.id, idParam(params.id)));
  return json({ round, lanes, version: resultsVersion(round, lanes), ready });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "roundResults");
  const edition = editionOf(request, user);
  const round = found(resultsRound(edition.id, idParam(params.id)));
  const { form, value } = await parseFixedForm(request, resultsDeskSchema);
  const desk = {
    request,
    editionId: edition.id,
    user,
    t: messagesFor(request),
    round,
    here: `/rounds/${round.id}/results`,
  };
  switch (value.intent) {
    case "import":
      return importIntent(desk, value.file);
    case "declare":
      return declareIntent(desk, value.version);
    case "save":
      return saveIntent(desk, form, value.version);
    case "markReady":
    case "undoReady":
      return readyIntent(desk, form);
  }
}

export default function RoundResults() {
  const { round, lanes, version: loaded, ready } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { LABELS } = useMessages();
  const preview = data?.kind === "preview" ? data.preview : null;
  const typed = data?.kind === "refused" || data?.kind === "conflict" ? data.typed : null;
  const errors = data?.kind === "refused" ? data.errors : null;
  const clash = data?.kind === "conflict" ? data : null;
  // What the next write is checked against: after a refusal, what that answer says (not the page
  // reloaded under it), else what the page was loaded from.
  const version = data?.kind === "refused" || data?.kind === "conflict" ? data.version : loaded;
  // A new key when what the rows start from changes (saved, previewed, or the version the form
  // carries), so the boxes take it: the boxes never show other results than the version vouches for.
  const formKey = `${version}-${round.resultsAt ?? 0}-${preview ? JSON.stringify(preview.lanes) : ""}`;

  return (
    <Screen title={`${LABELS.rsTitle}: ${round.name}`}>
      <Toasts toasts={[data?.toast]} />
      <RoundFacts round={round} />

      {lanes.length === 0 ? (
        <Empty text={LABELS.rsNoLanes} />
      ) : (
        <>
          <ImportPanel
            refused={data?.kind === "importRefused" ? data.importErrors : null}
            previewFormat={preview?.format ?? null}
          />

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
                    const stored = laneText(x, round.tug);
                    const imported = preview?.lanes[x.lane];
                    const fromFile = imported
                      ? { ...stored, time: imported.time, status: imported.status }
                      : null;
                    const shown: LaneText = typed?.[x.id] ?? fromFile ?? stored;
                    const differs =
                      fromFile !== null &&
                      (fromFile.time !== stored.time || fromFile.status !== stored.status);
                    const theirs = clash?.stored[x.id];
                    return (
                      <LaneRow
                        key={x.id}
                        lane={x}
                        shown={shown}
                        errors={errors?.[x.id] ?? {}}
                        tug={round.tug}
                        differs={
                          theirs
                            ? laneSummary(theirs, LABELS.rsNothingStored)
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
          {roundState(round) === "PROVISIONAL" ? (
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
