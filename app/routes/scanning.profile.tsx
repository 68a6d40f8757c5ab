// /scanning/profile (no login guard, plain layout; spec sections 2, 5): an auto-focused input for a
// scan code (a keyboard-wedge scanner types it and Enter) and the participant it names: photo
// (approved only, else a blank placeholder), name in upper case, year of birth (staff) or age group
// (an enrolled device alone: rules/age-group.ts; issue 18), gender, association, and their event
// teams sorted by event then team. Only a kiosk device gets any of it (services/kiosk-device.server.ts);
// anyone else gets the frame and a short explanation, and the code is not even read. A GET form (?code=): it only reads. 'Nothing to show.'
// before a scan; 'Invalid input.' for a text that is not a code (or, with 'Require signed crew tags'
// on, a plain or forged code); staff are not participants and are not shown.
import "~/i18n/routes/scanning.profile";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { KioskEnrol, KioskLocked, type KioskView } from "~/components/KioskGate";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { kioskAccess, mayScan } from "~/services/kiosk-device.server";
import { limitKioskRead } from "~/services/kiosk-read-limit.server";
import { checkScanCode } from "~/lib/scan-code.server";
import { scanProfile } from "~/models/scan.server";
import { currentEdition } from "~/models/edition.server";
import { crewTagVersion, getSettings } from "~/models/settings.server";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { SCAN_CODE_MAX } from "~/rules/scan-code";
import { type AgeGroup, ageGroupOf, malaysiaYear } from "~/rules/age-group";
import { isParticipant } from "~/rules/scan-history";
import kioskStyles from "~/styles/scanning.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: kioskStyles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.scanningProfile);

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await kioskAccess(request);
  limitKioskRead(request, access); // as the check endpoint (issue 27)
  const view: KioskView = { staff: access.staff !== null, device: access.device?.name ?? null };
  const none = { profile: null, error: null, locked: false, view };
  if (!mayScan(access)) return json({ ...none, locked: true });
  const { MSG } = messagesFor(request);
  const code = new URL(request.url).searchParams.get("code")?.trim() ?? "";
  if (!code) return json(none);
  // The open edition's tags (issue 21): a tag of an earlier edition carries an earlier version.
  const edition = currentEdition();
  const verdict = checkScanCode(
    code.slice(0, SCAN_CODE_MAX + 1),
    getSettings(edition.id).requireSignedTags,
    crewTagVersion(edition.id),
  );
  if (verdict.kind === "voided") return json({ ...none, error: MSG.scanTagVoided });
  if (verdict.kind === "invalid") return json({ ...none, error: MSG.scanInvalid });
  const found = scanProfile(edition.id, verdict.userId);
  if (!found) return json({ ...none, error: MSG.userNotFound });
  if (!isParticipant(found.role)) return json({ ...none, error: MSG.scanNotParticipant });
  // The exact year of birth only for staff; an enrolled device alone gets the age group.
  const { yob, ...rest } = found;
  const profile = {
    ...rest,
    yob: view.staff ? yob : null,
    ageGroup: ageGroupOf(yob, malaysiaYear()),
  };
  return json({ ...none, profile });
}

export default function ScanningProfile() {
  const { profile, error, locked, view } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { MSG, TITLES, LABELS } = useMessages();
  const genderLabel = { MALE: LABELS.male, FEMALE: LABELS.female } as const;
  const ageLabel: Record<AgeGroup, string> = {
    JUNIOR: LABELS.ageJunior,
    PREMIER: LABELS.agePremier,
    SENIOR: LABELS.ageSenior,
  };
  return (
    <main className="plain kiosk">
      <div className="plain-brand">{TITLES.appName}</div>
      <LanguageSwitch className="plain-lang" />
      <section className="screen kiosk-screen">
        <header className="screen-head">
          <h1>{TITLES.scanningProfile}</h1>
        </header>
        {locked ? <KioskLocked /> : null}
        {/* Each scan remounts the input: empty and focused for the next one. */}
        {locked ? null : (
          <Form method="get" className="kiosk-form" key={search}>
            <label htmlFor="profile-code">{LABELS.kioskScanCode}</label>
            <div className="kiosk-inline">
              <input
                id="profile-code"
                name="code"
                type="text"
                required
                // biome-ignore lint/a11y/noAutofocus: the spec's auto-focused input (a scanner types into it)
                autoFocus
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={SCAN_CODE_MAX}
                defaultValue=""
              />
              <button type="submit" className="btn btn-primary">
                {LABELS.show}
              </button>
            </div>
          </Form>
        )}
        {error ? (
          <p className="kiosk-msg kiosk-msg-error" role="alert">
            {error}
          </p>
        ) : null}
        {profile ? (
          <article className="profile-card" aria-label={profile.name.toUpperCase()}>
            {profile.image ? (
              <img
                className="kiosk-photo kiosk-photo-large"
                src={`/uploads/${profile.image}`}
                alt={profile.name}
              />
            ) : (
              <span
                className="kiosk-photo kiosk-photo-large kiosk-photo-none"
                role="img"
                aria-label={LABELS.kioskNoPhoto(profile.name)}
              />
            )}
            <div>
              <p className="profile-name">{profile.name.toUpperCase()}</p>
              <dl className="profile-facts">
                {view.staff ? (
                  <>
                    <dt>{LABELS.yob}</dt>
                    <dd>{profile.yob ?? "–"}</dd>
                  </>
                ) : null}
                <dt>{LABELS.ageGroup}</dt>
                <dd>{profile.ageGroup ? ageLabel[profile.ageGroup] : "–"}</dd>
                <dt>{LABELS.gender}</dt>
                <dd>{profile.gender ? genderLabel[profile.gender] : "–"}</dd>
                <dt>{LABELS.kioskAssociation}</dt>
                <dd>{profile.associationName ?? "–"}</dd>
              </dl>
              <h2>{LABELS.kioskTeamEntries}</h2>
              {profile.teams.length === 0 ? (
                <p className="empty">{MSG.nothingToShowDot}</p>
              ) : (
                <ul className="profile-teams">
                  {profile.teams.map((t) => (
                    <li key={`${t.eventName}|${t.teamName}`}>
                      {t.eventName} — {t.teamName}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </article>
        ) : error || locked ? null : (
          <p className="empty">{MSG.nothingToShowDot}</p>
        )}
        <KioskEnrol view={view} back="/scanning/profile" />
      </section>
    </main>
  );
}
