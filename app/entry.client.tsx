// The browser's entry (Remix's default, plus one step): load the strings of the page's language
// (<html lang>, set by the root from the request's locale) before hydrating, so that hydration
// renders the same text the server sent (app/i18n/bundles.ts). English is already in the bundle.
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadBundle } from "~/i18n/bundles";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/locale";

const lang = document.documentElement.lang;

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// Should the language's chunk fail to load (a dropped connection), hydrate anyway: the page keeps
// working as plain HTML forms and links, and React repairs the text it renders differently.
loadBundle(isLocale(lang) ? lang : DEFAULT_LOCALE).then(hydrate, hydrate);
