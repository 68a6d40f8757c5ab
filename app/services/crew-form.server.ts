// The server half of the crew picker (components/CrewPicker.tsx), shared by the manager's
// /events/teams/:teamId and the admin's /teams/manage: what the picker shows for one event team
// and one user, and the answer to its Save. The rules (eligibility, the five checks, the deadline)
// and the transaction are in rules/crew.ts and models/crew.server.ts; this only maps them to the
// screen and to HTTP answers. Per edition (issue 21): the route's edition (`editionOf`) is passed
// on to every model and to the settings (the crew deadline is the edition's).
import { json } from "@remix-run/node";
import { redirectWithToast } from "~/lib/toast.server";
import type { Scope } from "~/services/access.server";
import { type CrewTeam, crewCandidates, saveCrew } from "~/models/crew.server";
import { getSettings } from "~/models/settings.server";
import type { User } from "~/models/user.server";
import type { Edition } from "~/models/edition.server";
import { localeOf } from "~/i18n/locale.server";
import { bundleFor } from "~/i18n/bundles.server";
import { crewCaps, isClosed, mayChangeCrew } from "~/rules/crew";
import { formatDateTime } from "~/rules/format";
import { now as clockNow } from "~/lib/clock.server";

export type PickerData = ReturnType<typeof crewPickerData>;

/** Everything the picker renders for this team and user: the eligible members (with their current
 * ticks), the others with the reason they cannot be picked (a key of LABELS.ineligible, shown in the
 * page's language; and whether they are in the crew now), the saved crew, the caps and the
 * deadline (ms since the epoch, shown by the picker in the page's language). */
export function crewPickerData(
  edition: Pick<Edition, "id" | "name" | "state">,
  team: CrewTeam,
  user: User,
  now = clockNow(),
) {
  const candidates = crewCandidates(edition.id, team);
  const { crewCloseAt } = getSettings(edition.id);
  const archived = edition.state === "ARCHIVED";
  return {
    team: {
      teamId: team.teamId,
      teamName: team.teamName,
      eventName: team.eventName,
      associationName: team.associationName,
      limitMalaysia: team.limitMalaysia,
    },
    caps: crewCaps(team),
    eligible: candidates
      .filter((c) => c.ineligible === null)
      .map(({ id, name, gender, age, paddlerEligible, selected }) => ({
        id,
        name,
        gender,
        age,
        paddlerEligible,
        selected,
      })),
    // A member who became ineligible after being picked (photo rejected, fee order cancelled, ...)
    // is still in the crew until the next save, which drops them: marked, so it is not silent.
    ineligible: candidates
      .filter((c) => c.ineligible !== null)
      .map((c) => ({
        id: c.id,
        name: c.name,
        reason: c.ineligible ?? "role",
        inCrew: c.selected,
      })),
    /** The crew as saved (by name), each with why they can no longer be picked, if they cannot. */
    crew: candidates
      .filter((c) => c.selected)
      .map(({ id, name, gender, age, paddlerEligible, ineligible }) => ({
        id,
        name,
        gender,
        age,
        paddlerEligible,
        noLongerEligible: ineligible,
      })),
    deadline: {
      /** The crew deadline (ms since the epoch), or null when there is none. */
      at: crewCloseAt,
      /** Passed: managers can no longer change crews (ADMIN still can). */
      passed: isClosed(crewCloseAt, now),
      /** Whether this user may save now (never in an archived edition: read-only). */
      mayChange: !archived && mayChangeCrew(user.role, crewCloseAt, now),
      /** The archived edition's name, when the crew is of one (shown instead of the deadline). */
      archived: archived ? edition.name : null,
    },
  };
}

/** A refused save, shown above the picker with the ticks the user sent. */
export type CrewRefusal = { error: string; ids: number[] };

/**
 * Saves the ticked members (`ids`, already parsed) and answers: a redirect to `back` with the
 * spec's success toast, or the refusal with the user's ticks (the rule's message: 400; not
 * eligible or after the deadline: 403). A team gone or out of scope is 404.
 */
export async function answerCrewSave(
  request: Request,
  user: User,
  editionId: number,
  scope: Scope,
  teamId: number,
  ids: number[],
  back: string,
) {
  const locale = localeOf(request);
  const { MSG } = bundleFor(locale);
  const result = saveCrew(user, editionId, scope, teamId, ids, clockNow(), MSG);
  if (result.ok) return redirectWithToast(request, back, { type: "success", message: MSG.crewUpdated });
  switch (result.code) {
    case "gone":
      throw new Response("Not Found", { status: 404 });
    case "closed":
      return json<CrewRefusal>({ error: MSG.crewClosed(formatDateTime(result.closeAt, locale)), ids }, 403);
    case "notEligible":
      return json<CrewRefusal>({ error: MSG.crewNotEligible, ids }, 403);
    case "rule":
      return json<CrewRefusal>({ error: result.message, ids }, 400);
  }
}
