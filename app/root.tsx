import "~/i18n/routes/root";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  json,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { LinkNavigation } from "~/components/FastLink";
import { ErrorMessage } from "~/components/ErrorPage";
import { Footer } from "~/components/Footer";
import { HelpBubble } from "~/components/HelpBubble";
import { useNonce } from "~/components/Nonce";
import { Spinner } from "~/components/Spinner";
import { Stylesheet } from "~/components/Stylesheet";
import { Toasts } from "~/components/Toasts";
import { localeOf, messagesFor } from "~/i18n/locale.server";
import { useLocale } from "~/i18n/useMessages";
import { csrfToken } from "~/lib/csrf.server";
import { env } from "~/lib/env.server";
import { inBundle } from "~/lib/i18n-text";
import { getUser } from "~/models/session.server";
import { takeToasts } from "~/lib/toast.server";
import { TITLES } from "~/i18n/en";
import styles from "~/styles/app.css";

// The stylesheet is not a link here: <Stylesheet> inlines it on logged-out pages (ADR 0022).
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [{ title: TITLES.appName }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, flashed] = await Promise.all([getUser(request), takeToasts(request)]);
  const csrf = await csrfToken(request);
  const headers = new Headers();
  if (flashed.setCookie) headers.append("Set-Cookie", flashed.setCookie);
  if (csrf.setCookie) headers.append("Set-Cookie", csrf.setCookie);
  const e = env();
  return json(
    {
      // Only what the layout needs reaches the browser: never the password hash.
      user: user ? { id: user.id, name: user.name, email: user.email, role: user.role } : null,
      // A flashed English sentence in the page's language here, where every string is (the browser
      // has only its route's: app/i18n/bundles.ts), so that hydration renders the same text.
      toasts: flashed.toasts.map((t) => ({ ...t, message: inBundle(t.message, messagesFor(request)) })),
      csrf: csrf.token,
      // The page's language (issue 12): the switch's cookie, else the browser's, else English.
      locale: localeOf(request),
      links: { officialSite: e.OFFICIAL_SITE_URL, whatsapp: e.HELP_WHATSAPP_URL },
    },
    { headers },
  );
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce(); // the CSP nonce (server.mjs) for Remix's inline scripts
  const locale = useLocale();
  // Logged out (or no root data: an error before the root loader): the stylesheet inline.
  const loggedIn = !!(useRouteLoaderData("root") as { user?: unknown } | undefined)?.user;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet href={styles} inline={!loggedIn} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <Document>
      <LinkNavigation />
      <Toasts toasts={data.toasts} />
      <Spinner />
      <div className="page">
        <Outlet />
      </div>
      <Footer />
      <HelpBubble href={data.links.whatsapp} />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Document>
      <main className="plain">
        <ErrorMessage error={error} />
      </main>
    </Document>
  );
}
