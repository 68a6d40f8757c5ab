// /scanning/entrance (no login guard, plain layout): the entrance kiosk (spec sections 2, 5, 8; issue 10).
// It shows rounds, teams and participants only to a kiosk device (issue 18; lib/kiosk-device.server.ts):
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
// /scanning/entrance/save, so a Wi-Fi drop or a reload loses nothing (lib/scan-queue.client.ts).
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { KioskEnrol, KioskLocked, type KioskView } from "~/components/KioskGate";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { Toasts } from "~/components/Toasts";
import { readForm } from "~/lib/csrf.server";
import { historyCodes, idParam, kioskContext, recheck, save, scan } from "~/services/kiosk.server";
import { kioskAccess, mayScan, noteSaved, savedBy } from "~/lib/kiosk-device.server";
import { KIOSK_RATE, limitRate } from "~/lib/rate-limit.server";
import {
  checkCode,
  enqueue,
  isQueueKey,
  type QueuedSave,
  readDraft,
  readQueue,
  type SendResult,
  sendQueue,
  writeDraft,
} from "~/lib/scan-queue.client";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { findRoundsByName, kioskRound, racesOf } from "~/models/scan.server";
import { messagesFor } from "~/i18n/locale.server";
import { useMessages } from "~/i18n/useMessages";
import { metaTitle } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import { parseScanCode, SCAN_CODE_MAX } from "~/rules/scan-code";
import {
  counts,
  type Entry,
  femaleShort,
  type Lookup,
  type ScanOutcome,
  type ScanPerson,
  scanInto,
  scanMessage,
} from "~/rules/scan-history";
import kioskStyles from "~/styles/scanning.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: kioskStyles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.TITLES.scanningEntrance);

const PATH = "/scanning/entrance";
const ROUND_NAME_MAX = 100;
const LANE_MAX = 10;
const scanUrl = (roundId: number, teamId: number) => `${PATH}?roundId=${roundId}&teamId=${teamId}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await kioskAccess(request);
  const view: KioskView = { staff: access.staff !== null, device: access.device?.name ?? null };
  // Not a kiosk device: the frame and the explanation, whatever the query asks for.
  if (!mayScan(access)) return json({ step: "locked" as const, view });
  return json({ ...(await steps(request)), view });
}

async function steps(request: Request) {
  const { MSG } = messagesFor(request);
  const q = new URL(request.url).searchParams;
  const roundId = idParam(q.get("roundId"));
  const teamId = idParam(q.get("teamId"));
  if (roundId !== null && teamId !== null) {
    const ctx = kioskContext(roundId, teamId);
    if (!ctx) {
      const back = kioskRound(roundId) ? `${PATH}?roundId=${roundId}` : PATH;
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
    const round = kioskRound(roundId);
    if (!round) throw await redirectWithToast(request, PATH, { type: "error", message: MSG.kioskRoundGone });
    const races = racesOf(roundId);
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
    const rounds = findRoundsByName(name);
    if (rounds.length === 1) throw redirect(`${PATH}?roundId=${rounds[0].id}`);
    if (rounds.length > 1) return { step: "pickRound" as const, rounds };
    return { step: "round" as const, error: MSG.roundNotFound };
  }
  return { step: "round" as const, error: null };
}

type Message = { text: string; error: boolean };
type ScanAnswer = {
  history: Entry[];
  message: Message | null;
  latest: ScanPerson | null;
  confirm: boolean;
};

/** The no-JS kiosk: a scan, Save, Yes/No to the female question, or Clear. */
export async function action({ request }: ActionFunctionArgs) {
  limitRate(request, "kiosk", KIOSK_RATE);
  const { MSG } = messagesFor(request);
  const access = await kioskAccess(request);
  if (!mayScan(access))
    throw new Response(MSG.kioskRefused, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const form = await readForm(request);
  const q = new URL(request.url).searchParams;
  const roundId = idParam(q.get("roundId"));
  const teamId = idParam(q.get("teamId"));
  if (roundId === null || teamId === null) throw new Response("Bad Request", { status: 400 });
  const ctx = kioskContext(roundId, teamId);
  if (!ctx) return redirectWithToast(request, PATH, { type: "error", message: MSG.kioskTeamGone });
  const codes = historyCodes(form);
  const intent = form.get("intent") ?? "scan";
  const answer = (a: Partial<ScanAnswer> & { history: Entry[] }) =>
    json<ScanAnswer>({ message: null, latest: null, confirm: false, ...a });
  const droppedNote = (dropped: { code: string }[]): Message | null =>
    dropped.length ? { text: MSG.historyDropped(dropped.map((d) => d.code).join(", ")), error: true } : null;

  if (intent === "clear") return answer({ history: [], message: { text: MSG.historyCleared, error: false } });
  if (intent === "save") {
    const result = save(ctx, codes, form.get("confirmed") === "yes", savedBy(access));
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
  const code = form.get("code");
  if (intent !== "scan" || typeof code !== "string" || code.trim() === "") {
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

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ScanData = Extract<LoaderData, { step: "scan" }>;

export default function ScanningEntrance() {
  const data = useLoaderData<typeof loader>();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
  const queue = useSaveQueue(csrf);
  const { TITLES } = useMessages();
  return (
    <main className="plain kiosk">
      <div className="plain-brand">{TITLES.appName}</div>
      <LanguageSwitch className="plain-lang" />
      <section className={`screen kiosk-screen${data.step === "scan" ? " kiosk-wide" : ""}`}>
        <header className="screen-head">
          <h1>{TITLES.scanningEntrance}</h1>
        </header>
        {data.step === "locked" ? <KioskLocked /> : <QueueBar queue={queue} />}
        {data.step === "round" ? <RoundStep error={data.error} /> : null}
        {data.step === "pickRound" ? <PickRoundStep rounds={data.rounds} /> : null}
        {data.step === "team" ? <TeamStep data={data} /> : null}
        {data.step === "scan" ? (
          <ScanStep key={`${data.round.id}-${data.team.teamId}`} data={data} queue={queue} />
        ) : null}
        <KioskEnrol view={data.view} back={PATH} />
      </section>
    </main>
  );
}

function RoundStep({ error }: { error: string | null }) {
  const { search } = useLocation();
  const { LABELS } = useMessages();
  return (
    <>
      {/* A new search remounts the input: cleared (the spec) and focused again. */}
      <Form method="get" action={PATH} className="kiosk-form" key={search}>
        <label htmlFor="round-name">{LABELS.kioskRoundName}</label>
        <div className="kiosk-inline">
          <input
            id="round-name"
            name="round"
            type="text"
            required
            // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
            autoFocus
            autoComplete="off"
            maxLength={ROUND_NAME_MAX}
            defaultValue=""
            aria-describedby={error ? "round-error" : undefined}
          />
          <button type="submit" className="btn btn-primary">
            {LABELS.kioskFindRound}
          </button>
        </div>
      </Form>
      {error ? (
        <p id="round-error" className="kiosk-msg kiosk-msg-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

function PickRoundStep({ rounds }: { rounds: { id: number; name: string; eventName: string }[] }) {
  const { LABELS } = useMessages();
  return (
    <Form method="get" action={PATH} className="kiosk-form">
      <p className="kiosk-lead">{LABELS.kioskPickEvent}</p>
      <div className="kiosk-choices">
        {rounds.map((r, i) => (
          <button
            key={r.id}
            type="submit"
            name="roundId"
            value={r.id}
            className="btn kiosk-choice"
            // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
            autoFocus={i === 0}
          >
            {r.eventName} — {r.name}
          </button>
        ))}
      </div>
      <p>
        <Link to={PATH}>{LABELS.kioskAnotherRound}</Link>
      </p>
    </Form>
  );
}

function TeamStep({ data }: { data: Extract<LoaderData, { step: "team" }> }) {
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  return (
    <>
      <RoundHeading round={data.round} />
      {data.races.length === 0 ? (
        <p className="empty">{MSG.nothingToShow}</p>
      ) : (
        <>
          <Form method="get" action={PATH} className="kiosk-form" key={search}>
            <input type="hidden" name="roundId" value={data.round.id} />
            <label htmlFor="lane">{LABELS.rdLane}</label>
            <div className="kiosk-inline">
              <input
                id="lane"
                name="lane"
                type="text"
                inputMode="numeric"
                required
                // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
                autoFocus
                autoComplete="off"
                maxLength={LANE_MAX}
                defaultValue=""
                aria-describedby={data.error ? "lane-error" : "lane-hint"}
              />
              <button type="submit" className="btn btn-primary">
                {LABELS.kioskPickTeam}
              </button>
            </div>
            <p id="lane-hint" className="hint">
              {LABELS.kioskLaneHint}
            </p>
          </Form>
          {data.error ? (
            <p id="lane-error" className="kiosk-msg kiosk-msg-error" role="alert">
              {data.error}
            </p>
          ) : null}
          <Form method="get" action={PATH} className="kiosk-choices" aria-label={LABELS.kioskEventTeams}>
            <input type="hidden" name="roundId" value={data.round.id} />
            {data.races.map((r) => (
              <button
                key={r.teamId}
                type="submit"
                name="teamId"
                value={r.teamId}
                className="btn kiosk-choice"
              >
                <span className="kiosk-lane">{LABELS.rdLaneN(r.lane)}</span> {r.teamName}
              </button>
            ))}
          </Form>
        </>
      )}
      <p>
        <Link to={PATH}>{LABELS.kioskChangeRound}</Link>
      </p>
    </>
  );
}

function RoundHeading({ round }: { round: { name: string; eventName: string } }) {
  return (
    <p className="kiosk-round">
      <span className="kiosk-round-name">{round.name}</span>
      <span className="kiosk-round-event">{round.eventName}</span>
    </p>
  );
}

function Photo({ person, large = false }: { person: ScanPerson; large?: boolean }) {
  const cls = large ? "kiosk-photo kiosk-photo-large" : "kiosk-photo";
  const { LABELS } = useMessages();
  return person.image ? (
    <img className={cls} src={`/uploads/${person.image}`} alt={person.name} />
  ) : (
    <span className={`${cls} kiosk-photo-none`} role="img" aria-label={LABELS.kioskNoPhoto(person.name)} />
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type Queue = ReturnType<typeof useSaveQueue>;

/** The JS kiosk's queue of saves (lib/scan-queue.client.ts): what waits, and sending it again on
 * `online`, every 5 s while something waits, and on page load. */
function useSaveQueue(csrf: string) {
  const [items, setItems] = useState<QueuedSave[]>([]);
  const [notice, setNotice] = useState<{ toast: Toast; n: number } | null>(null);
  const { MSG } = useMessages();
  const show = useCallback((toast: Toast) => setNotice((old) => ({ toast, n: (old?.n ?? 0) + 1 })), []);
  const report = useCallback(
    (results: SendResult[]) => {
      setItems(readQueue());
      const sent = results.filter((r) => r.kind === "sent");
      const refused = results.filter((r) => r.kind === "refused");
      const dropped = sent.flatMap((r) => r.dropped);
      if (refused.length) {
        show({
          type: "error",
          message: refused.map((r) => MSG.scansRefused(r.item.label, r.message)).join(" "),
        });
      } else if (dropped.length) {
        show({ type: "warning", message: `${MSG.historySaved} ${MSG.historyDropped(dropped.join(", "))}` });
      } else if (sent.length) {
        // Saves that had waited: say how many scans went; a save sent at once: the spec's toast.
        const late = sent.some((r) => r.item.tries > 0);
        const n = sent.reduce((sum, r) => sum + r.item.codes.length, 0);
        show({ type: "success", message: late ? MSG.scansSent(n) : MSG.historySaved });
      }
      return results;
    },
    [show, MSG],
  );
  const send = useCallback(async () => report(await sendQueue(csrf)), [csrf, report]);
  useEffect(() => {
    setItems(readQueue());
    void send();
    const onStorage = (e: StorageEvent) => {
      if (isQueueKey(e.key)) setItems(readQueue());
    };
    const onOnline = () => void send();
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    const timer = setInterval(() => {
      if (readQueue().length) void send();
    }, 5000);
    return () => {
      window.removeEventListener("online", onOnline);
      window.removeEventListener("storage", onStorage);
      clearInterval(timer);
    };
  }, [send]);
  /** Queues a save and sends it at once; tells when it could not go. */
  const add = useCallback(
    async (save: Omit<QueuedSave, "id" | "queuedAt" | "tries">) => {
      const item = enqueue(save);
      setItems(readQueue());
      const results = await send();
      if (!readQueue().some((i) => i.id === item.id)) return;
      // The server answered with the spec's failure sentence ('saving history'): say it; the save
      // stays queued and is sent again. Otherwise it could not be reached.
      const failed = results.find((r) => r.kind === "failed" && r.item.id === item.id);
      show(
        failed?.kind === "failed"
          ? { type: "error", message: failed.message }
          : { type: "warning", message: MSG.scansQueued },
      );
    },
    [send, show, MSG],
  );
  const waiting = items.reduce((n, i) => n + i.codes.length, 0);
  return { items, waiting, send, add, notice };
}

function QueueBar({ queue }: { queue: Queue }) {
  const { MSG, LABELS } = useMessages();
  return (
    <>
      {queue.notice ? <Toasts key={queue.notice.n} toasts={[queue.notice.toast]} /> : null}
      {queue.waiting > 0 ? (
        <div className="kiosk-queue" role="status">
          <span>
            <span className="kiosk-queue-dot" aria-hidden="true" /> {MSG.scansWaiting(queue.waiting)}
            {queue.items.length > 1 ? LABELS.kioskSaves(queue.items.length) : ""}
          </span>
          <button type="button" className="btn btn-small" onClick={() => void queue.send()}>
            {LABELS.kioskSendNow}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The JS kiosk's check of one code: the roster at once; the server for what only it knows. */
async function lookupInBrowser(
  data: ScanData,
  roster: Map<number, ScanPerson>,
  text: string,
): Promise<Lookup> {
  const code = parseScanCode(text);
  if (!code || (data.requireSigned && code.signature === null)) return { kind: "invalid" };
  const member = roster.get(code.userId);
  if (member && code.signature === null) return { kind: "member", person: member };
  const remote = await checkCode<Lookup | { kind: "gone" }>(data.round.id, data.team.teamId, text.trim());
  if (remote && remote.kind !== "gone") return remote;
  // Offline: a member's signed code is taken for now (Save checks it on the server); anyone else
  // is not in this team's roster.
  return member ? { kind: "member", person: member } : { kind: "outsider", participant: null };
}

function ScanStep({ data, queue }: { data: ScanData; queue: Queue }) {
  const answer = useActionData<typeof action>();
  const hydrated = useHydrated();
  const roster = useMemo(() => new Map(data.roster.map((p) => [p.id, p])), [data.roster]);
  const [history, setHistory] = useState<Entry[]>(answer?.history ?? []);
  const [message, setMessage] = useState<Message | null>(answer?.message ?? null);
  const [latest, setLatest] = useState<ScanPerson | null>(answer?.latest ?? null);
  const [confirming, setConfirming] = useState(answer?.confirm ?? false);
  const historyRef = useRef(history);
  const input = useRef<HTMLInputElement>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const restored = useRef(false);
  const { round, team, limits } = data;
  const { MSG, LABELS } = useMessages();

  // A no-JS answer (the page was posted before the scripts ran) wins; otherwise the draft this
  // browser kept for this round and team comes back (members no longer in the roster stay out).
  const setBoth = useCallback(
    (next: Entry[]) => {
      historyRef.current = next;
      setHistory(next);
      writeDraft(
        round.id,
        team.teamId,
        next.map((e) => e.code),
      );
    },
    [round.id, team.teamId],
  );
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (answer) return setBoth(answer.history);
    const kept = readDraft(round.id, team.teamId).flatMap((code) => {
      const person = roster.get(parseScanCode(code)?.userId ?? 0);
      return person ? [{ code, person }] : [];
    });
    if (kept.length) setBoth(kept);
  }, [answer, roster, round.id, team.teamId, setBoth]);

  const process = useCallback(
    async (text: string) => {
      const outcome: ScanOutcome = scanInto(
        historyRef.current.map((e) => e.person),
        await lookupInBrowser(data, roster, text),
        limits,
      );
      if (outcome.kind === "added")
        setBoth([...historyRef.current, { code: text.trim(), person: outcome.person }]);
      setMessage(scanMessage(outcome, team.teamName, MSG));
      setLatest(outcome.kind === "added" || outcome.kind === "repeat" ? outcome.person : null);
    },
    [data, roster, limits, team.teamName, setBoth, MSG],
  );

  const doSave = useCallback(
    async (confirmed: boolean) => {
      const h = historyRef.current;
      if (h.length === 0) return setMessage({ text: MSG.historyEmpty, error: true });
      if (
        !confirmed &&
        femaleShort(
          h.map((e) => e.person),
          limits,
        )
      )
        return setConfirming(true);
      setConfirming(false);
      setBoth([]);
      setLatest(null);
      setMessage(null);
      await queue.add({
        roundId: round.id,
        teamId: team.teamId,
        codes: h.map((e) => e.code),
        label: `${team.teamName} · ${round.name}`,
      });
    },
    [limits, queue, round, team, setBoth, MSG],
  );

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value ?? "scan";
    if (intent === "scan") {
      const text = (input.current?.value ?? "").slice(0, SCAN_CODE_MAX + 1);
      if (input.current) input.current.value = "";
      if (text.trim()) chain.current = chain.current.then(() => process(text));
    } else if (intent === "save") {
      const confirmed = submitter?.dataset.confirmed === "yes";
      chain.current = chain.current.then(() => doSave(confirmed));
    } else if (intent === "clear") {
      chain.current = chain.current.then(() => {
        setBoth([]);
        setLatest(null);
        setMessage({ text: MSG.historyCleared, error: false });
      });
    } else {
      setConfirming(false);
    }
    // Back to the scan input for the next code (it remounts, focused, after the question).
    requestAnimationFrame(() => input.current?.focus());
  };

  const c = counts(history.map((e) => e.person));
  return (
    <>
      <RoundHeading round={round} />
      <p className="kiosk-team">
        <span className="kiosk-lane">{LABELS.rdLaneN(team.lane)}</span> <strong>{team.teamName}</strong>
      </p>
      <p className="kiosk-links">
        <Link to={`${PATH}?roundId=${round.id}`}>{LABELS.kioskChangeTeam}</Link> ·{" "}
        <Link to={PATH}>{LABELS.kioskChangeRound}</Link>
      </p>
      <form method="post" action={scanUrl(round.id, team.teamId)} onSubmit={hydrated ? onSubmit : undefined}>
        <CsrfInput />
        {history.map((e) => (
          <input key={e.code} type="hidden" name="h" value={e.code} />
        ))}
        {confirming ? (
          <div className="kiosk-confirm" role="alertdialog" aria-labelledby="female-question">
            <p id="female-question">{MSG.scanFemaleConfirm}</p>
            <input type="hidden" name="confirmed" value="yes" />
            <div className="kiosk-inline">
              <button
                type="submit"
                name="intent"
                value="save"
                data-confirmed="yes"
                className="btn btn-primary"
                // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
                autoFocus
              >
                {LABELS.rdYes}
              </button>
              <button type="submit" name="intent" value="back" className="btn">
                {LABELS.kioskNo}
              </button>
            </div>
          </div>
        ) : (
          <>
            <label htmlFor="scan-code">{LABELS.kioskScanCode}</label>
            <div className="kiosk-inline">
              <input
                ref={input}
                id="scan-code"
                name="code"
                type="text"
                // biome-ignore lint/a11y/noAutofocus: the kiosk's one input per step is focused for the scanner (spec)
                autoFocus
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={SCAN_CODE_MAX}
                defaultValue=""
                aria-describedby="scan-message"
              />
              <button type="submit" name="intent" value="scan" className="btn btn-primary">
                {LABELS.kioskScan}
              </button>
            </div>
            <div className="kiosk-actions">
              <button type="submit" name="intent" value="save" className="btn btn-primary">
                {LABELS.save}
              </button>
              <button type="submit" name="intent" value="clear" className="btn">
                {LABELS.kioskClear}
              </button>
            </div>
          </>
        )}
      </form>
      <div className="kiosk-board">
        <div className="kiosk-now">
          <div id="scan-message" aria-live="polite">
            {message ? (
              <p
                className={`kiosk-msg ${message.error ? "kiosk-msg-error" : "kiosk-msg-ok"}`}
                role={message.error ? "alert" : "status"}
              >
                {message.text}
              </p>
            ) : null}
          </div>
          {latest ? (
            <div className="kiosk-latest">
              <Photo person={latest} large />
              <p className="kiosk-latest-name">{latest.name}</p>
            </div>
          ) : null}
        </div>
        <div className="kiosk-list">
          <p className="kiosk-counts">
            <span>{LABELS.kioskParticipants(c.total, limits.maxRace)}</span>
            <span>{LABELS.kioskMales(c.male, limits.maxMale)}</span>
            <span className={c.female < limits.minFemale ? "kiosk-short" : undefined}>
              {LABELS.kioskFemales(c.female, limits.minFemale)}
            </span>
          </p>
          <h2 className="visually-hidden">{LABELS.kioskHistory}</h2>
          {history.length === 0 ? (
            <p className="empty">{MSG.nothingToShow}</p>
          ) : (
            <ol className="kiosk-history" reversed aria-label={LABELS.kioskHistory}>
              {[...history].reverse().map((e) => (
                <li key={e.code}>
                  <Photo person={e.person} />
                  <span>{e.person.name}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </>
  );
}
