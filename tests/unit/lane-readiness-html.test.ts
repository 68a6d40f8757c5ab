// A race's lanes as HTML (components/LaneReadiness.tsx laneReadinessHtml): race control's loader
// writes it into its table, the results desk shows it. Each lane's state; Undo on a lane marked by
// hand and Mark Ready (a Reason box) on one not ready, only with `forms`; a refusal's reason and
// message on its lane; every value escaped; the forms post to the page's own URL.
import { describe, expect, it } from "vitest";
import { type LaneView, laneReadinessHtml } from "~/components/LaneReadiness";
import { EN } from "~/messages";
import { CSRF_MARK } from "~/rules/form-html";

const lanes: LaneView[] = [
  { raceId: 11, lane: "1", teamName: "A & B", readiness: { ready: true, byHand: false }, readyByName: null },
  {
    raceId: 12,
    lane: "2",
    teamName: "C",
    readiness: { ready: true, byHand: true, reason: "Crew <checked>" },
    readyByName: "Marshal",
  },
  {
    raceId: 13,
    lane: "3",
    teamName: "D",
    readiness: { ready: false, reasons: [{ kind: "nobody" }] },
    readyByName: null,
  },
];
const ACTION = "/race-control?day=2027-01-09&lanes=5";

describe("laneReadinessHtml", () => {
  it("says each lane's state, with no forms unless asked", () => {
    const html = laneReadinessHtml(EN, { lanes, race: "Race 5 HEAT 1", forms: false }, ACTION);
    expect(html).toContain(
      '<li class="rdy-lane rdy-ready" data-lane="1"><span class="rdy-team">Lane 1: A &amp; B</span> <span class="rdy-state" data-testid="lane-ready">Ready</span></li>',
    );
    expect(html).toContain('<span class="rdy-reason">Crew &lt;checked&gt; (by Marshal)</span>');
    expect(html).toContain("Not ready: nobody scanned yet");
    expect(html).not.toContain("<form");
    expect(laneReadinessHtml(EN, { lanes: [], race: "x" }, ACTION)).toBe('<p class="hint">No lanes yet.</p>');
  });

  it("offers Undo and Mark Ready posting to the page, each with the CSRF mark", () => {
    const html = laneReadinessHtml(EN, { lanes, race: "Race 5 HEAT 1" }, ACTION);
    const forms = html.match(/<form[^>]*>/g) ?? [];
    expect(forms).toEqual([
      '<form method="post" action="/race-control?day=2027-01-09&amp;lanes=5" class="rdy-form" data-html-form="1">',
      '<form method="post" action="/race-control?day=2027-01-09&amp;lanes=5" class="rdy-form rdy-mark" novalidate="" data-html-form="1">',
    ]);
    expect(html.split(`name="csrf" value="${CSRF_MARK}"`).length).toBe(3);
    expect(html).toContain(
      '<input type="hidden" name="intent" value="undoReady"/><input type="hidden" name="race" value="12"/>',
    );
    expect(html).toContain('aria-label="Undo Ready lane 2, Race 5 HEAT 1">Undo</button>');
    expect(html).toContain(
      '<label for="rdy-reason-13">Reason</label><input id="rdy-reason-13" name="reason" type="text" maxlength="200" required="" autocomplete="off" value=""/>',
    );
    expect(html).toContain('aria-label="Mark Ready lane 3, Race 5 HEAT 1">Mark Ready</button>');
  });

  it("shows a refused Mark Ready on its lane, with the reason typed", () => {
    const failed = { raceId: 13, message: "Give a reason.", reason: `"late" <crew>` };
    const html = laneReadinessHtml(EN, { lanes, race: "Race 5 HEAT 1", failed }, ACTION);
    expect(html).toContain(
      'value="&quot;late&quot; &lt;crew&gt;" aria-invalid="true" aria-describedby="rdy-reason-13-error"/>',
    );
    expect(html).toContain(
      '<p class="field-error" id="rdy-reason-13-error" role="alert">Give a reason.</p></form></li>',
    );
    expect(html.match(/role="alert"/g)?.length).toBe(1);
  });
});
