// The broadcast overlay's HTML (issue 29 part 2; /overlay), rendered once per change by
// routes/overlay/live.server.ts and served as bytes like the board: a plain document for OBS's browser
// source at 1920x1080, a lower third with the race on the water and, for 30 s after a result goes
// Official, its top three above it. Nothing else on screen: no header, sidebar, footer or status.
// Transparent by default; `?bg=green` is a second rendering of the same version on chroma-key green
// (#00FF00). No inline script or style (the fast path's policy has no nonce): one stylesheet and one
// deferred script (public/overlay.js: the live stream, and hiding a result when its 30 s are up).
// Without JavaScript a <noscript> meta refresh every 5 s.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/messages";
import type { OverlayData, OverlayRace, OverlayResult } from "~/models/overlay.server";
import { OVERLAY_REFRESH_SECONDS, showsEventName } from "~/rules/overlay";
import overlayCss from "~/styles/overlay.css";

export const OVERLAY_SCRIPT = "/overlay.js";

let scriptUrl: string | undefined;
/** public/overlay.js with its content's hash (a deploy's new script is fetched at once). */
export function overlayScriptHref(): string {
  if (scriptUrl === undefined) {
    try {
      const bytes = fs.readFileSync(path.resolve("public", OVERLAY_SCRIPT.slice(1)));
      scriptUrl = `${OVERLAY_SCRIPT}?v=${createHash("sha256").update(bytes).digest("hex").slice(0, 10)}`;
    } catch {
      scriptUrl = OVERLAY_SCRIPT;
    }
  }
  return scriptUrl;
}

function Title({
  race,
  t,
}: {
  race: Pick<OverlayRace, "raceNumber" | "eventName" | "roundName">;
  t: Bundle;
}) {
  return (
    <p className="ov-title">
      {race.raceNumber !== null ? (
        <span className="ov-number">{t.LABELS.bdRace(race.raceNumber)}</span>
      ) : null}
      {showsEventName(race.eventName, race.roundName) ? (
        <span className="ov-event">{race.eventName}</span>
      ) : null}
      <span className="ov-round">{race.roundName}</span>
    </p>
  );
}

function Result({ result, t }: { result: OverlayResult; t: Bundle }) {
  const { LABELS } = t;
  return (
    <section
      className="ov-result"
      aria-label={LABELS.ovResult}
      data-round={result.id}
      data-until={result.until}
    >
      <div className="ov-bar">
        <Title race={result} t={t} />
        <p className="ov-state">{result.revision > 1 ? LABELS.rsStateRevised : LABELS.rsStateOfficial}</p>
      </div>
      <ol className="ov-podium">
        {result.podium.map((p) => (
          <li key={p.lane} className={`ov-place-${p.place}`}>
            <span className="ov-place">{p.place}</span>
            <span className="ov-team">{p.team}</span>
            <span className="ov-time">{p.time}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function OnWater({ race, t }: { race: OverlayRace; t: Bundle }) {
  const { LABELS } = t;
  return (
    <section className="ov-third" aria-label={LABELS.ovOnWater} data-round={race.id}>
      <div className="ov-bar">
        <Title race={race} t={t} />
      </div>
      {race.lanes.length === 0 ? null : (
        <ul className={`ov-lanes${race.lanes.length > 6 ? " ov-many" : ""}`}>
          {race.lanes.map((l) => (
            <li key={l.lane}>
              <span className="ov-lane">
                <span className="ov-sr">{LABELS.rdLane} </span>
                {l.lane}
              </span>
              <span className="ov-team">{l.team}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the live stream sends: the result (when one is on) above the lower third (when a race is
 * on the water). Either may be absent: then nothing shows there. */
export function renderOverlay(data: OverlayData, t: Bundle = EN): string {
  return renderToStaticMarkup(
    <>
      {data.official ? <Result result={data.official} t={t} /> : null}
      {data.onWater ? <OnWater race={data.onWater} t={t} /> : null}
    </>,
  );
}

/** The whole document around an overlay; `green`: the chroma-key background. */
export function renderOverlayPage(
  board: string,
  version: string,
  locale: Locale = "en",
  { green = false }: { green?: boolean } = {},
): string {
  const { TITLES, LABELS } = bundleFor(locale);
  const marker = "@@OVERLAY@@";
  const html = renderToStaticMarkup(
    <html lang={locale} className={green ? "ov-green" : "ov-clear"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${LABELS.ovTitle} | ${TITLES.appName}`}</title>
        <noscript>
          <meta httpEquiv="refresh" content={String(OVERLAY_REFRESH_SECONDS)} />
        </noscript>
        <link rel="stylesheet" href={overlayCss} />
        <script src={overlayScriptHref()} defer />
      </head>
      <body>
        <main id="overlay" className="ov" data-version={version} data-events="/overlay/events">
          {marker}
        </main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${html.replace(marker, () => board)}`;
}
