// /api (public, no login, works without JavaScript; issue 29 part 3, ADR 0039): the open data API
// for people: what it is, each endpoint with an example answer, caching, CORS, errors, and the
// signed webhooks (events, body, the Regatta-Signature header with a Node verification example,
// retries). A plain document like /results (routes/results._index/page.server.tsx): no script, the
// results pages' stylesheet plus its own, rendered once per language and process (it depends on
// no data but the current year in an example), answered with an ETag and 304.
//
// The example answers are typed with the API's own document types, and tests/unit/open-data.test.ts
// checks them against the OpenAPI schemas, so they cannot drift from what the API answers.
import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { FooterOf } from "~/components/Footer";
import { bundleFor } from "~/i18n/bundles";
import type { Locale } from "~/i18n/locale";
import type { ApiEditions, ApiRoundResults, ApiStandings, ApiTimetable } from "~/models/open-data.server";
import apiCss from "~/styles/api-docs.css";
import resultsCss from "~/styles/public-results.css";
import { API_INDEX, API_MAX_AGE } from "~/services/open-data-api.server";
import { etagMatches, localeOfHeaders } from "~/lib/scoreboard-live.server";

const YEAR = 2026;
const EDITION = { year: YEAR, name: `Regatta ${YEAR}` };
const CLUB = { id: 7, name: "PUTRAJAYA DRAGONS" };
const RIVAL = { id: 12, name: "PENANG PADDLERS" };

/** Example answers (abbreviated to one or two items), by endpoint. */
export const API_EXAMPLES = {
  index: API_INDEX,
  editions: {
    editions: [
      {
        year: YEAR,
        name: `Regatta ${YEAR}`,
        startsOn: `${YEAR}-11-28`,
        endsOn: `${YEAR}-11-29`,
        state: "OPEN",
        current: true,
        links: {
          timetable: `/api/v1/editions/${YEAR}/timetable`,
          standings: `/api/v1/editions/${YEAR}/standings`,
        },
      },
    ],
  } satisfies ApiEditions,
  timetable: {
    edition: EDITION,
    delayMinutes: 12,
    races: [
      {
        id: 418,
        raceNumber: 14,
        event: { id: 3, name: "200M OPEN" },
        round: "200M OPEN FINAL",
        scheduledStart: `${YEAR}-11-29T02:30:00.000Z`,
        expectedStart: `${YEAR}-11-29T02:42:00.000Z`,
        startedAt: null,
        state: "SCHEDULED",
        revision: 0,
        lanes: [
          { lane: "1", team: { id: 51, name: "PUTRAJAYA DRAGONS A" }, club: CLUB },
          { lane: "2", team: { id: 64, name: "PENANG PADDLERS A" }, club: RIVAL },
        ],
      },
    ],
  } satisfies ApiTimetable,
  results: {
    edition: EDITION,
    round: {
      id: 418,
      raceNumber: 14,
      event: { id: 3, name: "200M OPEN" },
      name: "200M OPEN FINAL",
      tugOfWar: false,
      state: "OFFICIAL",
      revision: 1,
      resultsAt: `${YEAR}-11-29T02:51:10.000Z`,
      protestUntil: `${YEAR}-11-29T03:06:10.000Z`,
    },
    lanes: [
      {
        lane: "2",
        team: { id: 64, name: "PENANG PADDLERS A" },
        club: RIVAL,
        place: 1,
        timeMs: 52_310,
        penaltyMs: 0,
        resultMs: 52_310,
        status: null,
        wins: null,
        losses: null,
      },
      {
        lane: "1",
        team: { id: 51, name: "PUTRAJAYA DRAGONS A" },
        club: CLUB,
        place: 2,
        timeMs: 51_980,
        penaltyMs: 2_000,
        resultMs: 53_980,
        status: null,
        wins: null,
        losses: null,
      },
    ],
  } satisfies ApiRoundResults,
  standings: {
    edition: EDITION,
    scheme: { kind: "FINALS", finalsOnly: true, custom: "" },
    provisional: true,
    clubs: [
      { rank: 1, club: RIVAL, points: 25, provisionalPoints: 9, first: 2, second: 1, third: 0, races: 4 },
      { rank: 2, club: CLUB, points: 16, provisionalPoints: 0, first: 1, second: 1, third: 0, races: 3 },
    ],
  } satisfies ApiStandings,
};

/** The documentation's verification example (Node, no dependencies); tested in
 * tests/unit/open-data.test.ts by running it. */
export const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";

const SECRET = process.env.REGATTA_WEBHOOK_SECRET;

/** Regatta-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> */
function verify(header, body, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${body}\`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8"); // the raw body, as signed
      if (!verify(req.headers["regatta-signature"] ?? "", body, SECRET)) {
        res.writeHead(400).end();
        return;
      }
      const delivery = JSON.parse(body); // delivery.event, delivery.id, delivery.createdAt, ...
      console.log(delivery.event, delivery.id);
      res.writeHead(204).end();
    });
  })
  .listen(8080);
`;

const WEBHOOK_EVENTS_DOC = [
  ["result.provisional", "apiEvResultProvisional"],
  ["result.official", "apiEvResultOfficial"],
  ["result.revised", "apiEvResultRevised"],
  ["notice.posted", "apiEvNoticePosted"],
  ["timetable.changed", "apiEvTimetableChanged"],
  ["standings.changed", "apiEvStandingsChanged"],
] as const;

type Page = { etag: string; html: string };

/** Code that scrolls sideways on its own (a phone): a labelled region keyboard users can scroll. */
function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (WCAG 2.1.1)
    <section className="api-code" aria-label={label} tabIndex={0}>
      <pre>
        <code>{code}</code>
      </pre>
    </section>
  );
}

function Endpoint({
  path,
  link,
  text,
  example,
  openLabel,
  exampleLabel,
}: {
  path: string;
  link?: string;
  text: string;
  example?: unknown;
  openLabel: string;
  exampleLabel: string;
}) {
  const id = `ep-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}`;
  return (
    <section className="api-endpoint" aria-labelledby={id}>
      <h3 id={id}>
        <code>
          <span className="api-method">GET</span>{" "}
          {path.split("/").map((part, i) => (
            // A phone breaks a long path after a slash, not inside a word.
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed path, in order
            <span key={i}>
              {i > 0 ? "/" : null}
              {i > 0 ? <wbr /> : null}
              {part}
            </span>
          ))}
        </code>
      </h3>
      <p>
        {text}
        {link ? (
          <>
            {" "}
            <a href={link}>{openLabel}</a>
          </>
        ) : null}
      </p>
      {example ? (
        <details className="api-example">
          <summary>{exampleLabel}</summary>
          <CodeBlock label={exampleLabel} code={JSON.stringify(example, null, 2)} />
        </details>
      ) : null}
    </section>
  );
}

/** The page in one language. */
export function renderApiDocs(locale: Locale): Page {
  const t = bundleFor(locale);
  const { LABELS: L } = t;
  const ep = { openLabel: L.apiOpen, exampleLabel: L.apiExample };
  const markup = (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${L.apiTitle} | ${t.TITLES.appName}`}</title>
        <link rel="stylesheet" href={resultsCss} />
        <link rel="stylesheet" href={apiCss} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="pr-body">
        <header className="pr-head">
          <div className="pr-brand">{t.TITLES.appName}</div>
          <h1>{L.apiTitle}</h1>
        </header>
        <main className="pr-main api-main">
          <p className="pr-intro">{L.apiIntro}</p>
          <p>
            <a href="/api/v1/openapi.json">{L.apiOpenApi}</a>: <code>/api/v1/openapi.json</code>
          </p>

          <h2>{L.apiEndpoints}</h2>
          <p>{L.apiEndpointsIntro(YEAR)}</p>
          <Endpoint path="/api/v1" link="/api/v1" text={L.apiEpIndex} {...ep} />
          <Endpoint
            path="/api/v1/editions"
            link="/api/v1/editions"
            text={L.apiEpEditions}
            example={API_EXAMPLES.editions}
            {...ep}
          />
          <Endpoint
            path="/api/v1/editions/{year}"
            link="/api/v1/editions/current"
            text={L.apiEpEdition}
            {...ep}
          />
          <Endpoint
            path="/api/v1/editions/{year}/timetable"
            link="/api/v1/editions/current/timetable"
            text={L.apiEpTimetable}
            example={API_EXAMPLES.timetable}
            {...ep}
          />
          <Endpoint
            path="/api/v1/editions/{year}/rounds/{roundId}/results"
            text={L.apiEpResults}
            example={API_EXAMPLES.results}
            {...ep}
          />
          <Endpoint
            path="/api/v1/editions/{year}/standings"
            link="/api/v1/editions/current/standings"
            text={L.apiEpStandings}
            example={API_EXAMPLES.standings}
            {...ep}
          />

          <h2>{L.apiCaching}</h2>
          <p>{L.apiCachingText(API_MAX_AGE)}</p>
          <h2>{L.apiCors}</h2>
          <p>{L.apiCorsText}</p>
          <h2>{L.apiErrors}</h2>
          <p>{L.apiErrorsText}</p>
          <ul>
            <li>{L.apiErr400}</li>
            <li>{L.apiErr404}</li>
            <li>{L.apiErr405}</li>
          </ul>

          <h2 id="webhooks">{L.apiWebhooks}</h2>
          <p>{L.apiWebhooksIntro}</p>
          <h3>{L.apiEvents}</h3>
          <dl className="api-events">
            {WEBHOOK_EVENTS_DOC.map(([name, key]) => (
              <div key={name}>
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>{L[key]}</dd>
              </div>
            ))}
          </dl>
          <h3>{L.apiBody}</h3>
          <p>{L.apiBodyText}</p>
          <h3>{L.apiSignature}</h3>
          <p>{L.apiSignatureText}</p>
          <CodeBlock label={L.apiSignature} code={VERIFY_EXAMPLE} />
          <h3>{L.apiRetries}</h3>
          <p>{L.apiRetriesText}</p>
        </main>
        <nav className="pr-links" aria-label={L.apiTitle}>
          <a href="/results">{L.edPbAllYears}</a>
          <a href="/scoreboard">{t.TITLES.scoreboard}</a>
          <a href="/board">{L.bdTitle}</a>
        </nav>
        <FooterOf footer={t.FOOTER} />
      </body>
    </html>
  );
  const html = `<!DOCTYPE html>${renderToStaticMarkup(markup)}`;
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
  return { etag, html };
}

const pages = new Map<Locale, Page>();

/** GET /api: the page in the visitor's language (the `lang` cookie, else Accept-Language). */
export function apiDocsResponse(request: Request): Response {
  const locale = localeOfHeaders(request.headers.get("cookie"), request.headers.get("accept-language"));
  let p = pages.get(locale);
  if (!p) {
    p = renderApiDocs(locale);
    pages.set(locale, p);
  }
  const headers = new Headers({
    "Cache-Control": "public, max-age=300",
    ETag: p.etag,
    Vary: "Cookie, Accept-Language",
  });
  if (etagMatches(request.headers.get("if-none-match") ?? undefined, p.etag))
    return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(p.html, { status: 200, headers });
}
