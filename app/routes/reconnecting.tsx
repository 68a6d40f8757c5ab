// /reconnecting (issue 27): the page the cluster's edge (cluster/edge.mjs) answers a write with while
// the LiteFS primary is unreachable. The edge fetches it from a node that is still up (a GET: a
// replica serves it) with the client's cookies, so it speaks the client's language, and returns it
// with status 503 and Retry-After. A plain page with a warning toast and a link back: nothing here
// reads the database, so it renders while the primary is down. /reconnecting.json is the kiosk's form.
import "~/i18n/routes/reconnecting";
import { json, type MetaFunction } from "@remix-run/node";
import { metaBundle, useMessages } from "~/i18n/useMessages";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaBundle(matches);
  return [{ title: `${t.MSG.reconnectingTitle} | ${t.TITLES.appName}` }];
};

// The page's bundle is the root's (the lang cookie, then Accept-Language).
export function loader() {
  return json(null, { headers: { "Cache-Control": "no-store" } });
}

export default function Reconnecting() {
  const { MSG } = useMessages();
  return (
    <main className="plain">
      <div className="toasts">
        <div className="toast toast-warning" role="alert" aria-live="assertive" aria-atomic="true">
          <p>{MSG.reconnectingBody}</p>
        </div>
      </div>
      <div className="card narrow center">
        <h1>{MSG.reconnectingTitle}</h1>
        <p>{MSG.reconnectingBody}</p>
        <a href="/" className="btn btn-primary">
          {MSG.returnHome}
        </a>
      </div>
    </main>
  );
}
