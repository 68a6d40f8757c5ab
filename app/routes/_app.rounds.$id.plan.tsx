// /rounds/:id/plan?event=ID: the Progression Plan dialog over the rounds table (ADMIN; issue 20,
// section 4). This round is the one the plan fills: tick the event's other rounds the crews come
// from, the mode (best times across the rounds, or places in each round plus best times),
// Qualify, Plus best times and Lanes. Save checks the numbers (more qualifiers than lanes is
// refused), that the rounds are this event's others and make no loop, and writes the plan,
// audited; Remove plan deletes it. When every source round is declared Official the round is
// seeded by models/progression.server.ts seedAfterOfficial; a plan saved when they already are
// seeds its (empty) round at once, the toast says with how many crews. The same with and without
// JavaScript.
import "~/i18n/routes/_app.rounds.$id.plan";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { NumberField } from "~/components/DrawPreview";
import { PostForm } from "~/components/PostForm";
import { Toasts } from "~/components/Toasts";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { parseFixedForm } from "~/lib/forms.server";
import { found, idParam, notFound } from "~/lib/params.server";
import { planIntentSchema } from "~/lib/schemas.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Bundle } from "~/messages";
import { otherRounds, planOf, planTarget, removePlan, savePlan } from "~/models/progression.server";
import { LANES_DEFAULT, LANES_MAX, LANES_MIN } from "~/rules/draw";
import { COUNT_MAX, PLUS_MAX, type PlanRefusal, parsePlanForm } from "~/rules/progression";
import drawStyles from "~/styles/draw.css";

export const links = () => [{ rel: "stylesheet", href: drawStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const target = found(planTarget(edition.id, idParam(params.id)));
  return json({ target, rounds: otherRounds(target), plan: planOf(edition.id, target.id) });
}

function refusalText({ LABELS }: Bundle, r: PlanRefusal): string {
  if (r.code === "tooMany") return LABELS.pgErrTooMany(r.planned, r.lanes);
  if (r.code === "noSources") return LABELS.pgErrNoSources;
  switch (r.field) {
    case "mode":
      return LABELS.pgErrMode;
    case "count":
      return LABELS.pgErrCount(COUNT_MAX);
    case "plusTimes":
      return LABELS.pgErrPlus(PLUS_MAX);
    case "lanes":
      return LABELS.pgErrLanes(LANES_MIN, LANES_MAX);
    case "from":
      return LABELS.pgErrFrom;
  }
}

/** What was typed, back into the form after a refusal (short: a mode or two digits). */
type Typed = { from: number[]; mode: string; count: string; plusTimes: string; lanes: string };
const typedOf = (form: FormData, from: number[]): Typed => {
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 8);
  return {
    from,
    mode: text("mode"),
    count: text("count"),
    plusTimes: text("plusTimes"),
    lanes: text("lanes"),
  };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, "rounds");
  const edition = editionOf(request, user);
  const target = found(planTarget(edition.id, idParam(params.id)));
  const { form, value } = await parseFixedForm(request, planIntentSchema());
  const t = messagesFor(request);
  const back = `/rounds?event=${target.eventId}`;
  if (value.intent === "remove") {
    if (!removePlan(edition.id, user, target.id).ok) notFound();
    return redirectWithToast(request, back, { type: "success", message: t.LABELS.pgRemoved });
  }
  const parsed = parsePlanForm(form);
  const refuse = (message: string) =>
    json({ toast: { type: "error", message } as Toast, typed: typedOf(form, parsed.from) }, 400);
  if (!parsed.plan) return refuse(refusalText(t, parsed.refusals[0]));
  const saved = savePlan(edition.id, user, target.id, parsed.plan, parsed.from);
  if (!saved.ok) {
    if (saved.code === "notFound") notFound();
    return refuse(saved.code === "cycle" ? t.LABELS.pgErrCycle : t.LABELS.pgErrFrom);
  }
  // Every source already Official and the round empty: seeded at once (models/progression.server.ts).
  const message =
    typeof saved.seeded === "number"
      ? t.LABELS.pgSavedSeeded(target.name, saved.seeded)
      : saved.seeded === "skipped"
        ? t.LABELS.pgSavedNotSeeded(target.name)
        : t.LABELS.pgSaved;
  return redirectWithToast(request, back, { type: "success", message });
}

export default function PlanDialog() {
  const { target, rounds, plan } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { search } = useLocation();
  const { LABELS } = useMessages();
  const typed = data?.typed;
  const v = typed ?? {
    from: plan?.sources.map((s) => s.id) ?? [],
    mode: plan?.mode ?? "TIME",
    count: String(plan?.count ?? 2),
    plusTimes: String(plan?.plusTimes ?? 0),
    lanes: String(plan?.lanes ?? LANES_DEFAULT),
  };
  // After a refusal the page shows what was typed (without JavaScript a new page; with it the
  // boxes simply keep what the admin left in them).
  const closeTo = `/rounds${search || `?event=${target.eventId}`}`;
  return (
    <Dialog title={LABELS.pgPlanTitle} closeTo={closeTo} wide>
      <Toasts toasts={[data?.toast]} />
      <p>
        {LABELS.pgInto} <strong>{target.name}</strong> · {target.eventName}
      </p>
      {target.races > 0 && target.seededAt === null ? <p className="hint">{LABELS.pgHasRaces}</p> : null}
      <PostForm task={LABELS.pgTaskSaving} preventScrollReset className="draw-form">
        <input type="hidden" name="intent" value="save" />
        <fieldset className="field draw-sources">
          <legend>{LABELS.pgSources}</legend>
          {rounds.length === 0 ? <p className="hint">{LABELS.pgNoOtherRounds}</p> : null}
          {rounds.map((r) => (
            <label key={r.id} className="draw-check">
              <input type="checkbox" name="from" value={r.id} defaultChecked={v.from.includes(r.id)} />
              <span>{r.raceNumber === null ? r.name : LABELS.pgRaceNo(r.name, r.raceNumber)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>{LABELS.pgModeLegend}</legend>
          <div className="draw-choices">
            <label className="draw-check">
              <input type="radio" name="mode" value="TIME" defaultChecked={v.mode !== "PLACE"} />
              <span>{LABELS.pgModeTime}</span>
            </label>
            <label className="draw-check">
              <input type="radio" name="mode" value="PLACE" defaultChecked={v.mode === "PLACE"} />
              <span>{LABELS.pgModePlace}</span>
            </label>
          </div>
        </fieldset>
        <div className="draw-numbers">
          <NumberField
            name="count"
            label={LABELS.pgCount}
            value={v.count}
            min={1}
            max={COUNT_MAX}
            hint={LABELS.pgCountHint}
          />
          <NumberField
            name="plusTimes"
            label={LABELS.pgPlusTimes}
            value={v.plusTimes}
            min={0}
            max={PLUS_MAX}
            hint={LABELS.pgPlusHint}
          />
          <NumberField name="lanes" label={LABELS.pgLanes} value={v.lanes} min={LANES_MIN} max={LANES_MAX} />
        </div>
        <p className="hint">{LABELS.pgWhen}</p>
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {LABELS.save}
          </button>
          <Link to={closeTo} className="btn" preventScrollReset>
            {LABELS.cancel}
          </Link>
        </div>
      </PostForm>
      {plan ? (
        <PostForm task={LABELS.pgTaskRemoving} preventScrollReset className="actions">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="btn btn-danger">
            {LABELS.pgRemove}
          </button>
        </PostForm>
      ) : null}
    </Dialog>
  );
}
