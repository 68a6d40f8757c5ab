// A race's lanes, Ready or not (issue 28 section 1), for staff: race control (inside the Ready
// column's <details>) and the results desk. Each lane says its state ("Ready", "Ready (by hand)"
// with the reason and who, "Not ready: 4 of 10 paddlers"), and offers Mark Ready (with a Reason)
// on a lane not ready, or Undo on a lane marked by hand (`forms`; race control shows them for one
// race at a time). Plain POST forms to the page's own URL (intent markReady / undoReady), so all of
// it works without JavaScript. Written as HTML text (laneReadinessHtml): race control's loader
// writes it into its table on the server (issue 30, ADR 0022); the results desk shows it through
// HtmlBlock, whose forms send as PostForm's do.
import { useLocation } from "@remix-run/react";
import { HtmlBlock } from "~/components/HtmlForms";
import { useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { hiddenHtml, postFormHtml } from "~/rules/form-html";
import { attrsHtml, elementHtml } from "~/rules/html";
import { type LaneReadiness, READY_REASON_MAX, staffText } from "~/rules/readiness";

/** One lane as a loader sends it (models/readiness.server.ts LaneReady). */
export type LaneView = {
  raceId: number;
  lane: string;
  teamName: string;
  readiness: LaneReadiness;
  readyByName: string | null;
};

/** A refused Mark Ready or Undo (the action's answer): which lane, why, and the reason typed. */
export type ReadyFailure = { raceId: number; message: string; reason: string };

export type LaneReadinessProps = {
  lanes: readonly LaneView[];
  /** The race as buttons name it: "Race 14 MIXED 500M HEAT 1". */
  race: string;
  failed?: ReadyFailure | null;
  /** With Mark Ready and Undo (false: the states only, as race control lists every race). */
  forms?: boolean;
};

/** The lanes as HTML; the forms post to `action` (the page's own URL with its query). */
export function laneReadinessHtml(
  t: Bundle,
  { lanes, race, failed, forms = true }: LaneReadinessProps,
  action: string,
): string {
  const { LABELS } = t;
  if (lanes.length === 0) return elementHtml("p", { class: "hint" }, LABELS.rdyNoLanes);
  let out = '<ul class="rdy-lanes">';
  for (const l of lanes) {
    const r = l.readiness;
    const mine = failed?.raceId === l.raceId ? failed : null;
    const state = r.ready ? (r.byHand ? "hand" : "ready") : "not";
    out += `<li${attrsHtml({ class: `rdy-lane rdy-${state}`, "data-lane": l.lane })}>`;
    out += elementHtml("span", { class: "rdy-team" }, LABELS.rdyLaneTeam(l.lane, l.teamName));
    out += ` ${elementHtml("span", { class: "rdy-state", "data-testid": "lane-ready" }, staffText(t, r))}`;
    if (r.ready && r.byHand) {
      const reason = l.readyByName ? LABELS.rdyReasonBy(r.reason, l.readyByName) : r.reason;
      out += elementHtml("span", { class: "rdy-reason" }, reason);
      if (forms)
        out += postFormHtml(
          { task: LABELS.rdyTaskUndoing, action, className: "rdy-form", preventScrollReset: true },
          hiddenHtml("intent", "undoReady") +
            hiddenHtml("race", l.raceId) +
            elementHtml(
              "button",
              { type: "submit", class: "btn btn-small", "aria-label": LABELS.rdyUndoOf(l.lane, race) },
              LABELS.rdyUndo,
            ),
        );
    }
    if (!r.ready && forms) out += markReadyHtml(t, l, race, mine, action);
    if (mine && r.ready) out += elementHtml("p", { class: "field-error", role: "alert" }, mine.message);
    out += "</li>";
  }
  return `${out}</ul>`;
}

function markReadyHtml(
  { LABELS }: Bundle,
  lane: LaneView,
  race: string,
  failed: ReadyFailure | null,
  action: string,
): string {
  const id = `rdy-reason-${lane.raceId}`;
  const input = attrsHtml({
    id,
    name: "reason",
    type: "text",
    maxlength: READY_REASON_MAX,
    required: true,
    autocomplete: "off",
    value: failed?.reason ?? "",
    "aria-invalid": failed ? "true" : undefined,
    "aria-describedby": failed ? `${id}-error` : undefined,
  });
  return postFormHtml(
    {
      task: LABELS.rdyTaskMarking,
      action,
      className: "rdy-form rdy-mark",
      noValidate: true,
      preventScrollReset: true,
    },
    hiddenHtml("intent", "markReady") +
      hiddenHtml("race", lane.raceId) +
      `<span class="rdy-field">${elementHtml("label", { for: id }, LABELS.rdyReason)}<input${input}/></span>` +
      elementHtml(
        "button",
        {
          type: "submit",
          class: "btn btn-small btn-primary",
          "aria-label": LABELS.rdyMarkReadyOf(lane.lane, race),
        },
        LABELS.rdyMarkReady,
      ) +
      (failed
        ? elementHtml("p", { class: "field-error", id: `${id}-error`, role: "alert" }, failed.message)
        : ""),
  );
}

/** The lanes in a React page (the results desk): the same HTML, its forms posting to this page. */
export function LaneReadinessList(props: LaneReadinessProps) {
  const t = useMessages();
  const { pathname, search } = useLocation();
  return <HtmlBlock className="rdy-list" html={laneReadinessHtml(t, props, `${pathname}${search}`)} />;
}
