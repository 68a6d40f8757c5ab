import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Screen } from "~/components/Screen";
import { StatusBadge } from "~/components/StatusBadge";
import { requireUser } from "~/lib/access.server";
import { associationOf, statistics } from "~/models/user.server";
import { MSG, TITLES } from "~/messages";
import { formatRM } from "~/rules/format";
import { photoState } from "~/rules/user-status";

export const meta: MetaFunction = () => [{ title: `${TITLES.appName}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "home");
  if (user.role === "ADMIN" || user.role === "COMMITTEE") {
    return json({ kind: "overview" as const, stats: statistics() });
  }
  const association = associationOf(user);
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
      team: association ? { name: association.name, country: association.country } : null,
    },
  });
}

const CARDS: [keyof ReturnType<typeof statistics>, string][] = [
  ["users", "Users"],
  ["usersPaid", "Users Paid"],
  ["associations", "Teams"],
  ["associationsWithEvent", "Teams with Events"],
  ["teams", "Event Teams"],
  ["tickets", "Dinner Tickets"],
  ["imagesPendingApproval", "Photos Pending Approval"],
  ["imagesRejectedMissing", "Photos Rejected / Missing"],
  ["totalPaid", "Total Paid"],
  ["ordersPaid", "Orders Paid"],
  ["ordersProcessing", "Orders Processing"],
  ["ordersFailed", "Orders Failed"],
];

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "overview") {
    return (
      <Screen title={TITLES.overview}>
        <div className="stat-grid">
          {CARDS.map(([key, label]) => (
            <div key={key} className="stat-card" data-stat={key}>
              <span className="stat-label">{label}</span>
              <strong className="stat-value">
                {key === "totalPaid" ? formatRM(data.stats[key]) : data.stats[key]}
              </strong>
            </div>
          ))}
        </div>
      </Screen>
    );
  }
  const p = data.profile;
  const photo = photoState(p.image, p.validImage);
  return (
    <Screen title={p.role === "MANAGER" ? TITLES.managerProfile : TITLES.competitorProfile}>
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
      <dl className="profile-fields card">
        <dt>Team</dt>
        <dd>{p.team?.name ?? "—"}</dd>
        <dt>Name</dt>
        <dd>{p.name}</dd>
        <dt>Email</dt>
        <dd>{p.email}</dd>
        <dt>MyKad/Passport number</dt>
        <dd>{p.identification}</dd>
        <dt>Gender</dt>
        <dd>{p.gender ?? "—"}</dd>
        <dt>Year of birth</dt>
        <dd>{p.yob ?? "—"}</dd>
        <dt>Phone</dt>
        <dd>{p.phone}</dd>
        <dt>Emergency contact</dt>
        <dd>{p.phoneEmergency || "—"}</dd>
        <dt>Address</dt>
        <dd>{p.address}</dd>
      </dl>
    </Screen>
  );
}
