// The browser's entry (Remix's default). The strings of the page's language are already here: each
// route module registered its own (app/i18n/bundles.ts) before this module was imported, so
// hydration renders the same text the server sent.
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
