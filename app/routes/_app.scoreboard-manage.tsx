// /scoreboard-manage (ADMIN, COMMITTEE): which rounds the public /scoreboard shows. Every round of
// the live events, grouped by event, with its race count and how many are scored, a checkbox each
// (ticked when shown); Update makes the ticked rounds of the form the shown ones in one transaction
// with its audit entry, then tells the open scoreboards ('Scoreboard rounds updated
// successfully.'). A race day has ~200 rounds: the Event filter (a GET form) narrows the list, and
// Update then changes only the rounds on the form (each is posted as `listed`), never another
// event's. Works without JavaScript. See docs/decisions/0016-race-day.md (Scoreboard).
import "~/i18n/routes/_app.scoreboard-manage";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FilterForm } from "~/components/DataTable";
import { FilterSelect } from "~/components/ListToolbar";
import { PostForm } from "~/components/PostForm";
import { Empty, Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { requireUser } from "~/services/access.server";
import { editionOf, isArchivedWrite } from "~/services/edition.server";
import { boardSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { scoreboardChanged } from "~/routes/scoreboard/live.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  eventsWithRounds,
  type ManagedRound,
  managedRounds,
  type RoundFilter,
  shownCount,
  updateBoard,
} from "~/models/scoreboard.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { escapeHtml } from "~/rules/html";
import styles from "~/styles/scoreboard-manage.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.scoreboardManage);

function eventParam(url: URL): number | null {
  const raw = url.searchParams.get("event") ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

function roundsParam(url: URL): RoundFilter {
  const raw = url.searchParams.get("rounds");
  return ROUND_FILTERS.find((f) => f === raw) ?? "all";
}

const ROUND_FILTERS: readonly RoundFilter[] = ["all", "shown", "drawn"];
const roundLabels = ({ LABELS }: Bundle): Record<RoundFilter, string> => ({
  all: LABELS.sbFilterAll,
  shown: LABELS.sbFilterShown,
  drawn: LABELS.sbFilterDrawn,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "scoreboardManage");
  const edition = editionOf(request, user);
  const url = new URL(request.url);
  const eventId = eventParam(url);
  const rounds = roundsParam(url);
  return json({
    eventId,
    rounds,
    events: eventsWithRounds(edition.id),
    groups: managedRounds(edition.id, eventId, rounds),
    shown: shownCount(edition.id),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "scoreboardManage");
  const edition = editionOf(request, user);
  const { MSG, LABELS } = messagesFor(request);
  const { value } = await parseFixedForm(request, boardSchema);
  try {
    updateBoard(edition.id, user, value.listed, value.show);
  } catch (error) {
    // A round of an archived edition: the failures wrapper answers it (nothing changed).
    if (isArchivedWrite(error)) throw error;
    console.error("scoreboard update failed", error);
    const toast: Toast = { type: "error", message: MSG.genericError(LABELS.sbDoingUpdating) };
    return json({ toast }, 500);
  }
  scoreboardChanged();
  const { search } = new URL(request.url);
  return redirectWithToast(request, `/scoreboard-manage${search}`, {
    type: "success",
    message: MSG.scoreboardUpdated,
  });
}

/** An event's rows as HTML, one string (server and browser alike): ~200 rounds of React elements
 * were most of the page's CPU (issue 30, ADR 0022). The checkboxes start from what is stored, as
 * `defaultChecked` did. */
function groupHtml(
  group: { name: string; rounds: ManagedRound[] },
  raceText: (round: ManagedRound) => string,
  L: Bundle["LABELS"],
): string {
  let out = `<tr class="board-event"><th scope="colgroup" colSpan="2">${escapeHtml(group.name)}</th></tr>`;
  for (const round of group.rounds) {
    const id = escapeHtml(round.id);
    out +=
      `<tr><td class="cell-text"><input type="hidden" name="listed" value="${id}"/>` +
      `<label class="crew-pick"><input type="checkbox" name="show"${round.shown ? ' checked=""' : ""} value="${id}"/>` +
      `<span>${escapeHtml(round.name)}</span></label>` +
      `<small class="board-races">${escapeHtml(raceText(round))}</small></td>` +
      `<td class="board-now">${round.shown ? `<span class="badge badge-ok">${escapeHtml(L.sbShown)}</span>` : escapeHtml(L.sbHidden)}</td></tr>`;
  }
  return out;
}

export default function ScoreboardManage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useMessages();
  const { MSG, TITLES, LABELS } = t;
  const filterLabels = roundLabels(t);
  /** "6 races, all scored", "6 races, 2 scored", "No races yet". */
  const raceText = (round: ManagedRound) => LABELS.sbRaceText(round.races, round.scored);
  const rounds = data.groups.flatMap((g) => g.rounds);
  // Remount the checkboxes after an Update or a new filter: they start from what is stored.
  const formKey = `${data.eventId ?? "all"}:${data.rounds}:${rounds.map((r) => (r.shown ? r.id : "")).join(",")}`;
  return (
    <Screen
      title={TITLES.scoreboardManage}
      actions={
        // A plain document (not a Remix page): a full page load, in a tab of its own.
        <a href="/scoreboard" className="btn" target="_blank" rel="noopener">
          {LABELS.sbOpen}
        </a>
      }
    >
      <Toasts toasts={[actionData?.toast]} />
      <p>{MSG.scoreboardShownNow(data.shown)}</p>
      <FilterForm submitLabel={LABELS.show}>
        <FilterSelect
          name="event"
          label={LABELS.event}
          value={data.eventId ?? ""}
          choices={[["", LABELS.sbAllEvents], ...data.events.map((e) => [e.id, e.name] as const)]}
        />
        <FilterSelect
          name="rounds"
          label={LABELS.sbRounds}
          value={data.rounds}
          choices={ROUND_FILTERS.map((f) => [f, filterLabels[f]] as const)}
        />
      </FilterForm>
      {rounds.length === 0 ? (
        <Empty
          text={
            data.eventId === null && data.rounds === "all" ? MSG.scoreboardNoRounds : MSG.nothingToShowDot
          }
        />
      ) : (
        <PostForm task={LABELS.sbTaskUpdating} key={formKey} className="scoreboard-manage">
          <div className="table-wrap">
            <table className="table board-rounds">
              <thead>
                <tr>
                  <th scope="col">{LABELS.sbShowRound}</th>
                  <th scope="col">{LABELS.sbNow}</th>
                </tr>
              </thead>
              {data.groups.map((group) => {
                const html = groupHtml(group, raceText, LABELS);
                // biome-ignore lint/security/noDangerouslySetInnerHtml: every value is escaped by rules/html
                return <tbody key={group.id} dangerouslySetInnerHTML={{ __html: html }} />;
              })}
            </table>
          </div>
          <div className="crew-bar">
            <span className="hint">{LABELS.sbTickedHint}</span>
            <button type="submit" className="btn btn-primary">
              {LABELS.rdUpdate}
            </button>
          </div>
        </PostForm>
      )}
    </Screen>
  );
}
