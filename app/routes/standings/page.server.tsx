// The club championship's public table (issue 29 part 1; ADR 0039): /standings, the open edition's
// club table, a plain document like /results (no script, one stylesheet), rendered once per data
// change and served as bytes with an ETag and 304 (createLiveBoard's machinery, its own instance:
// no live stream; server.mjs answers /standings ahead of express through the route's fastPaths).
// The table itself is routes/standings/table.server.tsx (also the board's top ten and the archive's).
import type { IncomingMessage, ServerResponse } from "node:http";
import { renderToStaticMarkup } from "react-dom/server";
import { FooterOf } from "~/components/Footer";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import { currentEdition } from "~/models/edition.server";
import { type Standings, standingsOf } from "~/models/standings.server";
import resultsCss from "~/styles/public-results.css";
import { dataVersion, untilDataChanges } from "~/lib/data-version.server";
import { createLiveBoard, litefsPosition, processSlots, processTicker } from "~/lib/scoreboard-live.server";
import { StandingsTable, schemeSentences } from "./table.server";

type PageData = { edition: { name: string; year: number }; standings: Standings };

/** /standings: the whole document. */
export function renderStandingsPage(data: PageData, locale: Locale): string {
  const t = bundleFor(locale);
  const { LABELS, TITLES } = t;
  const { standings } = data;
  const title = LABELS.stTitle;
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${title} | ${TITLES.appName}`}</title>
        <link rel="stylesheet" href={resultsCss} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="pr-body">
        <header className="pr-head">
          <div className="pr-brand">{TITLES.appName}</div>
          <h1>{title}</h1>
        </header>
        <main className="pr-main st-main">
          <p className="pr-intro st-edition">
            {data.edition.name}{" "}
            <span className={`pr-tag ${standings.provisional ? "st-tag-provisional" : "pr-tag-open"}`}>
              {standings.provisional ? LABELS.stProvisional : LABELS.stFinal}
            </span>
          </p>
          <p className="st-note">{standings.provisional ? LABELS.stProvisionalNote : LABELS.stFinalNote}</p>
          <ul className="st-scheme">
            {schemeSentences(standings.scheme, t).map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          {standings.rows.length === 0 ? (
            <p className="pr-empty">{LABELS.stEmpty}</p>
          ) : (
            <div className="st-wrap">
              <StandingsTable rows={standings.rows} t={t} />
            </div>
          )}
          <p className="st-csv">
            <a href="/standings.csv" download>
              {LABELS.stCsv}
            </a>
          </p>
        </main>
        <nav className="pr-links" aria-label={LABELS.edPbTitle}>
          <a href="/board">{LABELS.bdTitle}</a>
          <a href="/scoreboard">{TITLES.scoreboard}</a>
          <a href="/results">{LABELS.edPbTitle}</a>
        </nav>
        <FooterOf footer={t.FOOTER} />
      </body>
    </html>,
  )}`;
}

/** The open edition's table and name: what /standings shows (and its content hash names it). */
export function openStandings(): PageData {
  const edition = currentEdition();
  return { edition: { name: edition.name, year: edition.year }, standings: standingsOf(edition.id) };
}

/** The same, read again only when the database may have changed (the public CSV). */
export const openStandingsUntilChanged = untilDataChanges(openStandings, () => "open", 1);

let live: ReturnType<typeof createLiveBoard<PageData>> | undefined;

/** The process's /standings: read again only when the database may have changed, rendered only
 * when the table did (per language), answered with ETag/304/gzip. No stream: the page is read,
 * not watched (the board carries the live top ten). */
export function liveStandings() {
  live ??= createLiveBoard<PageData>({
    read: openStandings,
    render: (data, _version, locale) => ({ board: "", page: renderStandingsPage(data, locale) }),
    dataKey: dataVersion,
    replicaKey: litefsPosition,
    ticker: processTicker(),
    slots: processSlots(),
  });
  return live;
}

/** server.mjs's handler for GET/HEAD /standings. */
export const standingsHttp = (req: IncomingMessage, res: ServerResponse) =>
  liveStandings().servePage(req, res);
