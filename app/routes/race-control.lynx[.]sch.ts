// GET /race-control/lynx.sch (ADMIN, COMMITTEE; issue 20, section 3): the day's schedule for
// FinishLynx, `race number,1,1` per scheduled race in race-number order, after two `;` comments
// naming the regatta and when it was exported (Malaysia time, the reader's language).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import { now } from "~/lib/clock.server";
import { scheduledRaceNumbers } from "~/models/lynx.server";
import { getSettings } from "~/models/settings.server";
import { formatDateTime } from "~/rules/format";
import { lynxHeaders, schFile } from "~/rules/lynx-export";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const { LABELS } = messagesFor(request);
  const comments = {
    regatta: LABELS.lxSchRegatta(getSettings(edition.id).regattaName),
    exported: LABELS.lxSchExported(formatDateTime(now(), localeOf(request))),
  };
  return new Response(schFile(comments, scheduledRaceNumbers(edition.id)), {
    headers: lynxHeaders("lynx.sch"),
  });
}
