// The public scoreboard's HTML, rendered once per change by lib/scoreboard-live.server.ts and then
// served as bytes. A plain document, not a hydrated Remix page: no inline script (so no per-request
// CSP nonce in it, and the same bytes suit every visitor), one small stylesheet and one small
// deferred script (public/scoreboard.js) that opens the live stream and swaps in each new board.
// Without JavaScript it does not reload by default (a meta refresh is axe's `meta-refresh`, WCAG
// 2.2.1): it says when it was last updated and offers "Refresh automatically", a link to
// /scoreboard?refresh=30, a second rendering of the same version with a <noscript> meta refresh
// every 30 s and a link to turn it off (issue 20). One page per language (the
// visitor's `lang` cookie or Accept-Language, like every page): the status texts the script shows
// ride on the status element (data-live, data-connecting, data-off). See
// docs/decisions/0016-race-day.md (Scoreboard).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { FooterOf } from "~/components/Footer";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/messages";
import type { BoardRound, ScoreboardData } from "~/models/scoreboard.server";
import { clockTime, hasResults } from "~/rules/board";
import { roundState, stateLabel } from "~/rules/results";
import scoreboardCss from "~/styles/scoreboard.css";

/** Seconds between the reloads of a browser without JavaScript. */
export const REFRESH_SECONDS = 30;
export const SCRIPT_PATH = "/scoreboard.js";

let scriptUrl: string | undefined;
/** public/scoreboard.js with its content's hash, so a deploy's new script is fetched at once (the
 * file itself is cached for an hour like the rest of public/). /board uses it too. */
export function scriptHref(): string {
  if (scriptUrl === undefined) {
    try {
      const bytes = fs.readFileSync(path.resolve("public", SCRIPT_PATH.slice(1)));
      scriptUrl = `${SCRIPT_PATH}?v=${createHash("sha256").update(bytes).digest("hex").slice(0, 10)}`;
    } catch {
      scriptUrl = SCRIPT_PATH;
    }
  }
  return scriptUrl;
}

/** A round's results state as the public reads it: "Provisional, protests until 14:35", "Official",
 * "Official (revised)"; null before any result is saved. */
export function resultStateText(
  round: { resultState: BoardRound["resultState"]; revision: number; protestUntil: number | null },
  t: Bundle,
): string | null {
  if (round.resultState === "NONE") return null;
  const state = roundState({ startedAt: null, resultState: round.resultState });
  if (state === "PROVISIONAL" && round.protestUntil !== null)
    return t.LABELS.rsProtestsUntil(clockTime(round.protestUntil));
  return stateLabel(t.LABELS, state, round.revision);
}

/** The notice race control posted, at the top of the scoreboard and the board. */
export function NoticeBox({
  notice,
  t,
  className,
}: {
  notice: { text: string };
  t: Bundle;
  className: string;
}) {
  return (
    <section className={className} aria-label={t.LABELS.bdNotice}>
      <strong>{t.LABELS.bdNotice}</strong> <span>{notice.text}</span>
    </section>
  );
}

function RoundTable({ round, t }: { round: BoardRound; t: Bundle }) {
  const { MSG, LABELS } = t;
  const headingId = `round-${round.id}`;
  // Round names usually carry their event's ("250M PREMIER OPEN HEAT 1"); otherwise say it.
  const showEvent = !round.name.toUpperCase().startsWith(round.eventName.toUpperCase());
  const state = resultStateText(round, t);
  const placed = hasResults(round.races);
  return (
    <section
      className="sb-round"
      aria-labelledby={headingId}
      data-round={round.id}
      data-said={state ? `${round.name} ${state}` : round.name}
    >
      <h2 id={headingId}>
        {showEvent ? <span className="sb-event">{round.eventName}</span> : null}
        {round.name}
      </h2>
      {state ? <p className={`sb-state sb-state-${round.resultState.toLowerCase()}`}>{state}</p> : null}
      {round.races.length === 0 ? (
        <p className="sb-none">{MSG.scoreboardNoRaces}</p>
      ) : (
        <table className="sb-table">
          <thead>
            <tr>
              {placed ? (
                <th scope="col" className="sb-place">
                  {LABELS.bdPlace}
                </th>
              ) : null}
              <th scope="col">{LABELS.team}</th>
              <th scope="col" className="sb-lane">
                {LABELS.rdLane}
              </th>
              <th scope="col" className="sb-score">
                {LABELS.rdScore}
              </th>
            </tr>
          </thead>
          <tbody>
            {round.races.map((race) => (
              <tr key={race.lane}>
                {placed ? <td className="sb-place">{race.place ?? race.status ?? ""}</td> : null}
                <td className="sb-team">{race.team}</td>
                <td className="sb-lane">{race.lane}</td>
                <td className="sb-score">
                  {race.score ?? (
                    <span className="sb-pending" title={MSG.scoreboardNoScore}>
                      –
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The board itself (what the live stream sends): the notice, one table per shown round (or the
 * empty state), and when this version was first seen ("Last updated 14:05"). */
export function renderBoard(
  data: ScoreboardData,
  t: Bundle = EN,
  { updatedAt }: { updatedAt?: number; locale?: Locale } = {},
): string {
  const { rounds, notice } = data;
  return renderToStaticMarkup(
    <>
      {notice ? <NoticeBox notice={notice} t={t} className="sb-notice" /> : null}
      {rounds.length === 0 ? (
        <p className="sb-empty">{t.MSG.scoreboardEmpty}</p>
      ) : (
        rounds.map((round) => <RoundTable key={round.id} round={round} t={t} />)
      )}
      {updatedAt !== undefined ? (
        <p className="sb-updated">{t.LABELS.bdLastUpdated(clockTime(updatedAt))}</p>
      ) : null}
    </>,
  );
}

/** The whole document around a board; `version` names the board for the live stream. `refresh`:
 * the reader asked for a page that reloads itself without JavaScript (/scoreboard?refresh=30). */
export function renderPage(
  board: string,
  version: string,
  locale: Locale = "en",
  { refresh = false }: { refresh?: boolean } = {},
): string {
  const { TITLES, FOOTER, LABELS } = bundleFor(locale);
  const marker = "@@BOARD@@"; // text React leaves as it is
  const html = renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${TITLES.scoreboard} | ${TITLES.appName}`}</title>
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
        ) : null}
        <link rel="stylesheet" href={scoreboardCss} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script src={scriptHref()} defer />
      </head>
      <body className="sb-body">
        <header className="sb-head">
          <div className="sb-brand">{TITLES.appName}</div>
          <h1>{TITLES.scoreboard}</h1>
          <p
            className="sb-status"
            id="sb-status"
            role="status"
            data-live={LABELS.sbLive}
            data-connecting={LABELS.sbConnecting}
            data-off={LABELS.sbOffline}
          >
            <noscript>
              {refresh ? (
                <>
                  {LABELS.bdRefreshing(REFRESH_SECONDS)} <a href="/scoreboard">{LABELS.bdRefreshOff}</a>
                </>
              ) : (
                <a href={`/scoreboard?refresh=${REFRESH_SECONDS}`}>{LABELS.bdRefreshAuto}</a>
              )}
            </noscript>
          </p>
          <p className="sb-sr" id="sb-announce" aria-live="polite" data-updated={LABELS.bdResultsUpdated} />
        </header>
        <main id="board" className="sb-board" data-version={version} data-events="/scoreboard/events">
          {marker}
        </main>
        <nav className="footer sb-past" aria-label={LABELS.edPbPastResults}>
          <a href="/results">{LABELS.edPbPastResults}</a>
          <a href="/standings">{LABELS.stTitle}</a>
        </nav>
        <FooterOf footer={FOOTER} />
      </body>
    </html>,
  );
  // The board is already markup: put it in place rather than render it twice.
  return `<!DOCTYPE html>${html.replace(marker, () => board)}`;
}
