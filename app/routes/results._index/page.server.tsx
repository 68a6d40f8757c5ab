// The public results pages (issue 21): /results, the editions whose results are public, newest
// first; /results/:year, that edition's official results by event and round. Plain documents like
// the scoreboard (routes/scoreboard/page.server.tsx): no script, one stylesheet, the same bytes for
// every visitor of a language (the `lang` cookie, else Accept-Language), so each page is rendered
// once per data change (lib/data-version.server.ts) and answered with an ETag (304 when the browser
// has it) and a short public max-age. An unknown year is a 404 page in the same style.
import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { FooterOf } from "~/components/Footer";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import type { Bundle } from "~/messages";
import { type Edition, editionByYear, publicEditions } from "~/models/edition.server";
import {
  officialResults,
  type PublicEvent,
  type PublicLane,
  type PublicRound,
} from "~/models/public-results.server";
import { formatDay } from "~/rules/format";
import { formatPenalty, formatRaceTime, stateLabel } from "~/rules/results";
import { type Standings, standingsOf } from "~/models/standings.server";
import resultsCss from "~/styles/public-results.css";
import { untilDataChanges } from "~/lib/data-version.server";
import { etagMatches, localeOfHeaders } from "~/lib/scoreboard-live.server";
import { StandingsTable, schemeSentences } from "~/routes/standings/table.server";

/** Seconds a browser or proxy may keep a page without asking again (results change rarely). */
export const RESULTS_MAX_AGE = 60;
const VARY = "Cookie, Accept-Language";

type Page = { status: 200 | 404; etag: string; html: string };

function Document({
  title,
  t,
  locale,
  children,
}: {
  title: string;
  t: Bundle;
  locale: Locale;
  children: React.ReactNode;
}) {
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${title} | ${t.TITLES.appName}`}</title>
        <link rel="stylesheet" href={resultsCss} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="pr-body">
        <header className="pr-head">
          <div className="pr-brand">{t.TITLES.appName}</div>
          <h1>{title}</h1>
        </header>
        <main className="pr-main">{children}</main>
        <nav className="pr-links" aria-label={t.LABELS.edPbTitle}>
          <a href="/results">{t.LABELS.edPbAllYears}</a>
          <a href="/scoreboard">{t.TITLES.scoreboard}</a>
          <a href="/board">{t.LABELS.bdTitle}</a>
          <a href="/standings">{t.LABELS.stTitle}</a>
          <a href="/api">{t.LABELS.apiLink}</a>
        </nav>
        <FooterOf footer={t.FOOTER} />
      </body>
    </html>
  );
}

const page = (status: Page["status"], markup: React.ReactElement): Page => {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(markup)}`;
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
  return { status, etag, html };
};

function EditionItem({ edition, t, locale }: { edition: Edition; t: Bundle; locale: Locale }) {
  const { LABELS } = t;
  return (
    <li className="pr-edition">
      <a href={`/results/${edition.year}`}>{edition.name}</a>
      <span className="pr-dates">
        {LABELS.edPbDates(formatDay(edition.startsOn, locale), formatDay(edition.endsOn, locale))}
      </span>
      <span className={`pr-tag pr-tag-${edition.state.toLowerCase()}`}>
        {edition.state === "OPEN" ? LABELS.edPbCurrent : LABELS.edPbArchived}
      </span>
    </li>
  );
}

/** /results: the public editions, newest first. */
export function renderResultsIndex(editions: Edition[], locale: Locale): Page {
  const t = bundleFor(locale);
  const { LABELS } = t;
  return page(
    200,
    <Document title={LABELS.edPbTitle} t={t} locale={locale}>
      <p className="pr-intro">{LABELS.edPbIntro}</p>
      {editions.length === 0 ? (
        <p className="pr-empty">{LABELS.edPbNoEditions}</p>
      ) : (
        <ul className="pr-editions">
          {editions.map((e) => (
            <EditionItem key={e.id} edition={e} t={t} locale={locale} />
          ))}
        </ul>
      )}
    </Document>,
  );
}

const DASH = "—";
const timeText = (l: PublicLane) => (l.timeMs === null ? DASH : formatRaceTime(l.timeMs));
const penaltyText = (l: PublicLane) => (l.penaltyMs > 0 ? `+${formatPenalty(l.penaltyMs)}` : "");
/** What the place stands on: a status, a record (Tug of War), the time with its penalty, else the
 * score as saved (as the printed result sheet says it). */
function resultText(l: PublicLane, tug: boolean): string {
  if (l.status) return l.status;
  if (tug && l.wins !== null && l.losses !== null) return `${l.wins}-${l.losses}`;
  if (!tug && l.timeMs !== null) return formatRaceTime(l.timeMs + l.penaltyMs);
  return l.score ?? DASH;
}

function RoundResults({ round, t }: { round: PublicRound; t: Bundle }) {
  const { LABELS } = t;
  const id = `round-${round.id}`;
  // The penalty column only where a crew had one. A phone leaves out the time (the result is the
  // time with the penalty added); a wider screen shows it (a disqualified crew's time too).
  const penalties = round.lanes.some((l) => l.penaltyMs > 0);
  return (
    <section className="pr-round" aria-labelledby={id} data-round={round.id}>
      <h3 id={id}>
        {round.raceNumber !== null ? (
          <span className="pr-race">{LABELS.bdRace(round.raceNumber)}</span>
        ) : null}
        <span className="pr-name">{round.name}</span>
      </h3>
      <p className="pr-state">{stateLabel(LABELS, "OFFICIAL", round.revision)}</p>
      {round.lanes.length === 0 ? (
        <p className="pr-none">{t.MSG.scoreboardNoRaces}</p>
      ) : (
        <table className="pr-table">
          <thead>
            <tr>
              <th scope="col" className="pr-place">
                {LABELS.bdPlace}
              </th>
              <th scope="col">{LABELS.team}</th>
              {round.tug ? null : (
                <>
                  <th scope="col" className="pr-num pr-time">
                    {LABELS.edPbTime}
                  </th>
                  {penalties ? (
                    <th scope="col" className="pr-num">
                      {LABELS.edPbPenalty}
                    </th>
                  ) : null}
                </>
              )}
              <th scope="col" className="pr-num">
                {LABELS.edPbResult}
              </th>
            </tr>
          </thead>
          <tbody>
            {round.lanes.map((l) => (
              <tr key={l.lane}>
                <td className="pr-place">{l.place !== null && l.status === null ? l.place : DASH}</td>
                <td className="pr-team">{l.team}</td>
                {round.tug ? null : (
                  <>
                    <td className="pr-num pr-time">{timeText(l)}</td>
                    {penalties ? <td className="pr-num">{penaltyText(l)}</td> : null}
                  </>
                )}
                <td className="pr-num pr-result">{resultText(l, round.tug)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Issue 29: an archived edition's final club table, above its results (the open edition's is on
 * /standings, linked). */
function ArchiveStandings({ standings, t }: { standings: Standings; t: Bundle }) {
  if (standings.rows.length === 0) return null;
  return (
    <section className="st-archive" aria-labelledby="st-archive-h">
      <h2 id="st-archive-h">{t.LABELS.stArchiveTitle}</h2>
      <ul className="st-scheme">
        {schemeSentences(standings.scheme, t).map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <div className="st-wrap">
        <StandingsTable rows={standings.rows} t={t} />
      </div>
    </section>
  );
}

/** /results/:year: an edition's official results, by event then round; an archived edition's
 * final club table first (`standings`). */
export function renderEditionResults(
  edition: Edition,
  events: PublicEvent[],
  locale: Locale,
  standings?: Standings,
): Page {
  const t = bundleFor(locale);
  const { LABELS } = t;
  return page(
    200,
    <Document title={LABELS.edPbEditionTitle(edition.name)} t={t} locale={locale}>
      <p className="pr-intro">
        {LABELS.edPbDates(formatDay(edition.startsOn, locale), formatDay(edition.endsOn, locale))}
      </p>
      {standings ? <ArchiveStandings standings={standings} t={t} /> : null}
      {events.length === 0 ? (
        <p className="pr-empty">{LABELS.edPbNoResults}</p>
      ) : (
        <>
          <nav className="pr-jump" aria-label={LABELS.edPbEvents}>
            <ul>
              {events.map((e) => (
                <li key={e.id}>
                  <a href={`#event-${e.id}`}>{e.name}</a>
                </li>
              ))}
            </ul>
          </nav>
          {events.map((e) => (
            <section key={e.id} className="pr-event" id={`event-${e.id}`} aria-labelledby={`event-${e.id}-h`}>
              <h2 id={`event-${e.id}-h`}>{e.name}</h2>
              <div className="pr-rounds">
                {e.rounds.map((r) => (
                  <RoundResults key={r.id} round={r} t={t} />
                ))}
              </div>
            </section>
          ))}
        </>
      )}
    </Document>,
  );
}

/** An unknown (or not yet public) year: a 404 page that leads back to the list. */
export function renderUnknownYear(year: string, locale: Locale): Page {
  const t = bundleFor(locale);
  return page(
    404,
    <Document title={t.MSG.notFoundTitle} t={t} locale={locale}>
      <p className="pr-empty">{t.LABELS.edPbUnknownYear(year)}</p>
      <p>
        <a className="pr-back" href="/results">
          {t.LABELS.edPbAllYears}
        </a>
      </p>
    </Document>,
  );
}

const YEAR = /^\d{4}$/;

/** A page, rendered once per data change per path and language (at most 32 kept). */
const cachedPage = untilDataChanges(
  (year: string | null, locale: Locale): Page => {
    if (year === null) return renderResultsIndex(publicEditions(), locale);
    const edition = YEAR.test(year) ? editionByYear(Number(year)) : null;
    if (!edition || edition.state === "DRAFT") return renderUnknownYear(year.slice(0, 12), locale);
    const table = edition.state === "ARCHIVED" ? standingsOf(edition.id) : undefined;
    return renderEditionResults(edition, officialResults(edition.id), locale, table);
  },
  (year, locale) => `${year ?? ""}|${locale}`,
);

/** The answer to GET /results (year null) or /results/:year: the page, or 304 when the browser's
 * If-None-Match names it. */
export function resultsResponse(request: Request, year: string | null): Response {
  const locale = localeOfHeaders(request.headers.get("cookie"), request.headers.get("accept-language"));
  // Only four-digit years are looked up (and kept); anything else is a 404 page, not kept.
  const p =
    year === null || YEAR.test(year)
      ? cachedPage(year, locale)
      : renderUnknownYear(year.slice(0, 12), locale);
  const headers = new Headers({
    "Cache-Control": `public, max-age=${RESULTS_MAX_AGE}`,
    ETag: p.etag,
    Vary: VARY,
  });
  if (p.status === 200 && etagMatches(request.headers.get("if-none-match") ?? undefined, p.etag))
    return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(p.html, { status: p.status, headers });
}
