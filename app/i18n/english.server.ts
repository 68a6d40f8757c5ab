// The whole English bundle, for app/i18n/en.ts only: Remix replaces every .server module with an
// empty one in the browser build, so there `EN` below is undefined and en.ts falls back to the
// strings the routes register (app/i18n/routes/). On the server it is app/messages.ts itself.
export { EN } from "~/messages";
