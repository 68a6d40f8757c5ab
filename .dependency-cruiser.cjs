// The folders of app/ import one way (issue 30, docs/code-map.md "Where the pieces live"):
//
//   routes, components          the top: screens, their folders' pieces, shared UI
//     ↓
//   services                    workflows across models (mail, waitlist, PDFs, guards)
//     ↓
//   models                      SQL per aggregate; the only place drizzle is written
//     ↓
//   lib, i18n                   adapters (db, env, clock, cookies, csrf, mailer, PDF engine, ...)
//                               and the request's language
//   rules, messages             pure: usable by all, import only rules, messages and db/enums
//
// `import type` counts like any import: a lower folder that names an upper folder's type knows
// about it (and a move of that type breaks it). `npm run check:folders` runs this; `npm test` runs
// it beside lint; tests/unit/folders.test.ts proves it fails on an upward import.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-is-adapters",
      comment: "app/lib holds adapters: it imports no model, service, route or component",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/(models|services|routes|components)/|^app/(root|entry)" },
    },
    {
      name: "i18n-is-strings",
      comment: "app/i18n (the request's language) sits with lib: no model, service, route or component",
      severity: "error",
      from: { path: "^app/i18n/", pathNot: "^app/i18n/routes/" },
      to: { path: "^app/(models|services|routes|components)/|^app/(root|entry)" },
    },
    {
      name: "route-strings-are-strings",
      comment:
        "a route's generated strings module (app/i18n/routes/, imported first by its route) imports the " +
        "bundles, rules, the shared modules of the root and the layout, the screen frame and the page modules " +
        "grouped into one chunk each; those only so that they make one chunk (scripts/i18n-routes.ts layoutShared, " +
        "PAGE_SHARED, GROUPS): no model, service, route, nor any other component",
      severity: "error",
      from: { path: "^app/i18n/routes/" },
      to: {
        path: "^app/(models|services|routes|components)/|^app/(root|entry)",
        pathNot:
          "^app/components/(ErrorPage|FastLink|LanguageSwitch|Nonce|Screen|DataTable|ListToolbar|RoundTables|SelectStep)\\.tsx$",
      },
    },
    {
      name: "models-below-services",
      comment: "a model imports lib, i18n and rules only (no service, route or component)",
      severity: "error",
      from: { path: "^app/models/" },
      to: { path: "^app/(services|routes|components)/|^app/(root|entry)" },
    },
    {
      name: "services-below-routes",
      comment: "a service is called by routes; it imports no route or component",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: "^app/(routes|components)/|^app/(root|entry)" },
    },
    {
      name: "components-below-routes",
      comment: "shared UI is imported by routes, never the other way",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/routes/|^app/(root|entry)" },
    },
    {
      name: "components-no-server-code",
      comment:
        "shared UI runs in the browser too: from a .server module (models, services, lib) it imports " +
        "types only (`import type`, erased from the browser build)",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "rules-are-pure",
      comment:
        "app/rules imports only rules, the string bundles (app/messages*.ts, and app/i18n/en.ts: the English " +
        "bundle as browser code sees it, filled per route) and db/enums",
      severity: "error",
      from: { path: "^app/(rules/|messages)" },
      to: {
        path: "^(app|db)/",
        pathNot:
          "^app/rules/|^app/messages(\\.ms)?\\.ts$|^app/i18n/(en|english\\.server)\\.ts$|^db/enums\\.ts$",
      },
    },
    {
      name: "drizzle-only-in-models",
      comment: "SQL is written in app/models (and db/, lib/db.server.ts: the connection)",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/models/|^app/lib/db\\.server\\.ts$|\\.test\\.tsx?$" },
      to: { path: "(^|/)node_modules/drizzle-orm/" },
    },
    {
      name: "database-only-below-services",
      comment:
        "the connection (lib/db.server.ts) is for models, and services' transactions across models " +
        "(db().transaction); besides them only the adapters that watch the database (data-version, litefs)",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: "^app/(models|services)/|^app/lib/(db|data-version|litefs)\\.server\\.ts$|\\.test\\.tsx?$",
      },
      to: { path: "^app/lib/db\\.server\\.ts$" },
    },
    {
      name: "no-cycle-between-folders",
      comment: "no cycle through modules of two folders (type-only imports count)",
      severity: "error",
      from: { path: "^app/([^/]+)/" },
      to: { circular: true, via: { pathNot: "^app/$1/" } },
    },
    {
      name: "no-runtime-cycle-in-folder",
      comment:
        "modules of one folder that import each other in a ring at run time; a ring closed by a type " +
        "import (a route folder's parts naming `typeof loader`, user ↔ member's User) may stay",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$|^build/|^public/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: false,
  },
};
