// The app never calls a model function kept for test data and seeds. Such a function carries a JSDoc
// `@testOnly` tag on its declaration in app/models (bulk inserts with no audit entry and no rule
// checked, columns set as given, restoreSeededEdition's deletes of an edition's orders, ...): the
// seeds (db/), the test factories and tests (tests/) and scripts/ may call it; nothing under app/
// (but its *.test.ts files) or server/ may import it, by name, as `ns.fn` of a namespace import, or
// re-export it. Inside app/models a @testOnly function may use another one (the bulk inserts call
// insertRows); any other use there fails too. The tags are read from the source with the TypeScript
// parser, not kept in a list here, and no tag at all fails (removing them cannot make this pass).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

const CODE = /\.(tsx?|mjs|js)$/;
const TEST_FILE = /\.test\.(tsx?|mjs|js)$/;

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) return walk(file);
    return CODE.test(d.name) && !TEST_FILE.test(d.name) ? [file] : [];
  });
}

const parse = (file: string) =>
  ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);

/** A module's key: its path from the root, without the extension ("app/models/order.server"). */
const keyOf = (tree: string, file: string) =>
  path.relative(tree, file).split(path.sep).join("/").replace(CODE, "");

const isTestOnly = (node: ts.Node) => ts.getJSDocTags(node).some((t) => t.tagName.text === "testOnly");

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** module key → the names its exported @testOnly functions have. */
function testOnlyExports(tree: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of walk(path.join(tree, "app/models"))) {
    const names = new Set<string>();
    for (const st of parse(file).statements) {
      if (!exported(st)) continue;
      if (ts.isFunctionDeclaration(st) && st.name && isTestOnly(st)) names.add(st.name.text);
      if (ts.isVariableStatement(st) && isTestOnly(st))
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    }
    if (names.size) found.set(keyOf(tree, file), names);
  }
  return found;
}

/** The top-level function a node is in, when that function is tagged @testOnly. */
function inTestOnlyFunction(node: ts.Node): boolean {
  let n: ts.Node | undefined = node;
  while (n && !ts.isSourceFile(n)) {
    if ((ts.isFunctionDeclaration(n) || ts.isVariableStatement(n)) && isTestOnly(n)) return true;
    n = n.parent;
  }
  return false;
}

/** What breaks the rule, one sentence each naming the file and the function; empty when nothing. */
function testOnlyProblems(tree: string): string[] {
  const tagged = testOnlyExports(tree);
  if (tagged.size === 0)
    return ["no function in app/models carries @testOnly (the tags are what this test guards)"];
  const where = (key: string) => `@testOnly in ${key}.ts`;
  const problems: string[] = [];
  const files = [...walk(path.join(tree, "app")), ...walk(path.join(tree, "server"))];
  if (fs.existsSync(path.join(tree, "server.mjs"))) files.push(path.join(tree, "server.mjs"));
  for (const file of files) {
    const rel = keyOf(tree, file) + path.extname(file);
    const inModels = rel.startsWith("app/models/");
    const sf = parse(file);
    const target = (spec: string): string | undefined => {
      let key: string | undefined;
      if (spec.startsWith("~/")) key = `app/${spec.slice(2)}`;
      else if (spec.startsWith(".")) key = keyOf(tree, path.resolve(path.dirname(file), spec));
      key = key?.replace(CODE, "");
      return key && tagged.has(key) ? key : undefined;
    };
    // Local name → the @testOnly function it is bound to; and namespace names → their module.
    const bound = new Map<string, { name: string; key: string }>();
    const namespaces = new Map<string, string>();
    if (inModels) {
      const own = tagged.get(keyOf(tree, file));
      for (const name of own ?? []) bound.set(name, { name, key: keyOf(tree, file) });
    }
    const named = (
      elements: ts.NodeArray<ts.ImportSpecifier | ts.BindingElement>,
      key: string,
      how: string,
    ) => {
      for (const el of elements) {
        const prop = el.propertyName ?? el.name;
        if (!ts.isIdentifier(prop) && !ts.isStringLiteral(prop)) continue;
        if (!ts.isIdentifier(el.name) || !tagged.get(key)?.has(prop.text)) continue;
        if (inModels) bound.set(el.name.text, { name: prop.text, key });
        else problems.push(`${rel} ${how} ${prop.text} (${where(key)})`);
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const key = target(node.moduleSpecifier.text);
        const bindings = node.importClause?.namedBindings;
        if (key && bindings && ts.isNamedImports(bindings)) named(bindings.elements, key, "imports");
        if (key && bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, key);
      } else if (
        ts.isExportDeclaration(node) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const key = target(node.moduleSpecifier.text);
        if (key && node.exportClause && ts.isNamedExports(node.exportClause)) {
          for (const el of node.exportClause.elements) {
            const name = (el.propertyName ?? el.name).text;
            if (tagged.get(key)?.has(name)) problems.push(`${rel} re-exports ${name} (${where(key)})`);
          }
        } else if (key) {
          const names = [...(tagged.get(key) ?? [])].join(", ");
          problems.push(`${rel} re-exports all of ${key}, @testOnly functions included: ${names}`);
        }
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        // `const { fn } = await import("~/models/x.server")` and `const ns = await import(...)`.
        const key = target(node.arguments[0].text);
        const parent = ts.isAwaitExpression(node.parent) ? node.parent.parent : node.parent;
        if (key && ts.isVariableDeclaration(parent)) {
          if (ts.isObjectBindingPattern(parent.name)) named(parent.name.elements, key, "imports");
          else if (ts.isIdentifier(parent.name)) namespaces.set(parent.name.text, key);
        }
        if (key && ts.isPropertyAccessExpression(parent) && tagged.get(key)?.has(parent.name.text))
          problems.push(`${rel} imports ${parent.name.text} (${where(key)})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    // `ns.fn` and `ns["fn"]` of a namespace import; inside app/models, a bound name used outside a
    // @testOnly function.
    const uses = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        const ns = node.expression;
        const member = ts.isPropertyAccessExpression(node)
          ? node.name.text
          : ts.isStringLiteral(node.argumentExpression)
            ? node.argumentExpression.text
            : undefined;
        const key = ts.isIdentifier(ns) ? namespaces.get(ns.text) : undefined;
        if (key && member && tagged.get(key)?.has(member) && !(inModels && inTestOnlyFunction(node)))
          problems.push(`${rel} uses ${ns.getText()}.${member} (${where(key)})`);
      }
      if (inModels && ts.isIdentifier(node) && bound.has(node.text) && !inTestOnlyFunction(node)) {
        const p = node.parent;
        const declaration =
          ((ts.isFunctionDeclaration(p) || ts.isImportSpecifier(p)) && p.name === node) ||
          (ts.isImportSpecifier(p) && p.propertyName === node) ||
          (ts.isPropertyAccessExpression(p) && p.name === node) ||
          (ts.isPropertyAssignment(p) && p.name === node);
        if (!declaration) {
          const { name, key } = bound.get(node.text)!;
          problems.push(`${rel} uses ${name} outside a @testOnly function (${where(key)})`);
        }
      }
      ts.forEachChild(node, uses);
    };
    uses(sf);
  }
  return problems;
}

describe("@testOnly model functions (test data and seeds) stay out of the app", () => {
  it("are tagged in app/models, restoreSeededEdition and the bulk inserts among them", () => {
    const tagged = testOnlyExports(root);
    expect(tagged.size).toBeGreaterThan(0);
    expect(tagged.get("app/models/edition.server")).toContain("restoreSeededEdition");
    expect(tagged.get("app/models/order.server")).toContain("setOrderColumns");
    expect(tagged.get("app/models/bulk.server")).toContain("insertRows");
  });

  it("are imported by nothing under app/ (but its tests) or server/", () => {
    expect(testOnlyProblems(root)).toEqual([]);
  });

  describe("on a small tree that breaks the rule on purpose", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-test-only-"));
    afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(tmp, name)), { recursive: true });
        fs.writeFileSync(path.join(tmp, name), text);
      }
    };

    it("fails with no tag at all", () => {
      write({ "app/models/thing.server.ts": "/** Rows. */\nexport function wipe() {}\n" });
      expect(testOnlyProblems(tmp)).toEqual([
        "no function in app/models carries @testOnly (the tags are what this test guards)",
      ]);
    });

    it("names each file and function: named, namespace, re-export, dynamic, a model's own use", () => {
      write({
        "app/models/thing.server.ts":
          "/** Deletes rows.\n * @testOnly e2e reset only. */\nexport function wipe() {}\n" +
          "/** @testOnly seeds only. */\nexport function fill() { wipe(); }\n" +
          "export function read() { return 1; }\n" +
          "export function leak() { wipe(); }\n",
        "app/models/other.server.ts":
          'import { fill, read } from "./thing.server";\n' +
          "/** @testOnly seeds only. */\nexport function more() { fill(); }\n" +
          "export function fine() { return read(); }\n",
        "app/routes/a.tsx":
          'import { read, wipe as w } from "~/models/thing.server";\nexport const a = [read, w];\n',
        "app/services/b.server.ts":
          'import * as thing from "~/models/thing.server";\nexport const b = () => [thing.read(), thing.fill()];\n',
        "app/lib/c.server.ts": 'export { read, fill } from "../models/thing.server";\n',
        "app/lib/d.server.ts": 'export * from "~/models/thing.server";\n',
        "app/services/e.server.ts":
          'export async function e() {\n  const { wipe } = await import("~/models/thing.server");\n  wipe();\n}\n',
        "server/f.mjs": 'import { fill } from "../app/models/thing.server.ts";\nfill();\n',
        "app/routes/ok.tsx": 'import { read } from "~/models/thing.server";\nexport const ok = read();\n',
        "app/routes/thing.test.ts": 'import { wipe } from "~/models/thing.server";\nwipe();\n',
      });
      expect(testOnlyProblems(tmp).sort()).toEqual(
        [
          "app/models/thing.server.ts uses wipe outside a @testOnly function (@testOnly in app/models/thing.server.ts)",
          "app/routes/a.tsx imports wipe (@testOnly in app/models/thing.server.ts)",
          "app/services/b.server.ts uses thing.fill (@testOnly in app/models/thing.server.ts)",
          "app/lib/c.server.ts re-exports fill (@testOnly in app/models/thing.server.ts)",
          "app/lib/d.server.ts re-exports all of app/models/thing.server, @testOnly functions included: wipe, fill",
          "app/services/e.server.ts imports wipe (@testOnly in app/models/thing.server.ts)",
          "server/f.mjs imports fill (@testOnly in app/models/thing.server.ts)",
        ].sort(),
      );
    });
  });
});
