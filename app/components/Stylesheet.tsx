// The app's stylesheet, inline or linked (issue 12, ADR 0022). Logged-out pages (login,
// registration, reset) are often the first visit, on a phone with a cold cache: inline, their form
// paints with the HTML, without a second round trip (2 s on slow 3G). Logged-in pages link it, so it
// is fetched once and cached for a year.
// Hydration renders the same thing: the server reads the built file (entry.server provides the
// reader); the browser takes the text from the <style> it received. A browser without that <style>
// (a page that started logged in, then logged out) keeps the link; one that has it and logs in keeps
// both until the link has loaded.
import { createContext, useContext } from "react";
import { useNonce } from "./Nonce";

const STYLE_ID = "app-css";

type Reader = (href: string) => string | null;

/** The browser's reader: the inline <style> the server sent, if any. */
const fromDocument: Reader = () =>
  typeof document === "undefined" ? null : (document.getElementById(STYLE_ID)?.textContent ?? null);

const ReaderContext = createContext<Reader>(fromDocument);

/** entry.server.tsx provides the server's reader (app/lib/inline-css.server.ts). */
export const StylesheetReaderProvider = ReaderContext.Provider;

export function Stylesheet({ href, inline }: { href: string; inline: boolean }) {
  const read = useContext(ReaderContext);
  const nonce = useNonce();
  // The server reads the file only for an inline page; the browser always looks for its <style>.
  const text = inline || read === fromDocument ? read(href) : null;
  const link = <link rel="stylesheet" href={href} />;
  if (text === null) return link;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, admitted by the CSP nonce
  const style = <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
  // Logged in without a document load (the login's redirect, with JS): the inline rules stay until
  // the linked file has arrived, so the page never shows unstyled.
  return inline ? (
    style
  ) : (
    <>
      {style}
      {link}
    </>
  );
}
