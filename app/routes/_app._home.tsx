import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { CopyField } from "~/components/CopyField";
import { CsrfInput, TaskInput } from "~/components/CsrfInput";
import { PhotoGuidance, PhotoInput } from "~/components/PhotoInput";
import { Screen } from "~/components/Screen";
import { StatusBadge } from "~/components/StatusBadge";
import { requireUser, scopeOf } from "~/lib/access.server";
import { countryName } from "~/lib/countries.server";
import { referralLink } from "~/lib/links.server";
import { assignedEvents } from "~/models/event.server";
import { associationOf, statistics } from "~/models/user.server";
import { MSG, TITLES } from "~/messages";
import { formatCount, formatRM } from "~/rules/format";
import { photoState } from "~/rules/user-status";
import { EventTeamsTable } from "~/tables/event-teams";

// Home (spec section 2): the overview for staff, the profile for managers and competitors. A
// pathless layout, so its dialogs are child routes over it: /password (Change Password, every
// role) and /confirmed-events (managers); the profile's photo upload posts to /photo.
export const meta: MetaFunction = () => [{ title: `${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "home");
  if (user.role === "ADMIN" || user.role === "COMMITTEE") {
    return json({ kind: "overview" as const, stats: statistics(), admin: user.role === "ADMIN" });
  }
  const association = associationOf(user);
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
      team: association ? { name: association.name, country: countryName(association.country) } : null,
    },
    referralLink: manager && association ? referralLink(association.token) : null,
    // A competitor's event teams (spec: competitors see their events and team names), by event name.
    events: user.role === "COMPETITOR" ? assignedEvents(user, scopeOf(user)) : null,
  });
}

type StatKey = keyof ReturnType<typeof statistics>;

/** The overview cards (spec section 2) and the screen that lists each figure's rows, where one
 * exists for the role (docs/decisions/0009-staff-console.md says what each counts). */
const CARDS: [StatKey, string, (admin: boolean) => string | null][] = [
  ["users", "Users", () => "/users?role=PARTICIPANT"],
  ["usersPaid", "Users Paid", () => "/users?role=PARTICIPANT&paid=yes"],
  ["associations", "Teams", () => "/associations"],
  ["associationsWithEvent", "Teams with Events", () => "/associations?sort=events&dir=desc"],
  ["teams", "Event Teams", () => "/associations?sort=teams&dir=desc"],
  ["tickets", "Dinner Tickets", () => "/associations?sort=tickets&dir=desc"],
  [
    "imagesPendingApproval",
    "Photos Pending Approval",
    (admin) => (admin ? "/users/approve-photo" : "/users?photo=pending"),
  ],
  ["imagesRejectedMissing", "Photos Rejected / Missing", () => "/users?role=PARTICIPANT&photo=na"],
  ["totalPaid", "Total Paid", (admin) => (admin ? "/orders?status=PAID" : null)],
  ["ordersPaid", "Orders Paid", (admin) => (admin ? "/orders?status=PAID" : null)],
  ["ordersProcessing", "Orders Processing", (admin) => (admin ? "/orders?status=PROCESSING" : null)],
  ["ordersFailed", "Orders Failed", (admin) => (admin ? "/orders?status=FAILED" : null)],
];

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "overview") {
    return (
      <Screen title={TITLES.overview}>
        <div className="stat-grid">
          {CARDS.map(([key, label, linkFor]) => {
            const body = (
              <>
                <span className="stat-label">{label}</span>
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
            <div className="photo-placeholder">No photo</div>
          )}
          {photo !== "approved" ? (
            <Form method="post" action="/photo" encType="multipart/form-data" className="card photo-upload">
              <CsrfInput />
              <TaskInput task="Uploading photo" />
              <label htmlFor="photo">Choose a photo</label>
              <PhotoGuidance />
              <PhotoInput id="photo" name="photo" required />
              <button type="submit" className="btn btn-primary btn-block">
                Upload Photo
              </button>
            </Form>
          ) : null}
        </div>
        <div>
          <dl className="profile-fields card">
            <dt>Team</dt>
            <dd>{p.team ? `${p.team.name} (${p.team.country})` : "—"}</dd>
            <dt>Name</dt>
            <dd>{p.name}</dd>
            <dt>Email</dt>
            <dd>{p.email}</dd>
            <dt>MyKad/Passport Number</dt>
            <dd>{p.identification}</dd>
            <dt>Gender</dt>
            <dd>{p.gender ?? "—"}</dd>
            <dt>Year of Birth</dt>
            <dd>{p.yob ?? "—"}</dd>
            <dt>Phone</dt>
            <dd>{p.phone}</dd>
            <dt>Emergency Contact</dt>
            <dd>{p.phoneEmergency || "—"}</dd>
            <dt>Address</dt>
            <dd>{p.address}</dd>
          </dl>
          <div className="actions">
            <Link to="/password" className="btn" preventScrollReset>
              Change Password
            </Link>
            {manager ? (
              <Link to="/confirmed-events" className="btn" preventScrollReset>
                View Confirmed Events
              </Link>
            ) : null}
          </div>
          {data.events ? (
            <section className="card profile-events" aria-labelledby="profile-events">
              <h2 id="profile-events">Events</h2>
              <EventTeamsTable rows={data.events} caption="Events" />
            </section>
          ) : null}
          {data.referralLink ? (
            <div className="card">
              <CopyField id="referral-link" label="Referral Link" value={data.referralLink} />
              <small className="hint">
                Share this link with your team members so they can register under your team.
              </small>
            </div>
          ) : null}
        </div>
      </div>
      <Outlet />
    </Screen>
  );
}
