// The CSP nonce of the current response (server.mjs makes one per request and passes it in the
// load context; app/entry.server.tsx provides it here). Inline scripts carry it: <Scripts> and
// <ScrollRestoration> in root.tsx. Absent (vitest, the browser, another server) it is undefined
// and nothing renders a nonce attribute. Browsers hide nonces from the DOM, so the client never
// needs it.
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
