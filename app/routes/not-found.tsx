import "~/i18n/routes/not-found";
import { json, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { metaBundle, useMessages } from "~/i18n/useMessages";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaBundle(matches);
  return [{ title: `${t.MSG.notFoundTitle.replace(/\.$/, "")} | ${t.TITLES.appName}` }];
};
export const loader = () => json(null, { status: 404 });

export default function NotFound() {
  const { MSG } = useMessages();
  return (
    <main className="plain">
      <div className="card narrow center">
        <h1>{MSG.notFoundTitle}</h1>
        <p>{MSG.notFoundBody}</p>
        <Link to="/" className="btn btn-primary">
          {MSG.returnHome}
        </Link>
      </div>
    </main>
  );
}
