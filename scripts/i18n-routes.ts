// Each route's strings (issue 30): for every route module, the message keys that its browser-side
// code can touch, in English and Malay, written to app/i18n/routes/<route>.ts, which the route
// module imports first and which registers them in the browser (app/i18n/bundles.ts). The whole
// bundles stay on the server.
//
//   npx tsx scripts/i18n-routes.ts            write the modules (run by `npm run build`)
//   npx tsx scripts/i18n-routes.ts --check    exit 1 when a module is stale or missing
//   npx tsx scripts/i18n-routes.ts --imports  also add `import "~/i18n/routes/<route>";` as the
//                                             first import of each route module that lacks it, and
//                                             move client modules' value imports of ~/messages
//                                             to ~/i18n/en (the one-off codemod)
//
// How a route's keys are found (over-inclusion costs bytes; an omission shows an empty string, so
// when in doubt a key is in):
// - the route module's browser part: its client exports (default, meta, ErrorBoundary, links,
//   handle, ...) and the top-level code they reach, as Remix's browser build keeps them (loader,
//   action and headers are dropped there, with the imports only they use);
// - every module reached from there by import or export-from, but .server modules (empty in the
//   browser) and packages;
// - in each, every identifier and string literal equal to a key of a section (MSG.x, LABELS.x, ...)
//   counts as that key, in every section that has it;
// - a computed access (`MSG[x]`, `t.LABELS[name]`) must be listed in DYNAMIC below with where its
//   keys are named as literals in browser code: the check fails on an unlisted one.
// A route does not repeat its parents' keys (the root's and the layout's strings load with them).
// Each English and Malay module also imports the layouts' modules that routes share (layoutShared),
// only so that the browser build gives them one chunk; a route with a browser part but no strings
// of its own gets an English module with only those imports.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
const APP = join(ROOT, "app");
const OUT = join(APP, "i18n", "routes");
const SECTIONS = ["MSG", "TITLES", "FOOTER", "NAV", "LABELS"] as const;
type Section = (typeof SECTIONS)[number];

/** Computed accesses to a section, each reviewed: where its keys are named in browser code. */
export const DYNAMIC: Record<string, string> = {
  'components/TrainingForms.tsx: LABELS[name === "startTime" ? "trStartTime" : "trEndTime"]':
    "both keys are literals in the expression",
  "lib/i18n-text.ts: t.MSG[key]":
    "a flashed toast or an error's English sentence: the root loader says toasts in the page's language",
  "routes/_app.payments/route.tsx: LABELS[name]": "name is one of the literal filter names listed beside it",
};

/** Modules whose keys a route shows though its browser code does not import them, and why. */
export const EXTRA: Record<string, { files: string[]; why: string }> = {};

/** Exports Remix keeps in a route's browser module. */
const CLIENT_EXPORTS = new Set([
  "default",
  "meta",
  "links",
  "handle",
  "ErrorBoundary",
  "HydrateFallback",
  "shouldRevalidate",
  "clientLoader",
  "clientAction",
  "Layout",
]);

type Entry = { key: string; en: string; ms: string };

/** One section's entries in source order: key -> the property's source text. */
function sectionEntries(obj: ts.ObjectLiteralExpression, file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of obj.properties) {
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
      throw new Error(`${file}: an entry the generator cannot copy: ${p.getText().slice(0, 80)}`);
    }
    out.set(p.name.text, p.getText());
  }
  return out;
}

function readBundles(): Record<Section, Entry[]> {
  const enFile = join(APP, "messages.ts");
  const msFile = join(APP, "messages.ms.ts");
  const en = ts.createSourceFile(enFile, readFileSync(enFile, "utf8"), ts.ScriptTarget.Latest, true);
  const ms = ts.createSourceFile(msFile, readFileSync(msFile, "utf8"), ts.ScriptTarget.Latest, true);
  const enSections = new Map<string, Map<string, string>>();
  for (const st of en.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && (SECTIONS as readonly string[]).includes(d.name.text)) {
        let init = d.initializer;
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
        if (!init || !ts.isObjectLiteralExpression(init)) throw new Error(`messages.ts: ${d.name.text}?`);
        enSections.set(d.name.text, sectionEntries(init, enFile));
      }
    }
  }
  const msSections = new Map<string, Map<string, string>>();
  for (const st of ms.statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== "MS") continue;
      const init = d.initializer;
      if (!init || !ts.isObjectLiteralExpression(init)) throw new Error("MS?");
      for (const p of init.properties) {
        if (
          ts.isPropertyAssignment(p) &&
          ts.isIdentifier(p.name) &&
          ts.isObjectLiteralExpression(p.initializer)
        ) {
          msSections.set(p.name.text, sectionEntries(p.initializer, msFile));
        }
      }
    }
  }
  const out = {} as Record<Section, Entry[]>;
  for (const s of SECTIONS) {
    const e = enSections.get(s);
    const m = msSections.get(s);
    if (!e || !m) throw new Error(`section ${s} missing in messages.ts or messages.ms.ts`);
    out[s] = [...e].map(([key, text]) => {
      const msText = m.get(key);
      if (msText === undefined) throw new Error(`messages.ms.ts lacks ${s}.${key}`);
      return { key, en: text, ms: msText };
    });
  }
  return out;
}

// ---- the browser-side module graph ----

const SERVER_ONLY = /\.server(\.[jt]sx?)?$/;

function resolveImport(from: string, spec: string): string | null {
  if (SERVER_ONLY.test(spec)) return null;
  let base: string;
  if (spec.startsWith("~/")) base = join(APP, spec.slice(2));
  else if (spec.startsWith("./") || spec.startsWith("../")) base = resolve(dirname(from), spec);
  else return null; // a package
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const f = base + ext;
    if (/\.(ts|tsx|js|mjs)$/.test(f) && existsSync(f)) return f;
  }
  return null; // css, svg, ...
}

type Scan = {
  tokens: Set<string>;
  imports: string[];
  dynamic: string[];
  messagesImport: boolean;
  eager: string[];
};

const STRING_NAMES = new Set(["EN", "MSG", "TITLES", "FOOTER", "NAV", "LABELS", "EN_LABELS"]);

/** A module-level read of the English strings (`const X = columnsOf(EN)`): in the browser it runs when
 * the module is first evaluated, which can be before the route that needs it has registered its
 * strings (shared chunks run before a route's own), so a nested section or a function message is
 * not there yet. Allowed: a call marked pure whose arguments are plain names (the build drops it
 * where nothing uses it, and nothing in the browser does). */
function eagerReads(st: ts.Statement, sf: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isIdentifier(n) && STRING_NAMES.has(n.text) && !ts.isImportSpecifier(n.parent)) found.push(n.text);
    ts.forEachChild(n, visit);
  };
  if (ts.isVariableStatement(st)) {
    for (const d of st.declarationList.declarations) {
      const init = d.initializer;
      if (!init) continue;
      const pure =
        ts.isCallExpression(init) &&
        /\/\*\s*[@#]__PURE__\s*\*\/\s*$/.test(sf.text.slice(init.getFullStart(), init.getStart(sf))) &&
        init.arguments.every(ts.isIdentifier);
      if (!pure) visit(init);
    }
  } else if (ts.isExpressionStatement(st)) visit(st);
  const where = `${relative(APP, sf.fileName)}: ${declaredNames(st).join(", ") || `line ${sf.getLineAndCharacterOfPosition(st.getStart(sf)).line + 1}`}`;
  return found.length && !where.startsWith("i18n/") && !(where in EAGER_OK) ? [where] : [];
}

/** Module-level reads that are safe, each with why: a plain value read (never a call, never a
 * nested section's key) that the browser never uses. */
export const EAGER_OK: Record<string, string> = {
  "components/CrewPicker.tsx: CREW_TASK": "a string read; nothing uses it in the browser",
  "rules/crew.ts: INELIGIBLE_LABEL": "the section's object read, not its keys; only the tests use it",
  "rules/tickets.ts: TICKET_LABEL": "a string read; used by the server's order lines only",
};

const MESSAGES = new Set([join(APP, "messages.ts"), join(APP, "messages.ms.ts")]);

/** Identifiers and string literals under `node`; computed section accesses into `dynamic`. Types
 * are skipped: the build erases them, so `useLoaderData<typeof loader>()` keeps neither the loader
 * nor what only it imports in the browser. */
function collect(node: ts.Node, sf: ts.SourceFile, tokens: Set<string>, dynamic: string[]) {
  const visit = (n: ts.Node) => {
    if (ts.isTypeNode(n) && !ts.isExpressionWithTypeArguments(n)) return;
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) tokens.add(n.text);
    else if (ts.isStringLiteralLike(n)) tokens.add(n.text);
    else if (ts.isElementAccessExpression(n)) {
      const obj = n.expression.getText(sf);
      if (
        /(^|\.)(MSG|LABELS|TITLES|NAV|FOOTER)$/.test(obj) &&
        !ts.isStringLiteralLike(n.argumentExpression)
      ) {
        dynamic.push(`${relative(APP, sf.fileName)}: ${n.getText(sf)}`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
}

function isTypeOnly(st: ts.Statement): boolean {
  return (
    ts.isInterfaceDeclaration(st) ||
    ts.isTypeAliasDeclaration(st) ||
    (ts.isImportDeclaration(st) && !!st.importClause?.isTypeOnly) ||
    (ts.isExportDeclaration(st) && st.isTypeOnly)
  );
}

const hasExport = (st: ts.Statement) =>
  ts.canHaveModifiers(st) && !!ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const hasDefault = (st: ts.Statement) =>
  ts.canHaveModifiers(st) && !!ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

function declaredNames(st: ts.Statement): string[] {
  if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
    return [st.name.text];
  }
  if (ts.isVariableStatement(st)) {
    const names: string[] = [];
    const walk = (b: ts.BindingName) => {
      if (ts.isIdentifier(b)) names.push(b.text);
      else for (const e of b.elements) if (!ts.isOmittedExpression(e)) walk(e.name);
    };
    for (const d of st.declarationList.declarations) walk(d.name);
    return names;
  }
  return [];
}

function importBindings(st: ts.ImportDeclaration): string[] {
  const c = st.importClause;
  if (!c) return [];
  const names: string[] = [];
  if (c.name) names.push(c.name.text);
  const nb = c.namedBindings;
  if (nb && ts.isNamespaceImport(nb)) names.push(nb.name.text);
  if (nb && ts.isNamedImports(nb)) for (const e of nb.elements) if (!e.isTypeOnly) names.push(e.name.text);
  return names;
}

const scans = new Map<string, Scan>();

/** A module's tokens and imports; a route module's browser part only (`route`). */
function scan(file: string, route: boolean): Scan {
  const cacheKey = `${route ? "route:" : ""}${file}`;
  const have = scans.get(cacheKey);
  if (have) return have;
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const tokens = new Set<string>();
  const dynamic: string[] = [];
  const imports: string[] = [];
  let messagesImport = false;
  const follow = (spec: string, typeOnly: boolean) => {
    const f = resolveImport(file, spec);
    if (!f) return;
    if (MESSAGES.has(f)) {
      if (!typeOnly) messagesImport = true;
      return;
    }
    if (!typeOnly) imports.push(f);
  };
  const statements = sf.statements.filter((st) => !isTypeOnly(st));
  let kept: ts.Statement[];
  if (!route) {
    kept = statements;
  } else {
    // Remix's browser build of a route: its client exports and what they reach (a fixpoint).
    const body = statements.filter((st) => !ts.isImportDeclaration(st));
    const keep = new Set<ts.Statement>();
    for (const st of body) {
      const names = declaredNames(st);
      const isClientExport =
        ts.isExportAssignment(st) ||
        (hasExport(st) && (hasDefault(st) || names.some((n) => CLIENT_EXPORTS.has(n)))) ||
        (ts.isExportDeclaration(st) &&
          (!st.exportClause ||
            (ts.isNamedExports(st.exportClause) &&
              st.exportClause.elements.some((e) => CLIENT_EXPORTS.has(e.name.text)))));
      const sideEffect =
        !ts.isFunctionDeclaration(st) && !ts.isVariableStatement(st) && !ts.isClassDeclaration(st);
      if (isClientExport || (sideEffect && !ts.isExportDeclaration(st))) keep.add(st);
    }
    const used = new Set<string>();
    let grew = true;
    while (grew) {
      grew = false;
      for (const st of keep) collect(st, sf, used, []);
      for (const st of body) {
        if (!keep.has(st) && declaredNames(st).some((n) => used.has(n))) {
          keep.add(st);
          grew = true;
        }
      }
    }
    kept = [
      ...statements.filter(
        (st) =>
          ts.isImportDeclaration(st) && (!st.importClause || importBindings(st).some((n) => used.has(n))),
      ),
      ...body.filter((st) => keep.has(st)),
    ];
  }
  for (const st of kept) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      // `import { type A } from` is dropped by the build like `import type`
      follow(st.moduleSpecifier.text, !!st.importClause && importBindings(st).length === 0);
      continue;
    }
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      follow(st.moduleSpecifier.text, st.isTypeOnly);
    }
    collect(st, sf, tokens, dynamic);
    // import("...") anywhere in the kept code
    const visit = (n: ts.Node) => {
      if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        n.arguments[0] &&
        ts.isStringLiteral(n.arguments[0])
      ) {
        follow(n.arguments[0].text, false);
      }
      ts.forEachChild(n, visit);
    };
    visit(st);
  }
  const eager = kept.flatMap((st) => eagerReads(st, sf));
  const out = { tokens, imports, dynamic, messagesImport, eager };
  scans.set(cacheKey, out);
  return out;
}

type RouteInfo = { id: string; file: string; parentId?: string };

/** Every module the route's browser part reaches, and what they hold. */
function graphOf(route: RouteInfo) {
  const start = join(APP, route.file);
  const seen = new Set<string>([start]);
  const queue = [start];
  const tokens = new Set<string>();
  const dynamic: string[] = [];
  const leaks: string[] = [];
  const eager: string[] = [];
  while (queue.length) {
    const f = queue.shift() as string;
    const s = scan(f, f === start);
    for (const t of s.tokens) tokens.add(t);
    dynamic.push(...s.dynamic);
    if (s.messagesImport) leaks.push(relative(APP, f));
    eager.push(...s.eager);
    for (const i of s.imports) {
      if (!seen.has(i) && !i.startsWith(OUT)) {
        seen.add(i);
        queue.push(i);
      }
    }
  }
  return { tokens, dynamic, leaks, eager, modules: seen };
}

/** The layouts' browser modules (the root's, and the logged-in layout's: LAYOUTS) that another
 * route's browser part reaches too, as import specifiers (`~/components/ErrorPage`): the fewest of
 * them that reach the rest. Each route's modules import them (issue 30, ADR 0022), and why: esbuild
 * puts a module in a chunk by the set of entry points (route modules) that reach it. The root's
 * modules that other routes import too (the error page, toasts, the CSRF field, the strings' hooks
 * ...) are loaded by every page, but each was reached by a different set of routes, so each was a
 * file of its own: nine on every page, ~1.3 kB of gzip and import overhead. Imported here, by every
 * route with a browser part (and by each Malay module: a dynamic import is an entry point too, and
 * it reaches the bundles), they are reached by all and share one chunk. The logged-in layout's
 * shared modules (the language switch, also on the login and kiosk pages) join them: a file less on
 * nearly every page, ~0.3 kB unused on the few pages outside both (not found, reconnecting, the
 * payment return). An import that only sets chunks costs no code (these modules have no side
 * effects: the build drops the import itself). */
const LAYOUTS = ["root", "routes/_app"];

/** Small page modules that nearly every screen uses, joined to that chunk too (ADR 0022): each was
 * a file of its own (0.3-0.5 kB gzipped, most of it import and gzip overhead) on ~85 pages. Measured
 * on the build: 71 -> 74 of the 97 routes with a screen within 100 kB, median 98.4 -> 98.1, max
 * 104.4 -> 104.0; the layout 92.0 -> 92.8 kB, and 0.2-0.8 kB more on the 14 pages that use none
 * of them (login, not found, the kiosk's scanning pages ...), the largest of them 98.7. */
const PAGE_SHARED = ["~/components/Screen", "~/rules/format", "~/rules/list-params"];

/** Page modules that travel together (ADR 0022): a route whose browser part reaches one module of a
 * group imports them all, so that each group is one chunk, not one file per module (a file costs
 * its imports, its gzip overhead and the compression context it does not share: 0.2-0.4 kB). Each
 * group's modules are nearly always loaded together: the table and the list toolbar (a list page),
 * the rounds' tables, the select step and the race limits (the rounds and races lists, under their
 * dialogs). EXP_GROUPS (groups
 * split by ";", modules by ",") replaces them, to measure another grouping. */
const GROUPS: string[][] = process.env.EXP_GROUPS
  ? process.env.EXP_GROUPS.split(";").map((g) => g.split(","))
  : [
      ["~/components/DataTable", "~/components/ListToolbar"],
      ["~/components/RoundTables", "~/components/SelectStep", "~/rules/race-fields"],
    ];

/** The groups' modules that a route's browser part should import, as specifiers. */
function groupsOf(route: RouteInfo): string[] {
  const reached = new Set([...graphOf(route).modules].map((m) => m.replace(/\.(tsx?|mjs|js)$/, "")));
  return GROUPS.filter((g) => g.some((m) => reached.has(join(APP, m.replace(/^~\//, ""))))).flat();
}

function layoutShared(routes: RouteInfo[]): string[] {
  const layouts = routes.filter((r) => LAYOUTS.includes(r.id));
  const mine = new Set(layouts.flatMap((r) => [...graphOf(r).modules]));
  const reachedBy = new Map<string, number>();
  for (const r of routes) {
    if (!rendersUi(r.file)) continue;
    for (const m of graphOf(r).modules) if (mine.has(m)) reachedBy.set(m, (reachedBy.get(m) ?? 0) + 1);
  }
  const others = new Set([...reachedBy].filter(([, n]) => n > 1).map(([m]) => m));
  for (const r of layouts) others.delete(join(APP, r.file));
  // what a module reaches, itself left out
  const reach = (from: string) => {
    const seen = new Set<string>();
    const queue = [...scan(from, false).imports];
    while (queue.length) {
      const f = queue.shift() as string;
      if (seen.has(f) || f.startsWith(OUT)) continue;
      seen.add(f);
      queue.push(...scan(f, false).imports);
    }
    return seen;
  };
  const covered = new Set<string>();
  for (const m of others) for (const r of reach(m)) if (r !== m) covered.add(r);
  return [...others]
    .filter((m) => !covered.has(m))
    .map((m) => {
      const rel = relative(APP, m).replace(/\.(tsx?|mjs|js)$/, "");
      return rel.startsWith("..") ? relative(OUT, m).replace(/\.(tsx?|mjs|js)$/, "") : `~/${rel}`;
    })
    .sort();
}

/** Whether Remix sends a browser module with a component for this route (else no strings). */
function rendersUi(file: string): boolean {
  const src = readFileSync(join(APP, file), "utf8");
  return /export\s+default\b|export\s+function\s+(ErrorBoundary|meta)\b|export\s+const\s+meta\b/.test(src);
}

export function outputName(id: string): string {
  return id.replace(/^routes\//, "").replace(/[[\]]/g, "");
}

const HELPERS = ["boats", "formatCount", "plural"];

/** A route's strings in `lang`: the English module (imported by the route module) also waits, on a
 * Malay page, for the Malay one (a top-level await: the browser evaluates the route module, and
 * Remix renders it, only once its strings are here, on hydration and on client navigation alike;
 * an English page never fetches the Malay strings). */
function moduleText(
  route: RouteInfo,
  name: string,
  keys: Map<Section, Entry[]>,
  lang: "en" | "ms",
  shared: string[] = [],
): string {
  const all = [...keys.values()].flat();
  const text = (e: Entry) => (lang === "en" ? e.en : e.ms);
  const helpers = HELPERS.filter((h) => all.some((e) => new RegExp(`\\b${h}\\(`).test(text(e))));
  const parts = [
    `// Generated by scripts/i18n-routes.ts from app/messages${lang === "en" ? "" : ".ms"}.ts: the strings the browser part`,
    `// of ${route.id} can use, less its parents'${keys.size ? "" : " (none)"}. Do not edit: \`npm run i18n:routes\`.`,
  ];
  parts.push(
    "// And the layouts' modules that routes share, so that they make one chunk (layoutShared).",
    ...shared.map((m) => `import "${m}";`),
  );
  if (!keys.size) return `${parts.join("\n")}\n`;
  parts.push(`import { ${lang === "en" ? "pageSpeaks, " : ""}registerStrings } from "~/i18n/bundles";`);
  if (helpers.length) parts.push(`import { ${helpers.join(", ")} } from "~/rules/format";`);
  parts.push("", `registerStrings("${lang}", {`);
  for (const [s, entries] of keys) {
    parts.push(`  ${s}: {`);
    for (const e of entries) {
      // re-indent the copied property to 4 spaces (it sits at 2 in messages.ts, 4 in messages.ms.ts)
      const from = lang === "en" ? 2 : 4;
      const [first, ...rest] = text(e).split("\n");
      parts.push(`${[`    ${first}`, ...rest.map((l) => `    ${l.slice(from)}`)].join("\n")},`);
    }
    parts.push("  },");
  }
  parts.push("});");
  if (lang === "en") parts.push("", `if (pageSpeaks("ms")) await import("./${name}.ms");`);
  return `${parts.join("\n")}\n`;
}

export type Plan = {
  files: Map<string, string>; // output path -> text
  routes: { id: string; file: string; output: string | null }[];
  unlistedDynamic: string[];
  leaks: string[];
  eager: string[];
};

export async function plan(): Promise<Plan> {
  const { readConfig } = await import("@remix-run/dev/dist/config.js");
  const warn = console.warn; // readConfig's future-flag notices
  const log = console.log;
  console.warn = () => {};
  console.log = () => {};
  const config = await readConfig(ROOT).finally(() => {
    console.warn = warn;
    console.log = log;
  });
  const routes = Object.values(config.routes) as RouteInfo[];
  const byId = new Map(routes.map((r) => [r.id, r]));
  const bundles = readBundles();
  const keysOfSection = new Map<Section, Map<string, Entry>>(
    SECTIONS.map((s) => [s, new Map(bundles[s].map((e) => [e.key, e]))]),
  );
  const fullKeys = new Map<string, Set<string>>(); // route id -> "S.key" of its whole graph
  const unlisted = new Set<string>();
  const leaks = new Set<string>();
  const eager = new Set<string>();
  const keysOf = (r: RouteInfo): Set<string> => {
    const have = fullKeys.get(r.id);
    if (have) return have;
    const out = new Set<string>();
    if (rendersUi(r.file)) {
      const g = graphOf(r);
      for (const d of g.dynamic) if (!(d in DYNAMIC)) unlisted.add(d);
      for (const l of g.leaks) leaks.add(l);
      for (const e of g.eager) eager.add(e);
      for (const f of EXTRA[r.id]?.files ?? [])
        for (const t of scan(join(APP, f), false).tokens) g.tokens.add(t);
      for (const s of SECTIONS)
        for (const k of keysOfSection.get(s)?.keys() ?? []) if (g.tokens.has(k)) out.add(`${s}.${k}`);
    }
    fullKeys.set(r.id, out);
    return out;
  };
  const shared = [...new Set([...layoutShared(routes), ...PAGE_SHARED])].sort();
  const files = new Map<string, string>();
  const list: Plan["routes"] = [];
  for (const r of routes.sort((a, b) => a.id.localeCompare(b.id))) {
    const own = keysOf(r);
    const inherited = new Set<string>();
    for (
      let p = r.parentId ? byId.get(r.parentId) : undefined;
      p;
      p = p.parentId ? byId.get(p.parentId) : undefined
    ) {
      for (const k of keysOf(p)) inherited.add(k);
    }
    const mine = new Map<Section, Entry[]>();
    for (const s of SECTIONS) {
      const entries = bundles[s].filter((e) => own.has(`${s}.${e.key}`) && !inherited.has(`${s}.${e.key}`));
      if (entries.length) mine.set(s, entries);
    }
    if (!rendersUi(r.file)) {
      list.push({ id: r.id, file: r.file, output: null });
      continue;
    }
    const name = outputName(r.id);
    const path = join(OUT, `${name}.ts`);
    if (files.has(path)) throw new Error(`two routes write ${path}`);
    const imports = [...new Set([...shared, ...groupsOf(r)])].sort();
    files.set(path, moduleText(r, name, mine, "en", imports));
    if (mine.size) files.set(join(OUT, `${name}.ms.ts`), moduleText(r, name, mine, "ms", imports));
    list.push({ id: r.id, file: r.file, output: name });
  }
  return {
    files,
    routes: list,
    unlistedDynamic: [...unlisted].sort(),
    leaks: [...leaks].sort(),
    eager: [...eager].sort(),
  };
}

/** The folder's package.json: the project's says `"sideEffects": false`, under which the build drops
 * an import made for its effect only (`import "~/i18n/routes/x"`); here each module is its effect. */
const PACKAGE_JSON = `${JSON.stringify({ private: true, type: "module", sideEffects: true }, null, 2)}\n`;

export const importLine = (name: string) => `import "~/i18n/routes/${name}";`;

/** The problems --check reports (and the unit test): stale or missing modules, missing imports. */
export function problems(p: Plan): string[] {
  const out: string[] = [];
  const pkg = join(OUT, "package.json");
  if (!existsSync(pkg) || readFileSync(pkg, "utf8") !== PACKAGE_JSON)
    out.push("missing app/i18n/routes/package.json");
  for (const [path, text] of p.files) {
    if (!existsSync(path)) out.push(`missing ${relative(ROOT, path)}`);
    else if (readFileSync(path, "utf8") !== text) out.push(`stale ${relative(ROOT, path)}`);
  }
  if (existsSync(OUT)) {
    for (const f of readdirSync(OUT))
      if (f !== "package.json" && !p.files.has(join(OUT, f))) out.push(`left over app/i18n/routes/${f}`);
  }
  for (const r of p.routes) {
    const src = readFileSync(join(APP, r.file), "utf8");
    if (r.output && !src.includes(importLine(r.output)))
      out.push(`app/${r.file} lacks ${importLine(r.output)}`);
    if (!r.output && src.includes('import "~/i18n/routes/'))
      out.push(`app/${r.file} imports strings it has none of`);
  }
  for (const d of p.unlistedDynamic)
    out.push(`a computed access not in DYNAMIC (scripts/i18n-routes.ts): ${d}`);
  for (const e of p.eager) {
    out.push(`app/${e} reads the strings when the module loads: read them in a function (or EAGER_OK)`);
  }
  for (const l of p.leaks) out.push(`app/${l} imports ~/messages in browser code: import from ~/i18n/en`);
  return out;
}

/** Adds the import as the route module's first import line. */
function addImport(file: string, name: string) {
  const path = join(APP, file);
  const src = readFileSync(path, "utf8");
  if (src.includes(importLine(name))) return;
  const lines = src.split("\n");
  const at = lines.findIndex((l) => l.startsWith("import "));
  lines.splice(at < 0 ? 0 : at, 0, importLine(name));
  writeFileSync(path, lines.join("\n"));
}

/** Client modules' value imports of ~/messages (or ./messages, ../messages) go to ~/i18n/en. */
function moveMessagesImport(file: string) {
  const path = join(APP, file);
  const src = readFileSync(path, "utf8");
  const next = src.replace(
    /^import \{([^}]*)\} from "(~\/messages|(?:\.\.?\/)+messages)";$/gm,
    (all, names: string) =>
      /\b(EN|MSG|TITLES|FOOTER|NAV|LABELS)\b/.test(names) ? `import {${names}} from "~/i18n/en";` : all,
  );
  if (next !== src) writeFileSync(path, next);
}

async function main() {
  const args = new Set(process.argv.slice(2));
  let p = await plan();
  if (args.has("--imports")) {
    for (let round = 0; round < 3 && p.leaks.length; round++) {
      for (const l of p.leaks) moveMessagesImport(l);
      scans.clear();
      p = await plan();
    }
    for (const r of p.routes) if (r.output) addImport(r.file, r.output);
  }
  if (args.has("--check")) {
    const found = problems(p);
    for (const f of found) console.error(f);
    if (found.length) {
      console.error(`${found.length} problem(s): run npx tsx scripts/i18n-routes.ts`);
      process.exit(1);
    }
    console.log(`i18n routes: ${p.files.size} modules up to date`);
    return;
  }
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "package.json"), PACKAGE_JSON);
  for (const [path, text] of p.files) writeFileSync(path, text);
  const found = problems(p);
  for (const f of found) console.error(f);
  console.log(`i18n routes: wrote ${p.files.size} modules`);
  if (found.length) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
