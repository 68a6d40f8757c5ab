// Step 3: the scans. Without JavaScript each scan is a POST to the route (its action); with it,
// the roster checks a code at once and Save goes through the queue (useSaveQueue).
import { Link, useActionData } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CsrfInput } from "~/components/PostForm";
import { ScanCodeField, ScanMessage } from "~/components/ScanCodeField";
import { useMessages } from "~/i18n/useMessages";
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
import { Photo } from "./Photo";
import type { action } from "./route";
import { checkCode, readDraft, writeDraft } from "./scan-queue.client";
import { type Message, PATH, type ScanData, scanUrl } from "./shared";
import { RoundHeading } from "./TeamStep";
import { useHydrated } from "./useHydrated";
import type { Queue } from "./useSaveQueue";

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

export function ScanStep({ data, queue }: { data: ScanData; queue: Queue }) {
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
    // Back to the scan input for the next code (it remounts, focused, after the question), unless
    // the user moved on before the frame: a quick Tab after No stays where it went.
    const before = document.activeElement;
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (now === before || now === null || now === document.body) input.current?.focus();
    });
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
            <ScanCodeField ref={input} intent="scan" />
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
          <ScanMessage message={message} />
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
