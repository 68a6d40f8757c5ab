// /rounds/:id/draw?event=ID: Generate Draw over the rounds table (ADMIN; beyond the spec, issue 10).
// GET is the preview and never writes: which teams (all the event's teams, or the top N finishers
// of earlier rounds of the event), lanes per heat (1-10, default 6) and the seed; the heats and
// lanes the seeded draw gives, each heat under the round it goes into (this round, then "HEAT 2"
// ...). A URL without a seed (or Re-draw) is redirected to one with a fresh random seed, so every
// preview is a URL that shows the same draw again. Save Draw (POST) computes the plan again and
// writes it only if it is still the previewed one, in one transaction, audited
// (models/draw.server.ts). The same with and without JavaScript.
import "~/i18n/routes/_app.rounds.$id.draw";
import { randomInt } from "node:crypto";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  redirect,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  HeatsPreview,
  NumberField,
  PlanErrors,
  PreviewDialog,
  RankingTable,
  SourceRounds,
} from "~/components/DrawPreview";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { drawSaveSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { found, idParam, notFound } from "~/lib/params.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { type DrawInput, drawRound, planDraw, saveDraw, sourceRounds } from "~/models/draw.server";
import { parseDrawQuery, SEED_MAX } from "~/rules/draw";
import { drawErrorText, planForPage } from "~/rules/draw-errors";
import drawStyles from "~/styles/draw.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: drawStyles }];

const newSeed = () => randomInt(0, SEED_MAX + 1);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const round = found(drawRound(edition.id, idParam(params.id)));
  const url = new URL(request.url);
  const query = parseDrawQuery(url.searchParams);
  if (query.seed === null || url.searchParams.has("redraw")) {
    url.searchParams.delete("redraw");
    url.searchParams.set("seed", String(newSeed()));
    throw redirect(`${url.pathname}${url.search}`);
  }
  const input: DrawInput = {
    lanes: query.lanes,
    seed: query.seed,
    source:
      query.source === "event" ? { kind: "event" } : { kind: "rounds", from: query.from, top: query.top },
  };
  const plan = query.errors.length ? null : planDraw(round, input);
  const teams = plan && input.source.kind === "event" ? plan.teams : null;
  const shown = planForPage(messagesFor(request), plan);
  return json({
    round,
    sources: sourceRounds(round),
    query: { ...query, seed: query.seed },
    plan: shown,
    teams,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const round = found(drawRound(edition.id, idParam(params.id)));
  const { form, value } = await parseFixedForm(request, drawSaveSchema);
  const { fingerprint } = value;
  const query = parseDrawQuery(form);
  if (query.errors.length || query.seed === null) throw new Response("Bad Request", { status: 400 });
  const input: DrawInput = {
    lanes: query.lanes,
    seed: query.seed,
    source:
      query.source === "event" ? { kind: "event" } : { kind: "rounds", from: query.from, top: query.top },
  };
  const saved = saveDraw(edition.id, user, round.id, input, fingerprint);
  const { MSG } = messagesFor(request);
  if (saved.ok)
    return redirectWithToast(request, `/rounds?event=${round.eventId}`, {
      type: "success",
      message: MSG.drawSaved(saved.heats),
    });
  if (saved.code === "notFound") notFound();
  const message = saved.code === "stale" ? MSG.drawStale : drawErrorText({ MSG }, saved.plan.errors[0]);
  return json({ toast: { type: "error", message } as Toast }, saved.code === "stale" ? 409 : 400);
}

export default function GenerateDraw() {
  const { round, sources, query, plan, teams } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { LABELS } = useMessages();
  const fromRounds = query.source === "rounds";
  return (
    <PreviewDialog
      title={LABELS.rdGenerateDraw}
      toast={data?.toast}
      round={round}
      choices={
        <>
          <fieldset className="field">
            <legend>{LABELS.rdTeams}</legend>
            <div className="draw-choices">
              <label className="draw-check">
                <input
                  type="radio"
                  name="source"
                  value="event"
                  defaultChecked={!fromRounds}
                  key={`ev-${!fromRounds}`}
                />
                <span>{LABELS.rdAllEventTeams(teams)}</span>
              </label>
              <label className="draw-check">
                <input
                  type="radio"
                  name="source"
                  value="rounds"
                  defaultChecked={fromRounds}
                  disabled={sources.length === 0 && !fromRounds}
                  key={`rd-${fromRounds}`}
                />
                <span>{LABELS.rdTopFinishers}</span>
              </label>
            </div>
          </fieldset>
          <SourceRounds rounds={sources} chosen={query.from} legend={LABELS.rdEarlierRounds} />
        </>
      }
      top={query.top}
      topHint={LABELS.rdTopHintDraw}
      lanes={query.lanes}
      extraNumbers={
        <NumberField
          name="seed"
          label={LABELS.rdSeed}
          value={query.seed}
          min={0}
          max={SEED_MAX}
          hint={LABELS.rdSeedHint}
        />
      }
      buttons={
        <>
          <button type="submit" className="btn">
            {LABELS.rdPreview}
          </button>
          <button type="submit" name="redraw" value="1" className="btn">
            {LABELS.rdRedraw}
          </button>
        </>
      }
      queryErrors={query.errors}
      save={
        plan && plan.errors.length === 0
          ? {
              task: LABELS.rdTaskSavingDraw,
              label: LABELS.rdSaveDraw,
              fields: {
                source: query.source,
                from: query.from,
                top: query.top,
                lanes: query.lanes,
                seed: query.seed,
                fingerprint: plan.fingerprint,
              },
            }
          : null
      }
    >
      {plan ? (
        <>
          <h3 className="draw-title">
            {LABELS.rdDrawPreviewTitle(plan.teams, plan.heats.length, query.seed)}
          </h3>
          <PlanErrors errors={plan.errors} />
          {plan.ranking ? (
            <details className="draw-ranking" open={plan.errors.length > 0}>
              <summary>{LABELS.rdRankingOfChosen}</summary>
              <RankingTable rows={plan.ranking} caption={LABELS.rdRankingOfChosen} />
            </details>
          ) : null}
          {plan.errors.length === 0 ? (
            <>
              {plan.heats.length > 1 ? <p className="hint">{LABELS.rdOneRoundPerHeat}</p> : null}
              <HeatsPreview heats={plan.heats} roundId={round.id} seeded={false} />
            </>
          ) : null}
        </>
      ) : null}
    </PreviewDialog>
  );
}
