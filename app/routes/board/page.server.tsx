// The big screen's HTML (/board, issue 20 section 6), rendered once per change by
// lib/scoreboard-live.server.ts (liveBigBoard) and served as bytes like the scoreboard: a plain
// document, no inline script, one stylesheet and the scoreboard's small script (public/scoreboard.js,
// which opens /board/events and swaps in each new board). An unattended display: without JavaScript
// a <noscript> meta refresh reloads it every 30 s, and it says so on screen.
import { renderToStaticMarkup } from "react-dom/server";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { type Bundle, EN } from "~/messages";
import {
  type BoardData,
  type BoardLane,
  type BoardRace,
  type BoardResult,
  STANDINGS_TOP,
} from "~/models/board.server";
import { clockTime } from "~/rules/board";
import { publicText } from "~/rules/readiness";
import boardCss from "~/styles/board.css";
import { NoticeBox, REFRESH_SECONDS, resultStateText, scriptHref } from "~/routes/scoreboard/page.server";
import { StandingsTable } from "~/routes/standings/table.server";

function RaceHead({ race, t }: { race: BoardRace; t: Bundle }) {
  const showEvent = !race.roundName.toUpperCase().startsWith(race.eventName.toUpperCase());
  return (
    <h3>
      {race.raceNumber !== null ? (
        <span className="bd-number">{t.LABELS.bdRace(race.raceNumber)}</span>
      ) : null}
      {race.scheduledAt !== null ? (
        <span className="bd-start">{t.LABELS.bdStart(clockTime(race.scheduledAt))}</span>
      ) : null}
      <span className="bd-name">
        {showEvent ? <span className="bd-event">{race.eventName}</span> : null}
        {race.roundName}
      </span>
    </h3>
  );
}

/** A race's lanes, compact (two columns on a big screen): now racing and the next three must fit
 * beside the results at 1920x1080. */
function LaneList({ lanes, t }: { lanes: BoardLane[]; t: Bundle }) {
  // The next races' lanes say whether their crew is Ready (issue 28); the public never sees how.
  if (lanes.length === 0) return <p className="bd-none">{t.MSG.scoreboardNoRaces}</p>;
  return (
    <ul className="bd-lanes">
      {lanes.map((l) => (
        <li key={l.lane}>
          <span className="bd-lane">
            <span className="bd-sr">{t.LABELS.rdLane} </span>
            {l.lane}
          </span>{" "}
          <span className="bd-team">{l.team}</span>
          {l.ready === undefined ? null : (
            <>
              {" "}
              <span className={`bd-ready ${l.ready ? "bd-ready-yes" : "bd-ready-no"}`} data-ready={l.ready}>
                {publicText(t, l.ready)}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Result({ round, t }: { round: BoardResult; t: Bundle }) {
  const state = resultStateText(
    { resultState: round.state, revision: round.revision, protestUntil: round.protestUntil },
    t,
  );
  return (
    <article
      className="bd-card bd-result"
      data-round={round.id}
      data-said={`${round.roundName} ${state ?? ""}`}
    >
      <RaceHead race={round} t={t} />
      <p className={`bd-state bd-state-${round.state.toLowerCase()}`}>{state}</p>
      <table className="bd-table">
        <thead>
          <tr>
            <th scope="col" className="bd-place">
              {t.LABELS.bdPlace}
            </th>
            <th scope="col">{t.LABELS.team}</th>
            <th scope="col" className="bd-score">
              {t.LABELS.rdScore}
            </th>
          </tr>
        </thead>
        <tbody>
          {round.lanes.map((l) => (
            <tr key={l.lane}>
              <td className="bd-place">{l.place ?? l.status ?? ""}</td>
              <td className="bd-team">{l.team}</td>
              <td className="bd-score">{l.score ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** The board itself (what the live stream sends): the notice, now racing, next, latest results. */
export function renderBigBoard(data: BoardData, t: Bundle = EN): string {
  const { LABELS } = t;
  return renderToStaticMarkup(
    <>
      {data.notice ? <NoticeBox notice={data.notice} t={t} className="bd-notice" /> : null}
      <div className="bd-columns">
        <div className="bd-col">
          <section className="bd-section bd-now" aria-labelledby="bd-now">
            <h2 id="bd-now">{LABELS.bdNowRacing}</h2>
            {data.nowRacing.length === 0 ? (
              <p className="bd-none">{LABELS.bdNoneRacing}</p>
            ) : (
              data.nowRacing.map((race) => (
                <article key={race.id} className="bd-card bd-racing">
                  <RaceHead race={race} t={t} />
                  <LaneList lanes={race.lanes} t={t} />
                </article>
              ))
            )}
          </section>
          <section className="bd-section bd-next" aria-labelledby="bd-next">
            <h2 id="bd-next">
              {LABELS.bdNext}
              {data.delayMinutes > 0 ? (
                <span className="bd-late">{LABELS.bdLate(data.delayMinutes)}</span>
              ) : null}
            </h2>
            {data.next.length === 0 ? (
              <p className="bd-none">{LABELS.bdNoneNext}</p>
            ) : (
              data.next.map((race) => (
                <article key={race.id} className="bd-card" data-round={race.id}>
                  <RaceHead race={race} t={t} />
                  <LaneList lanes={race.lanes} t={t} />
                </article>
              ))
            )}
          </section>
          {/* Issue 29: the club championship's top ten, linked to the whole table. */}
          <section className="bd-section bd-standings" aria-labelledby="bd-standings">
            <h2 id="bd-standings">
              {LABELS.stTopTen}
              {data.standings.provisional ? <span className="bd-st-tag">{LABELS.stProvisional}</span> : null}
            </h2>
            {data.standings.rows.length === 0 ? (
              <p className="bd-none">{LABELS.stEmpty}</p>
            ) : (
              <StandingsTable
                rows={data.standings.rows}
                t={t}
                top={STANDINGS_TOP}
                className="bd-table bd-st-table"
              />
            )}
            <p className="bd-st-more">
              <a href="/standings">{LABELS.stFullTable}</a>
            </p>
          </section>
        </div>
        <section className="bd-section bd-latest" aria-labelledby="bd-latest">
          <h2 id="bd-latest">{LABELS.bdLatest}</h2>
          {data.latest.length === 0 ? (
            <p className="bd-none">{LABELS.bdNoneLatest}</p>
          ) : (
            <div className="bd-results">
              {data.latest.map((round) => (
                <Result key={round.id} round={round} t={t} />
              ))}
            </div>
          )}
        </section>
      </div>
    </>,
  );
}

/** The whole document around a board; `version` names the board for the live stream. */
export function renderBigBoardPage(board: string, version: string, locale: Locale = "en"): string {
  const { TITLES, LABELS } = bundleFor(locale);
  const marker = "@@BOARD@@";
  const html = renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark" />
        <title>{`${LABELS.bdTitle} | ${TITLES.appName}`}</title>
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
        <link rel="stylesheet" href={boardCss} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script src={scriptHref()} defer />
      </head>
      <body className="bd-body">
        <header className="bd-head">
          <div className="bd-brand">
            {TITLES.appName} <a href="/results">{LABELS.edPbPastResults}</a>
          </div>
          <h1>{LABELS.bdTitle}</h1>
          <p
            className="bd-status"
            id="sb-status"
            role="status"
            data-live={LABELS.sbLive}
            data-connecting={LABELS.sbConnecting}
            data-off={LABELS.sbOffline}
          >
            <noscript>{LABELS.bdRefreshes(REFRESH_SECONDS)}</noscript>
          </p>
          <p className="bd-sr" id="sb-announce" aria-live="polite" data-updated={LABELS.bdResultsUpdated} />
        </header>
        <main id="board" className="bd-board" data-version={version} data-events="/board/events">
          {marker}
        </main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${html.replace(marker, () => board)}`;
}
