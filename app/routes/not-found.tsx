import { json, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { MSG } from "~/messages";

export const meta: MetaFunction = () => [{ title: "404 Not Found | Regatta" }];
export const loader = () => json(null, { status: 404 });

export default function NotFound() {
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
