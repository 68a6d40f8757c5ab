// /eoi itself. MANAGER: 'Expression of Interest': every live EOI event with a tick, Save (POST)
// records the team's interest (models/eoi.server.ts saveInterest: one EOIUser per manager with
// their email and name and their association's name and country, looked up here from the user,
// never from the form; the ticked ids are checked again inside the write). What is saved, and when,
// is shown above the form. A tick of an event deleted meanwhile refuses the save whole: the form
// comes back with the manager's other ticks (not the saved ones) and a toast. ADMIN and COMMITTEE: 'EOI Result', tab Result by Events (id, name,
// interested teams, View), the View dialog at ?view=ID (a GET, the same without JavaScript).
import "~/i18n/routes/_app.eoi._index";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { Dialog } from "~/components/Dialog";
import { PostForm } from "~/components/PostForm";
import { Empty, Screen } from "~/components/Screen";
import { Toasts } from "~/components/Toasts";
import { requireRole, requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { countryList, countryName } from "~/lib/countries.server";
import { NO_FIELDS, parseForm } from "~/lib/forms.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { findAssociation } from "~/models/association.server";
import {
  eventResults,
  findEoiEvent,
  interestedIn,
  interestOf,
  liveEoiEvents,
  saveInterest,
} from "~/models/eoi.server";
import type { User } from "~/models/user.server";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { metaBundle, useLocale, useMessages } from "~/i18n/useMessages";
import { parseTicks } from "~/rules/eoi";
import { formatDateTime } from "~/rules/format";
import { parseId } from "~/rules/race-fields";
import drawStyles from "~/styles/draw.css";
import {
  EoiResultScreen,
  eventResultColumnsOf,
  interestedColumnsOf,
  viewColumnOf,
} from "~/components/EoiTables";

// The tick list reuses the draw dialogs' check rows (a column of labelled checkboxes).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: drawStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { TITLES } = metaBundle(matches);
  return [{ title: `${data?.view === "manager" ? TITLES.eoiManager : TITLES.eoi} | ${TITLES.appName}` }];
};

/** The manager's association, from their account (null: not in a team). */
function clubOf(user: User) {
  return user.associationId === null ? undefined : findAssociation(user.associationId);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "eoi");
  const edition = editionOf(request, user);
  if (user.role === "MANAGER") {
    const club = clubOf(user);
    const locale = localeOf(request);
    const country = (code: string) =>
      countryList(locale).find((c) => c.code === code)?.name ?? countryName(code);
    return json({
      view: "manager" as const,
      club: club ? { name: club.name, country: country(club.country) } : null,
      events: club ? liveEoiEvents(edition.id) : [],
      saved: club ? interestOf(edition.id, user.email) : { eventIds: [], savedAt: null },
    });
  }
  const asked = parseId(new URL(request.url).searchParams.get("view"));
  const event = asked === null ? undefined : findEoiEvent(edition.id, asked);
  return json({
    view: "staff" as const,
    results: eventResults(edition.id),
    viewing: event ? { event, teams: interestedIn(edition.id, event.id) } : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, "eoi");
  requireRole(user, ["MANAGER"]);
  const edition = editionOf(request, user);
  const { MSG } = messagesFor(request);
  const { form } = await parseForm(request, NO_FIELDS);
  const ticks = parseTicks(form.getAll("event"));
  if (ticks === null) throw new Response("Bad Request", { status: 400 });
  const club = clubOf(user);
  if (!club) return redirectWithToast(request, "/eoi", { type: "error", message: MSG.eoiNoClub });
  const owner = { email: user.email, name: user.name || user.email, team: club.name, country: club.country };
  if (saveInterest(edition.id, owner, ticks) === "gone") {
    // What was typed stays: the ticks of events still live, not the saved ones.
    const live = new Set(liveEoiEvents(edition.id).map((e) => e.id));
    return json(
      {
        ticks: ticks.filter((id) => live.has(id)),
        toast: { type: "error", message: MSG.eoiBadTicks } as Toast,
      },
      409,
    );
  }
  return redirectWithToast(request, "/eoi", { type: "success", message: MSG.eoiSaved });
}

export default function EoiIndex() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return data.view === "manager" ? (
    <InterestForm data={data} refused={refused} />
  ) : (
    <ResultByEvents data={data} />
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function InterestForm({
  data,
  refused,
}: {
  data: Extract<Data, { view: "manager" }>;
  refused: { ticks: number[]; toast: Toast } | undefined;
}) {
  const { club, events, saved } = data;
  const { MSG, TITLES, LABELS } = useMessages();
  const locale = useLocale();
  if (!club)
    return (
      <Screen title={TITLES.eoiManager}>
        <Empty text={MSG.eoiNoClub} />
      </Screen>
    );
  const savedIds = new Set(saved.eventIds);
  const savedNames = events.filter((e) => savedIds.has(e.id)).map((e) => e.name);
  // The boxes: after a refused save, the manager's own ticks; otherwise what is saved.
  const ticked = refused ? new Set(refused.ticks) : savedIds;
  // A new saved state, a refusal or a changed list remounts the ticks (with JavaScript the boxes
  // would otherwise keep what was clicked).
  const formKey = [
    saved.savedAt,
    saved.eventIds.join(","),
    events.map((e) => e.id).join(","),
    refused ? refused.ticks.join(",") : "",
  ].join(":");
  return (
    <Screen title={TITLES.eoiManager}>
      <Toasts toasts={[refused?.toast]} />
      <section aria-labelledby="eoi-saved-title">
        <h2 id="eoi-saved-title" className="table-title">
          {MSG.eoiSavedFor(club.name, club.country)}
        </h2>
        {saved.savedAt === null ? (
          <p>{MSG.eoiNothingSaved}</p>
        ) : (
          <>
            <p>{MSG.eoiSavedWhen(formatDateTime(saved.savedAt, locale), savedNames.length)}</p>
            {savedNames.length ? (
              <ul aria-label={LABELS.eoiSavedEvents}>
                {savedNames.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </section>
      {events.length === 0 ? (
        <Empty text={MSG.eoiNoEvents} />
      ) : (
        <PostForm task={LABELS.eoiTaskSaving} key={formKey} preventScrollReset className="card eoi-form">
          <fieldset className="field">
            <legend>{MSG.eoiIntro}</legend>
            <div className="draw-sources">
              {events.map((e) => (
                <label key={e.id} className="draw-check">
                  <input type="checkbox" name="event" value={e.id} defaultChecked={ticked.has(e.id)} />
                  <span>{e.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn btn-primary">
            {LABELS.save}
          </button>
        </PostForm>
      )}
    </Screen>
  );
}

function ResultByEvents({ data }: { data: Extract<Data, { view: "staff" }> }) {
  const { results, viewing } = data;
  const t = useMessages();
  const { MSG, LABELS } = t;
  return (
    <EoiResultScreen tab="events">
      <DataTable
        columns={[...eventResultColumnsOf(t), viewColumnOf(t)]}
        rows={results}
        rowKey={(r) => r.id}
        caption={LABELS.eoiTabEvents}
        empty={MSG.eoiNoEvents}
      />
      {viewing ? (
        <Dialog title={LABELS.eoiInterestedTeams} closeTo="/eoi" wide>
          <p>
            <strong>{viewing.event.name}</strong>: {MSG.eoiTeams(viewing.teams.length)}
          </p>
          <DataTable
            columns={interestedColumnsOf(t)}
            rows={viewing.teams}
            rowKey={(r) => r.id}
            caption={MSG.eoiInterestedCaption(viewing.event.name)}
          />
        </Dialog>
      ) : null}
    </EoiResultScreen>
  );
}
