// GET /my-races.ics?key=... (issue 28 part 4): a manager's or competitor's races as an iCalendar
// feed (rules/race-calendar.ts), for a calendar app to subscribe to. Public: the key is the guard.
// A missing, malformed, wrong or replaced key is the same bare 404, which says nothing about
// whether a key exists. Read-only (a replica serves it). The races of the open edition, in the
// user's language; each event moves (SEQUENCE bumped) when its expected start does.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { bundleFor } from "~/i18n/bundles";
import { isLocale } from "~/i18n/locale";
import { now } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/params.server";
import { currentEdition } from "~/models/edition.server";
import { myRaces, userByCalendarKey } from "~/models/my-races.server";
import { latestStart } from "~/models/race-control.server";
import { raceCalendar } from "~/rules/race-calendar";
import { delayMinutes } from "~/rules/timetable";

/** A key as makeCalendarKey makes it (base64url); anything else is not looked up. */
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  if (!KEY.test(key)) notFound();
  const user = userByCalendarKey(key);
  if (!user || (user.role !== "MANAGER" && user.role !== "COMPETITOR")) notFound();
  const editionId = currentEdition().id;
  const app = env().APP_URL;
  const body = raceCalendar(myRaces(editionId, user), {
    delay: delayMinutes(latestStart(editionId)),
    host: new URL(app).hostname || "regatta",
    url: `${app}/my-races`,
    t: bundleFor(isLocale(user.locale) ? user.locale : "en"),
    stamp: now(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="my-races.ics"',
      // A calendar app polls it; the key in the URL must not be kept by shared caches.
      "Cache-Control": "private, no-cache",
      "Referrer-Policy": "no-referrer",
    },
  });
}
