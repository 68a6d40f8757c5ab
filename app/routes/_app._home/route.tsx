import "~/i18n/routes/_app._home";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { CopyField } from "~/components/CopyField";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { PhotoGuidance, PhotoInput } from "~/components/PhotoInput";
import { Screen } from "~/components/Screen";
import { StatusBadge } from "~/components/StatusBadge";
import { requireUser, scopeOf } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { countryList } from "~/lib/countries.server";
import { referralLink } from "~/lib/links.server";
import { assignedEvents } from "~/models/event.server";
import { associationOf, statistics } from "~/models/user.server";
import { localeOf } from "~/i18n/locale.server";
import { metaBundle, useMessages } from "~/i18n/useMessages";
import type { Bundle } from "~/messages";
import { formatCount, formatRM } from "~/rules/format";
import { photoState } from "~/rules/user-status";
import { EventTeamsTable } from "./event-teams";

// Home (spec section 2): the overview for staff, the profile for managers and competitors. A
// pathless layout, so its dialogs are child routes over it: /password (Change Password, every
// role), /confirmed-events and /referral-link (managers: Regenerate Link); the profile's photo
// upload posts to /photo.
export const meta: MetaFunction = ({ matches }) => [{ title: metaBundle(matches).TITLES.appName }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "home");
  const edition = editionOf(request, user);
  if (user.role === "ADMIN" || user.role === "COMMITTEE") {
    return json({ kind: "overview" as const, stats: statistics(edition.id), admin: user.role === "ADMIN" });
  }
  const association = associationOf(user);
  const locale = localeOf(request);
  const country = association
    ? (countryList(locale).find((c) => c.code === association.country)?.name ?? association.country)
    : null;
  const manager = user.role === "MANAGER";
  return json({
    kind: "profile" as const,
    profile: {
      role: user.role,
      email: user.email,
      name: user.name,
      identification: user.identification,
      gender: user.gender,
      yob: user.yob,
      phone: user.phone,
      phoneEmergency: user.phoneEmergency,
      address: user.address,
      image: user.image,
      validImage: user.validImage,
      approved: user.approved,
      membershipPaid: user.membershipPaid,
      team: association ? { name: association.name, country } : null,
    },
    referralLink: manager && association ? referralLink(association.token) : null,
    // Issue 28: "Email me when my race is called" (the box posts to /my-races).
    callEmails: user.callEmails,
    // A competitor's event teams (spec: competitors see their events and team names), by event name.
    events: user.role === "COMPETITOR" ? assignedEvents(edition.id, user, scopeOf(user)) : null,
  });
}

type StatKey = keyof ReturnType<typeof statistics>;

type Labels = Bundle["LABELS"];

/** The overview cards (spec section 2), each with its label in the page's language, and the screen
 * that lists each figure's rows, where one exists for the role (docs/decisions/0009-staff-console.md
 * says what each counts). */
const CARDS: [StatKey, (l: Labels) => string, (admin: boolean) => string | null][] = [
  ["users", (l) => l.users, () => "/users?role=PARTICIPANT"],
  ["usersPaid", (l) => l.usersPaid, () => "/users?role=PARTICIPANT&paid=yes"],
  ["associations", (l) => l.teams, () => "/associations"],
  ["associationsWithEvent", (l) => l.teamsWithEvents, () => "/associations?sort=events&dir=desc"],
  ["teams", (l) => l.eventTeams, () => "/associations?sort=teams&dir=desc"],
  ["tickets", (l) => l.dinnerTickets, () => "/associations?sort=tickets&dir=desc"],
  [
    "imagesPendingApproval",
    (l) => l.photosPending,
    (admin) => (admin ? "/users/approve-photo" : "/users?photo=pending"),
  ],
  ["imagesRejectedMissing", (l) => l.photosRejectedMissing, () => "/users?role=PARTICIPANT&photo=na"],
  ["totalPaid", (l) => l.totalPaid, (admin) => (admin ? "/orders?status=PAID" : null)],
  ["ordersPaid", (l) => l.ordersPaid, (admin) => (admin ? "/orders?status=PAID" : null)],
  ["ordersProcessing", (l) => l.ordersProcessing, (admin) => (admin ? "/orders?status=PROCESSING" : null)],
  ["ordersFailed", (l) => l.ordersFailed, (admin) => (admin ? "/orders?status=FAILED" : null)],
];

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { TITLES, LABELS } = useMessages();
  if (data.kind === "overview") {
    return (
      <Screen title={TITLES.overview}>
        <div className="stat-grid">
          {CARDS.map(([key, label, linkFor]) => {
            const body = (
              <>
                <span className="stat-label">{label(LABELS)}</span>
                <strong className="stat-value">
                  {key === "totalPaid" ? formatRM(data.stats[key]) : formatCount(data.stats[key])}
                </strong>
              </>
            );
            const to = linkFor(data.admin);
            return to ? (
              <Link key={key} to={to} className="stat-card stat-link" data-stat={key}>
                {body}
              </Link>
            ) : (
              <div key={key} className="stat-card" data-stat={key}>
                {body}
              </div>
            );
          })}
        </div>
        <Outlet />
      </Screen>
    );
  }
  return <Profile data={data} />;
}

type ProfileData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "profile" }>;

function Profile({ data }: { data: ProfileData }) {
  const { MSG, TITLES, LABELS } = useMessages();
  const p = data.profile;
  const photo = photoState(p.image, p.validImage);
  const manager = p.role === "MANAGER";
  return (
    <Screen title={manager ? TITLES.managerProfile : TITLES.competitorProfile}>
      <div className="badges">
        <StatusBadge ok={photo === "approved" ? true : photo === "validation" ? "warn" : false}>
          {photo === "approved"
            ? MSG.photoApproved
            : photo === "validation"
              ? MSG.photoInValidation
              : MSG.photoPendingUpload}
        </StatusBadge>
        <StatusBadge ok={p.approved}>{p.approved ? MSG.teamApproved : MSG.teamPending}</StatusBadge>
        <StatusBadge ok={p.membershipPaid}>{p.membershipPaid ? MSG.feePaid : MSG.feePending}</StatusBadge>
      </div>
      <div className="profile">
        <div className="profile-photo">
          {p.image ? (
            <img src={`/uploads/${p.image}`} alt={p.name} width="256" height="341" />
          ) : (
            <div className="photo-placeholder">{LABELS.noPhoto}</div>
          )}
          {photo !== "approved" ? (
            <Form method="post" action="/photo" encType="multipart/form-data" className="card photo-upload">
              <CsrfInput />
              <TaskInput task={LABELS.taskUploadingPhoto} />
              <label htmlFor="photo">{LABELS.choosePhoto}</label>
              <PhotoGuidance />
              <PhotoInput id="photo" name="photo" required />
              <button type="submit" className="btn btn-primary btn-block">
                {LABELS.uploadPhoto}
              </button>
            </Form>
          ) : null}
        </div>
        <div>
          <dl className="profile-fields card">
            <dt>{LABELS.team}</dt>
            <dd>{p.team ? `${p.team.name} (${p.team.country})` : "—"}</dd>
            <dt>{LABELS.name}</dt>
            <dd>{p.name}</dd>
            <dt>{LABELS.email}</dt>
            <dd>{p.email}</dd>
            <dt>{LABELS.identification}</dt>
            <dd>{p.identification}</dd>
            <dt>{LABELS.gender}</dt>
            <dd>{p.gender ? LABELS.genders[p.gender] : "—"}</dd>
            <dt>{LABELS.yob}</dt>
            <dd>{p.yob ?? "—"}</dd>
            <dt>{LABELS.phone}</dt>
            <dd>{p.phone}</dd>
            <dt>{LABELS.emergency}</dt>
            <dd>{p.phoneEmergency || "—"}</dd>
            <dt>{LABELS.address}</dt>
            <dd>{p.address}</dd>
          </dl>
          <div className="actions">
            <Link to="/password" className="btn" preventScrollReset>
              {MSG.changePassword}
            </Link>
            {manager ? (
              <Link to="/confirmed-events" className="btn" preventScrollReset>
                {LABELS.viewConfirmedEvents}
              </Link>
            ) : null}
          </div>
          <Form method="post" action="/my-races" className="card profile-call" preventScrollReset>
            <CsrfInput />
            <TaskInput task={LABELS.mrTaskCallEmails} />
            <input type="hidden" name="intent" value="callEmails" />
            <div className="field">
              <label htmlFor="call-emails">
                <input
                  type="checkbox"
                  id="call-emails"
                  name="callEmails"
                  value="on"
                  defaultChecked={data.callEmails}
                  aria-describedby="call-emails-hint"
                />
                {LABELS.mrCallEmails}
              </label>
              <small className="hint" id="call-emails-hint">
                {LABELS.mrCallEmailsHint}
              </small>
            </div>
            <button type="submit" className="btn">
              {LABELS.mrSaveCallEmails}
            </button>
          </Form>
          {data.events ? (
            <section className="card profile-events" aria-labelledby="profile-events">
              <h2 id="profile-events">{LABELS.events}</h2>
              <EventTeamsTable rows={data.events} caption={LABELS.events} />
            </section>
          ) : null}
          {data.referralLink ? (
            <div className="card">
              <CopyField id="referral-link" label={LABELS.referralLink} value={data.referralLink} />
              <small className="hint">{LABELS.referralHint}</small>
              <div className="actions">
                <Link to="/referral-link" className="btn" preventScrollReset>
                  {LABELS.regenerateLink}
                </Link>
              </div>
            </div>
          ) : null}
        </div>
      </div>
      <Outlet />
    </Screen>
  );
}
