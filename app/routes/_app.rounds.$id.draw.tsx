// /rounds/:id/draw?event=ID: Generate Draw over the rounds table (ADMIN; beyond the spec, issue 10).
// GET is the preview and never writes: which teams (all the event's teams, or the top N finishers
// of earlier rounds of the event), lanes per heat (1-10, default 6) and the seed; the heats and
// lanes the seeded draw gives, each heat under the round it goes into (this round, then "HEAT 2"
// ...). A URL without a seed (or Re-draw) is redirected to one with a fresh random seed, so every
// preview is a URL that shows the same draw again. Save Draw (POST) computes the plan again and
// writes it only if it is still the previewed one, in one transaction, audited
// (models/draw.server.ts). The same with and without JavaScript.
import { randomInt } from "node:crypto";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { HeatsPreview, NumberField, PlanErrors, RankingTable, SourceRounds } from "~/components/DrawPreview";
import { PostForm } from "~/components/PostForm";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { DRAW_MSG, type DrawInput, drawRound, planDraw, saveDraw, sourceRounds } from "~/models/draw.server";
import { LANES_MAX, LANES_MIN, parseDrawQuery, SEED_MAX, TOP_MAX } from "~/rules/draw";
import { parseId } from "~/rules/race-fields";
import drawStyles from "~/styles/draw.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: drawStyles }];

function roundOf(raw: string | undefined) {
  const id = parseId(raw);
  const round = id === null ? undefined : drawRound(id);
  if (!round) throw new Response("Not Found", { status: 404 });
  return round;
}

const newSeed = () => randomInt(0, SEED_MAX + 1);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "rounds");
  const round = roundOf(params.id);
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
  return json({ round, sources: sourceRounds(round), query: { ...query, seed: query.seed }, plan, teams });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const round = roundOf(params.id);
  const form = await readForm(request);
  const query = parseDrawQuery(form);
  const fingerprint = form.get("fingerprint");
  if (query.errors.length || query.seed === null || typeof fingerprint !== "string")
    throw new Response("Bad Request", { status: 400 });
  const input: DrawInput = {
    lanes: query.lanes,
    seed: query.seed,
    source:
      query.source === "event" ? { kind: "event" } : { kind: "rounds", from: query.from, top: query.top },
  };
  const saved = saveDraw(user, round.id, input, fingerprint);
  if (saved.ok)
    return redirectWithToast(request, `/rounds?event=${round.eventId}`, {
      type: "success",
      message: DRAW_MSG.drawSaved(saved.heats),
    });
  if (saved.error === "notFound") throw new Response("Not Found", { status: 404 });
  const message = saved.error === "stale" ? DRAW_MSG.stale : saved.plan.errors[0];
  return json({ toast: { type: "error", message } as Toast }, saved.error === "stale" ? 409 : 400);
}

export default function GenerateDraw() {
  const { round, sources, query, plan, teams } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const closeTo = `/rounds?event=${round.eventId}`;
  const fromRounds = query.source === "rounds";
  return (
    <Dialog title="Generate Draw" closeTo={closeTo} wide>
      <Toasts toasts={[data?.toast]} />
      <p>
        <strong>{round.name}</strong> · {round.eventName}
      </p>
      <Form method="get" className="draw-form" preventScrollReset>
        <input type="hidden" name="event" value={round.eventId} />
        <fieldset className="field">
          <legend>Teams</legend>
          <div className="draw-choices">
            <label className="draw-check">
              <input
                type="radio"
                name="source"
                value="event"
                defaultChecked={!fromRounds}
                key={`ev-${!fromRounds}`}
              />
              <span>All the event's teams{teams !== null ? ` (${teams})` : ""}</span>
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
              <span>The top finishers of earlier rounds (ticked below)</span>
            </label>
          </div>
        </fieldset>
        <SourceRounds rounds={sources} chosen={query.from} legend="Earlier rounds" />
        <div className="draw-numbers">
          <NumberField
            name="top"
            label="Top"
            value={query.top}
            min={1}
            max={TOP_MAX}
            hint="from earlier rounds"
          />
          <NumberField
            name="lanes"
            label="Lanes per heat"
            value={query.lanes}
            min={LANES_MIN}
            max={LANES_MAX}
          />
          <NumberField
            name="seed"
            label="Seed"
            value={query.seed}
            min={0}
            max={SEED_MAX}
            hint="the same seed, the same draw"
          />
        </div>
        <div className="actions">
          <button type="submit" className="btn">
            Preview
          </button>
          <button type="submit" name="redraw" value="1" className="btn">
            Re-draw
          </button>
        </div>
      </Form>

      {query.errors.length ? <PlanErrors errors={query.errors} /> : null}
      {plan ? (
        <>
          <h3 className="draw-title">
            Preview{plan.teams ? `: ${plan.teams} ${plan.teams === 1 ? "team" : "teams"}` : ""}
            {plan.heats.length > 1 ? ` in ${plan.heats.length} heats` : ""}, seed {query.seed}
          </h3>
          <PlanErrors errors={plan.errors} />
          {plan.ranking ? (
            <details className="draw-ranking" open={plan.errors.length > 0}>
              <summary>Ranking of the chosen rounds</summary>
              <RankingTable rows={plan.ranking} caption="Ranking of the chosen rounds" />
            </details>
          ) : null}
          {plan.errors.length === 0 ? (
            <>
              {plan.heats.length > 1 ? (
                <p className="hint">
                  One round per heat: heat 1 goes into this round, the others into the rounds named below.
                </p>
              ) : null}
              <HeatsPreview heats={plan.heats} roundId={round.id} seeded={false} />
              <PostForm task="Saving draw" preventScrollReset className="actions">
                <input type="hidden" name="source" value={query.source} />
                {query.from.map((id) => (
                  <input key={id} type="hidden" name="from" value={id} />
                ))}
                <input type="hidden" name="top" value={query.top} />
                <input type="hidden" name="lanes" value={query.lanes} />
                <input type="hidden" name="seed" value={query.seed} />
                <input type="hidden" name="fingerprint" value={plan.fingerprint} />
                <button type="submit" className="btn btn-primary">
                  Save Draw
                </button>
                <Link to={closeTo} className="btn" preventScrollReset>
                  Cancel
                </Link>
              </PostForm>
            </>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
