// The public scoreboard's HTML, rendered once per change by lib/scoreboard-live.server.ts and then
// served as bytes. A plain document, not a hydrated Remix page: no inline script (so no per-request
// CSP nonce in it, and the same bytes suit every visitor), one small stylesheet and one small
// deferred script (public/scoreboard.js) that opens the live stream and swaps in each new board.
// Without JavaScript a <noscript> meta refresh reloads it every 30 s. One page per language (the
// visitor's `lang` cookie or Accept-Language, like every page): the status texts the script shows
// ride on the status element (data-live, data-connecting, data-off). See
// docs/decisions/0016-race-day.md (Scoreboard).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { FooterOf } from "~/components/Footer";
import type { BoardRound } from "~/models/scoreboard.server";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/messages";
import scoreboardCss from "~/styles/scoreboard.css";

/** Seconds between the reloads of a browser without JavaScript. */
export const REFRESH_SECONDS = 30;
export const SCRIPT_PATH = "/scoreboard.js";

let scriptUrl: string | undefined;
/** public/scoreboard.js with its content's hash, so a deploy's new script is fetched at once (the
 * file itself is cached for an hour like the rest of public/). */
function scriptHref(): string {
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

function RoundTable({ round, t }: { round: BoardRound; t: Bundle }) {
  const { MSG, LABELS } = t;
  const headingId = `round-${round.id}`;
  // Round names usually carry their event's ("250M PREMIER OPEN HEAT 1"); otherwise say it.
  const showEvent = !round.name.toUpperCase().startsWith(round.eventName.toUpperCase());
  return (
    <section className="sb-round" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {showEvent ? <span className="sb-event">{round.eventName}</span> : null}
        {round.name}
      </h2>
      {round.races.length === 0 ? (
        <p className="sb-none">{MSG.scoreboardNoRaces}</p>
      ) : (
        <table className="sb-table">
          <thead>
            <tr>
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

/** The board itself (what the live stream sends): one table per shown round, or the empty state. */
export function renderBoard(rounds: BoardRound[], t: Bundle = EN): string {
  return renderToStaticMarkup(
    rounds.length === 0 ? (
      <p className="sb-empty">{t.MSG.scoreboardEmpty}</p>
    ) : (
      rounds.map((round) => <RoundTable key={round.id} round={round} t={t} />)
    ),
  );
}

/** The whole document around a board; `version` names the board for the live stream. */
export function renderPage(board: string, version: string, locale: Locale = "en"): string {
  const { MSG, TITLES, FOOTER, LABELS } = bundleFor(locale);
  const marker = "@@BOARD@@"; // text React leaves as it is
  const html = renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${TITLES.scoreboard} | ${TITLES.appName}`}</title>
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
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
            <noscript>{MSG.scoreboardNoJs(REFRESH_SECONDS)}</noscript>
          </p>
        </header>
        <main id="board" className="sb-board" data-version={version}>
          {marker}
        </main>
        <FooterOf footer={FOOTER} />
      </body>
    </html>,
  );
  // The board is already markup: put it in place rather than render it twice.
  return `<!DOCTYPE html>${html.replace(marker, () => board)}`;
}
