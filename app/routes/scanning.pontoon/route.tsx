// /scanning/pontoon (issue 28 part 2; ADR 0038): the kiosk's pontoon mode. Boats going Out or coming
// Back: choose the direction (two links, ?dir=out|back), scan any crew member's tag, and the
// member's lane in the current or next race of their team is marked out (or back) with the time
// (rules/pontoon.ts decides the lane; services/pontoon.server.ts). Guarded as the entrance is
// (services/kiosk-device.server.ts: staff logged in, or an enrolled device; anyone else gets the frame
// and an explanation, and a POST is refused with 403), with its keyboard and wedge-scanner input
// (one auto-focused input, Enter sends) and its signed tags (voided tags refused).
// Without JavaScript each scan is a POST to this route that answers on the page. With JavaScript a
// scan goes into this browser's queue first and is sent to /scanning/pontoon/scan at once, or when
// the connection returns (pontoon-queue.client.ts), with the time it was scanned.
import "~/i18n/routes/scanning.pontoon";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { CsrfInput } from "~/components/PostForm";
import { ScanCodeField, ScanMessage } from "~/components/ScanCodeField";
import { KioskEnrol, KioskLocked, type KioskView } from "~/components/KioskGate";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { messagesFor } from "~/i18n/locale.server";
import { metaTitle, useMessages } from "~/i18n/useMessages";
import { now } from "~/lib/clock.server";
import { pontoonSchema } from "~/services/fixed-forms.server";
import { parseFixedForm } from "~/lib/forms.server";
import { kioskAccess, mayScan, noteSaved, requireKioskPost } from "~/services/kiosk-device.server";
import { limitKioskRead } from "~/services/kiosk-read-limit.server";
import { currentEdition } from "~/models/edition.server";
import { currentNotice } from "~/models/notice.server";
import type { loader as rootLoader } from "~/root";
import { type Direction, isDirection } from "~/rules/pontoon";
import { SCAN_CODE_MAX } from "~/rules/scan-code";
import { pontoonScan } from "~/services/pontoon.server";
import kioskStyles from "~/styles/scanning.css";
import { QueueBar } from "../scanning.entrance/QueueBar";
import { useHydrated } from "../scanning.entrance/useHydrated";
import { type Message, PATH, pontoonMessage, pontoonUrl } from "./shared";
import { useScanQueue } from "./useScanQueue";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: kioskStyles }];

export const meta: MetaFunction = ({ matches }) => metaTitle(matches, (t) => t.LABELS.pnTitle);

const directionOf = (raw: unknown): Direction => (isDirection(raw) ? raw : "out");

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await kioskAccess(request);
  limitKioskRead(request, access);
  const view: KioskView = { staff: access.staff !== null, device: access.device?.name ?? null };
  const direction = directionOf(new URL(request.url).searchParams.get("dir"));
  if (!mayScan(access)) return json({ locked: true as const, view, direction, notice: null });
  return json({ locked: false as const, view, direction, notice: currentNotice(currentEdition().id) });
}

/** The no-JS scan: answers on the page. */
export async function action({ request }: ActionFunctionArgs) {
  const access = await requireKioskPost(request);
  const { MSG } = messagesFor(request);
  const { form, value } = await parseFixedForm(request, pontoonSchema);
  // An empty box is a scan of nothing (its sentence); no box at all is not our form.
  if (!form.has("code")) throw new Response("Bad Request", { status: 400 });
  const { direction, code = "" } = value;
  const outcome = pontoonScan(
    currentEdition().id,
    code.slice(0, SCAN_CODE_MAX + 1),
    direction,
    now(),
    access.device?.id ?? null,
  );
  if (outcome.kind === "marked") noteSaved(access);
  return json({ message: pontoonMessage(outcome, MSG), direction });
}

export default function ScanningPontoon() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf ?? "";
  const { LABELS, TITLES } = useMessages();
  return (
    <main className="plain kiosk">
      <div className="plain-brand">{TITLES.appName}</div>
      <LanguageSwitch className="plain-lang" />
      <section className="screen kiosk-screen">
        <header className="screen-head">
          <h1>{LABELS.pnTitle}</h1>
        </header>
        {data.notice ? (
          <p className="kiosk-notice" data-testid="kiosk-notice">
            <strong>{LABELS.rcNotice}:</strong> {data.notice.text}
          </p>
        ) : null}
        {data.locked ? (
          <KioskLocked />
        ) : (
          <ScanForm
            key={data.direction}
            direction={data.direction}
            csrf={csrf}
            answer={answer?.direction === data.direction ? answer.message : null}
          />
        )}
        <p className="kiosk-switch">
          <Link to="/scanning/entrance">{LABELS.pnToEntrance}</Link>
        </p>
        <KioskEnrol view={data.view} back={PATH} />
      </section>
    </main>
  );
}

function ScanForm({
  direction,
  csrf,
  answer,
}: {
  direction: Direction;
  csrf: string;
  answer: Message | null;
}) {
  const { MSG, LABELS } = useMessages();
  const hydrated = useHydrated();
  const queue = useScanQueue(csrf);
  const [message, setMessage] = useState<Message | null>(answer);
  const input = useRef<HTMLInputElement>(null);

  // With JavaScript: queue the scan, send it, answer; the input is cleared and keeps the focus for
  // the next tag (a wedge scanner types the code and Enter).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = input.current;
    if (!field) return;
    const code = field.value.trim();
    field.value = "";
    field.focus();
    if (code === "") return;
    void queue
      .scan(code.slice(0, SCAN_CODE_MAX + 1), direction)
      .then((a) => setMessage(a ?? { text: MSG.pnQueued, error: true }));
  };

  return (
    <>
      {/* Each pontoon item is one scan: no "(n saves)". */}
      <QueueBar queue={{ ...queue, items: [] }} />
      <p className="hint">{LABELS.pnScanHint}</p>
      <nav className="kiosk-actions pn-direction" aria-label={LABELS.pnDirection}>
        {(["out", "back"] as const).map((d) => (
          <Link
            key={d}
            to={pontoonUrl(d)}
            className={`btn${d === direction ? " btn-primary" : ""}`}
            aria-current={d === direction ? "page" : undefined}
          >
            {d === "out" ? LABELS.pnOut : LABELS.pnBack}
          </Link>
        ))}
      </nav>
      <h2 className="pn-now">{direction === "out" ? LABELS.pnNowOut : LABELS.pnNowBack}</h2>
      {/* data-queue: the scan goes through the device's queue (JavaScript has taken the form over). */}
      <form
        method="post"
        action={pontoonUrl(direction)}
        onSubmit={hydrated ? onSubmit : undefined}
        data-queue={hydrated ? "" : undefined}
      >
        <CsrfInput />
        <input type="hidden" name="direction" value={direction} />
        <ScanCodeField ref={input} />
      </form>
      <ScanMessage message={message} />
    </>
  );
}
