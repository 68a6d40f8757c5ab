// /rounds/:id/progress?event=ID: Progress over the rounds table (ADMIN; beyond the spec, issue 10).
// This round is the next round (a semi-final, the final); GET is the preview and never writes: tick
// the finished rounds to rank, the top N and the lanes per heat; the ranking by parsed score (a
// mis-typed or missing score is listed as a refusal naming its round, lane and team, and nothing
// can be saved), and the lanes the top N would get, fastest in the centre. Save (POST) computes the
// plan again and writes it only if it is still the previewed one, into empty rounds, in one
// transaction, audited (models/draw.server.ts). The same with and without JavaScript.
import "~/i18n/routes/_app.rounds.$id.progress";
import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  HeatsPreview,
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
import { drawRound, planProgress, saveProgress, sourceRounds } from "~/models/draw.server";
import { parseDrawQuery } from "~/rules/draw";
import { drawErrorText, planForPage } from "~/rules/draw-errors";
import drawStyles from "~/styles/draw.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: drawStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const round = found(drawRound(edition.id, idParam(params.id)));
  const query = parseDrawQuery(new URL(request.url).searchParams);
  const plan =
    query.errors.length || query.from.length === 0
      ? null
      : planProgress(round, { from: query.from, top: query.top, lanes: query.lanes });
  return json({ round, sources: sourceRounds(round), query, plan: planForPage(messagesFor(request), plan) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const round = found(drawRound(edition.id, idParam(params.id)));
  const { form, value } = await parseFixedForm(request, drawSaveSchema);
  const { fingerprint } = value;
  const query = parseDrawQuery(form);
  if (query.errors.length) throw new Response("Bad Request", { status: 400 });
  const saved = saveProgress(
    edition.id,
    user,
    round.id,
    { from: query.from, top: query.top, lanes: query.lanes },
    fingerprint,
  );
  const { MSG } = messagesFor(request);
  if (saved.ok)
    return redirectWithToast(request, `/rounds?event=${round.eventId}`, {
      type: "success",
      message:
        saved.heats > 1 ? MSG.progressSavedHeats(saved.teams, saved.heats) : MSG.progressSaved(saved.teams),
    });
  if (saved.code === "notFound") notFound();
  const message = saved.code === "stale" ? MSG.drawStale : drawErrorText({ MSG }, saved.plan.errors[0]);
  return json({ toast: { type: "error", message } as Toast }, saved.code === "stale" ? 409 : 400);
}

export default function Progress() {
  const { round, sources, query, plan } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { LABELS } = useMessages();
  return (
    <PreviewDialog
      title={LABELS.rdProgress}
      toast={data?.toast}
      round={round}
      lead={LABELS.rdInto}
      choices={<SourceRounds rounds={sources} chosen={query.from} legend={LABELS.rdRankTheRounds} />}
      top={query.top}
      topHint={LABELS.rdTopHintProgress}
      lanes={query.lanes}
      buttons={
        <button type="submit" className="btn">
          {LABELS.rdPreview}
        </button>
      }
      queryErrors={query.errors}
      save={
        plan && plan.errors.length === 0
          ? {
              task: LABELS.rdTaskSavingProgression,
              label: LABELS.save,
              fields: { from: query.from, top: query.top, lanes: query.lanes, fingerprint: plan.fingerprint },
            }
          : null
      }
    >
      {!plan && !query.errors.length ? <p className="hint">{LABELS.rdTickToRank}</p> : null}
      {plan ? (
        <>
          <PlanErrors errors={plan.errors} />
          {plan.ranking?.length ? (
            <section aria-label={LABELS.rdRanking}>
              <h3 className="draw-title">{LABELS.rdRanking}</h3>
              <RankingTable rows={plan.ranking} caption={LABELS.rdRankingOfChosen} />
            </section>
          ) : null}
          {plan.errors.length === 0 ? (
            <>
              <h3 className="draw-title">{LABELS.rdNextRoundTitle(plan.teams, plan.heats.length)}</h3>
              <HeatsPreview heats={plan.heats} roundId={round.id} seeded />
            </>
          ) : null}
        </>
      ) : null}
    </PreviewDialog>
  );
}
