// GET /race-control/start-lists.pdf?day=YYYY-MM-DD (ADMIN, COMMITTEE): every round scheduled that
// Malaysia day, by race number, one start list a page. No day, or not a real one: 400 with a plain
// message. No races that day: a one-page PDF that says so (the button on race control always gives
// a file). More than DAY_ROUNDS_MAX rounds: 400, print them one by one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesFor } from "~/i18n/locale.server";
import { requireUser } from "~/services/access.server";
import { editionOf } from "~/services/edition.server";
import {
  dayDefinition,
  paperContext,
  parseDay,
  plainAnswer,
  racePdfResponse,
} from "~/services/race-pdf.server";
import { DAY_ROUNDS_MAX, startListsBetween } from "~/models/race-paper.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, "raceControl");
  const edition = editionOf(request, user);
  const { LABELS } = messagesFor(request);
  const raw = new URL(request.url).searchParams.get("day");
  const day = parseDay(raw);
  if (!day) return plainAnswer(400, LABELS.pdfBadDay);
  const found = startListsBetween(edition.id, day.from, day.to);
  if (found.kind === "tooMany") return plainAnswer(400, LABELS.pdfTooManyRounds(found.count, DAY_ROUNDS_MAX));
  const ctx = paperContext(request, edition.id);
  return racePdfResponse(
    request,
    user.id,
    `start-lists-${raw}.pdf`,
    () => dayDefinition(found.lists, day.printed, ctx),
    found.lists.length,
  );
}
