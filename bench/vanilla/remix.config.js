// A vanilla Remix v2 app (classic compiler, default entry files, remix-serve): the yardstick that
// `npm run bench` compares our pages with. The bench builds it with `npx remix build` run in this
// folder; it uses the repository's node_modules (resolved upward). The future flags are ours
// (remix.config.js at the root), so both apps run the same framework code paths.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
