// Every language's strings, registered when the server loads (app/i18n/bundles.ts says why the
// browser loads them one at a time instead). Imported for its effect by entry.server.tsx and
// locale.server.ts, and by the unit tests' setup; server code may import bundleFor from here to be
// sure the registration ran first.
import { MS } from "~/messages.ms";
import { bundleFor, registerBundle } from "./bundles";

registerBundle("ms", MS);

export { bundleFor };
