// /scanning/entrance (no login guard, plain layout): the entrance kiosk (spec sections 2, 5, 8; issue 10).
// It shows rounds, teams and participants only to a kiosk device (issue 18; services/kiosk-device.server.ts):
// a browser where ADMIN or COMMITTEE is logged in, or one they enrolled. Anyone else gets the
// screen's frame with a short explanation and nothing else, in the HTML and the loader data alike;
// its scan POST is refused (403). Staff see "Enrol this device as a kiosk" under the screen.
// Three GET steps, each with one auto-focused input so a keyboard (or a keyboard-wedge barcode
// scanner, which types the code and Enter) is all it needs: the round's name (?round=; one round
// found goes straight on, several let the user pick ?roundId=), a team of that round's races (its
// lane typed, ?lane=, or its button, ?teamId=), then the scans.
// Without JavaScript each scan is a POST to this route: the history travels as hidden inputs `h`
// (the raw codes) and the server checks all of them again every time (services/kiosk.server.ts). Save
// writes the scan logs and redirects here with the spec's toast; with fewer females than the
// event's minimum it first answers with the spec's question (Yes / No buttons).
// With JavaScript the page checks scans against the team's roster (loaded with the page) at once,
// keeps the history in localStorage, and Save queues it there before sending it to
// /scanning/entrance/save, so a Wi-Fi drop or a reload loses nothing (scan-queue.client.ts).
// This folder: route.tsx (loader, action, the frame), one component per step (RoundStep,
// TeamStep, ScanStep), the queue (scan-queue.client.ts, useSaveQueue, QueueBar), shared.ts.
import "~/i18n/routes/scanning.entrance";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { KioskEnrol, KioskLocked, type KioskView } from "~/components/KioskGate";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { entranceSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { historyCodes, positiveId, kioskContext, recheck, save, scan } from "~/services/kiosk.server";
import { kioskAccess, mayScan, noteSaved, requireKioskPost, savedBy } from "~/services/kiosk-device.server";
import { limitKioskRead } from "~/services/kiosk-read-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { currentEdition } from "~/models/edition.server";
import { currentNotice } from "~/models/notice.server";
import { findRoundsByName, kioskRound, racesOf } from "~/models/scan.server";
import type { loader as rootLoader } from "~/root";
import { SCAN_CODE_MAX } from "~/rules/scan-code";
import { type Entry, type ScanPerson, scanMessage } from "~/rules/scan-history";
import kioskStyles from "~/styles/scanning.css";
import { QueueBar } from "./QueueBar";
import { PickRoundStep, RoundStep } from "./RoundStep";
import { ScanStep } from "./ScanStep";
import { LANE_MAX, type Message, PATH, ROUND_NAME_MAX, scanUrl } from "./shared";
import { TeamStep } from "./TeamStep";
import { useSaveQueue } from "./useSaveQueue";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: kioskStyles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.scanningEntrance);

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await kioskAccess(request);
  limitKioskRead(request, access); // every step, the roster's included, as the check endpoint (issue 27)
  const view: KioskView = { staff: access.staff !== null, device: access.device?.name ?? null };
  // Not a kiosk device: the frame and the explanation, whatever the query asks for.
  if (!mayScan(access)) return json({ step: "locked" as const, view, notice: null });
  // Race control's notice (issue 20) heads the kiosk until removed.
  // The kiosk is the open edition's, whoever uses it (issue 21).
  const edition = currentEdition();
  return json({ ...(await steps(request, edition.id)), view, notice: currentNotice(edition.id) });
}

async function steps(request: Request, editionId: number) {
  const { MSG } = messagesFor(request);
  const q = new URL(request.url).searchParams;
  const roundId = positiveId(q.get("roundId"));
  const teamId = positiveId(q.get("teamId"));
  if (roundId !== null && teamId !== null) {
    const ctx = kioskContext(editionId, roundId, teamId);
    if (!ctx) {
      const back = kioskRound(editionId, roundId) ? `${PATH}?roundId=${roundId}` : PATH;
      throw await redirectWithToast(request, back, { type: "error", message: MSG.kioskTeamGone });
    }
    return {
      step: "scan" as const,
      round: ctx.round,
      team: ctx.team,
      limits: ctx.limits,
      requireSigned: ctx.requireSigned,
      roster: [...ctx.roster.values()],
    };
  }
  if (roundId !== null) {
    const round = kioskRound(editionId, roundId);
    if (!round) throw await redirectWithToast(request, PATH, { type: "error", message: MSG.kioskRoundGone });
    const races = racesOf(editionId, roundId);
    const lane = q.get("lane")?.trim().slice(0, LANE_MAX);
    let error: string | null = null;
    if (lane) {
      const race = races.find((r) => r.lane.toLowerCase() === lane.toLowerCase());
      if (race) throw redirect(scanUrl(roundId, race.teamId));
      error = MSG.laneNotFound(lane);
    }
    return { step: "team" as const, round, races, error };
  }
  const name = q.get("round")?.trim().slice(0, ROUND_NAME_MAX);
  if (name) {
    const rounds = findRoundsByName(editionId, name);
    if (rounds.length === 1) throw redirect(`${PATH}?roundId=${rounds[0].id}`);
    if (rounds.length > 1) return { step: "pickRound" as const, rounds };
    return { step: "round" as const, error: MSG.roundNotFound };
  }
  return { step: "round" as const, error: null };
}

type ScanAnswer = {
  history: Entry[];
  message: Message | null;
  latest: ScanPerson | null;
  confirm: boolean;
};

/** The no-JS kiosk: a scan, Save, Yes/No to the female question, or Clear. */
export async function action({ request }: ActionFunctionArgs) {
  const access = await requireKioskPost(request);
  const { MSG } = messagesFor(request);
  const { form, value: asked } = await parseFixedForm(request, entranceSchema);
  const q = new URL(request.url).searchParams;
  const roundId = positiveId(q.get("roundId"));
  const teamId = positiveId(q.get("teamId"));
  if (roundId === null || teamId === null) throw new Response("Bad Request", { status: 400 });
  const ctx = kioskContext(currentEdition().id, roundId, teamId);
  if (!ctx) return redirectWithToast(request, PATH, { type: "error", message: MSG.kioskTeamGone });
  const codes = historyCodes(form);
  const answer = (a: Partial<ScanAnswer> & { history: Entry[] }) =>
    json<ScanAnswer>({ message: null, latest: null, confirm: false, ...a });
  const droppedNote = (dropped: { code: string }[]): Message | null =>
    dropped.length ? { text: MSG.historyDropped(dropped.map((d) => d.code).join(", ")), error: true } : null;

  if (asked.intent === "clear")
    return answer({ history: [], message: { text: MSG.historyCleared, error: false } });
  if (asked.intent === "save") {
    const result = save(ctx, codes, asked.confirmed === "yes", savedBy(access));
    if (result.kind === "empty")
      return answer({
        history: [],
        message: droppedNote(result.dropped) ?? { text: MSG.historyEmpty, error: true },
      });
    if (result.kind === "confirm")
      return answer({ history: result.history, confirm: true, message: droppedNote(result.dropped) });
    noteSaved(access);
    const note = droppedNote(result.dropped);
    return redirectWithToast(request, scanUrl(roundId, teamId), {
      type: note ? "warning" : "success",
      message: note ? `${MSG.historySaved} ${note.text}` : MSG.historySaved,
    });
  }
  const code = asked.intent === "back" ? undefined : asked.code;
  if (code === undefined || code.trim() === "") {
    // "No" to the female question, or Enter on an empty input: the history as it is now.
    const { history, dropped } = recheck(ctx, codes);
    return answer({ history, message: droppedNote(dropped) });
  }
  const { history, dropped, outcome } = scan(ctx, codes, code.slice(0, SCAN_CODE_MAX + 1));
  return answer({
    history,
    message: droppedNote(dropped) ?? scanMessage(outcome, ctx.team.teamName, MSG),
    latest: outcome.kind === "added" || outcome.kind === "repeat" ? outcome.person : null,
  });
}

export default function ScanningEntrance() {
  const data = useLoaderData<typeof loader>();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
  const queue = useSaveQueue(csrf);
  const { TITLES, LABELS } = useMessages();
  return (
    <main className="plain kiosk">
      <div className="plain-brand">{TITLES.appName}</div>
      <LanguageSwitch className="plain-lang" />
      <section className={`screen kiosk-screen${data.step === "scan" ? " kiosk-wide" : ""}`}>
        <header className="screen-head">
          <h1>{TITLES.scanningEntrance}</h1>
        </header>
        {data.notice ? (
          <p className="kiosk-notice" data-testid="kiosk-notice">
            <strong>{LABELS.rcNotice}:</strong> {data.notice.text}
          </p>
        ) : null}
        {data.step === "locked" ? <KioskLocked /> : <QueueBar queue={queue} />}
        {data.step === "round" ? <RoundStep error={data.error} /> : null}
        {data.step === "pickRound" ? <PickRoundStep rounds={data.rounds} /> : null}
        {data.step === "team" ? <TeamStep data={data} /> : null}
        {data.step === "scan" ? (
          <ScanStep key={`${data.round.id}-${data.team.teamId}`} data={data} queue={queue} />
        ) : null}
        {/* Issue 28: the kiosk's other mode, boats out and back at the pontoon. */}
        <p className="kiosk-switch">
          <Link to="/scanning/pontoon">{LABELS.pnToPontoon}</Link>
        </p>
        <KioskEnrol view={data.view} back={PATH} />
      </section>
    </main>
  );
}
