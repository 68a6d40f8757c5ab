// /rounds/:id/progress?event=ID: Progress over the rounds table (ADMIN; beyond the spec, issue 10).
// This round is the next round (a semi-final, the final); GET is the preview and never writes: tick
// the finished rounds to rank, the top N and the lanes per heat; the ranking by parsed score (a
// mis-typed or missing score is listed as a refusal naming its round, lane and team, and nothing
// can be saved), and the lanes the top N would get, fastest in the centre. Save (POST) computes the
// plan again and writes it only if it is still the previewed one, into empty rounds, in one
// transaction, audited (models/draw.server.ts). The same with and without JavaScript.
import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { HeatsPreview, NumberField, PlanErrors, RankingTable, SourceRounds } from "~/components/DrawPreview";
import { PostForm } from "~/components/PostForm";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/lib/access.server";
import { readForm } from "~/lib/csrf.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { DRAW_MSG, drawRound, planProgress, saveProgress, sourceRounds } from "~/models/draw.server";
import { LANES_MAX, LANES_MIN, parseDrawQuery, TOP_MAX } from "~/rules/draw";
import { parseId } from "~/rules/race-fields";
import drawStyles from "~/styles/draw.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: drawStyles }];

function roundOf(raw: string | undefined) {
  const id = parseId(raw);
  const round = id === null ? undefined : drawRound(id);
  if (!round) throw new Response("Not Found", { status: 404 });
  return round;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, "rounds");
  const round = roundOf(params.id);
  const query = parseDrawQuery(new URL(request.url).searchParams);
  const plan =
    query.errors.length || query.from.length === 0
      ? null
      : planProgress(round, { from: query.from, top: query.top, lanes: query.lanes });
  return json({ round, sources: sourceRounds(round), query, plan });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const round = roundOf(params.id);
  const form = await readForm(request);
  const query = parseDrawQuery(form);
  const fingerprint = form.get("fingerprint");
  if (query.errors.length || typeof fingerprint !== "string")
    throw new Response("Bad Request", { status: 400 });
  const saved = saveProgress(
    user,
    round.id,
    { from: query.from, top: query.top, lanes: query.lanes },
    fingerprint,
  );
  if (saved.ok)
    return redirectWithToast(request, `/rounds?event=${round.eventId}`, {
      type: "success",
      message:
        saved.heats > 1
          ? DRAW_MSG.progressSavedHeats(saved.teams, saved.heats)
          : DRAW_MSG.progressSaved(saved.teams),
    });
  if (saved.error === "notFound") throw new Response("Not Found", { status: 404 });
  const message = saved.error === "stale" ? DRAW_MSG.stale : saved.plan.errors[0];
  return json({ toast: { type: "error", message } as Toast }, saved.error === "stale" ? 409 : 400);
}

export default function Progress() {
  const { round, sources, query, plan } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const closeTo = `/rounds?event=${round.eventId}`;
  return (
    <Dialog title="Progress" closeTo={closeTo} wide>
      <Toasts toasts={[data?.toast]} />
      <p>
        Into <strong>{round.name}</strong> · {round.eventName}
      </p>
      <Form method="get" className="draw-form" preventScrollReset>
        <input type="hidden" name="event" value={round.eventId} />
        <SourceRounds rounds={sources} chosen={query.from} legend="Rank the rounds" />
        <div className="draw-numbers">
          <NumberField
            name="top"
            label="Top"
            value={query.top}
            min={1}
            max={TOP_MAX}
            hint="how many go through"
          />
          <NumberField
            name="lanes"
            label="Lanes per heat"
            value={query.lanes}
            min={LANES_MIN}
            max={LANES_MAX}
          />
        </div>
        <div className="actions">
          <button type="submit" className="btn">
            Preview
          </button>
        </div>
      </Form>

      {query.errors.length ? <PlanErrors errors={query.errors} /> : null}
      {!plan && !query.errors.length ? (
        <p className="hint">Tick the finished rounds to rank, then Preview.</p>
      ) : null}
      {plan ? (
        <>
          <PlanErrors errors={plan.errors} />
          {plan.ranking?.length ? (
            <section aria-label="Ranking">
              <h3 className="draw-title">Ranking</h3>
              <RankingTable rows={plan.ranking} caption="Ranking of the chosen rounds" />
            </section>
          ) : null}
          {plan.errors.length === 0 ? (
            <>
              <h3 className="draw-title">
                Next round: the top {plan.teams}, fastest in the centre lanes
                {plan.heats.length > 1 ? `, in ${plan.heats.length} heats` : ""}
              </h3>
              <HeatsPreview heats={plan.heats} roundId={round.id} seeded />
              <PostForm task="Saving progression" preventScrollReset className="actions">
                {query.from.map((id) => (
                  <input key={id} type="hidden" name="from" value={id} />
                ))}
                <input type="hidden" name="top" value={query.top} />
                <input type="hidden" name="lanes" value={query.lanes} />
                <input type="hidden" name="fingerprint" value={plan.fingerprint} />
                <button type="submit" className="btn btn-primary">
                  Save
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
