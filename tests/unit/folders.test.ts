// The folders' one-way check (issue 30, .dependency-cruiser.cjs, `npm run check:folders`): it
// passes on the tree, and it fails on a small tree that breaks each rule on purpose (a lib module
// importing a model, a model naming a service's type, a cycle through two folders, a rule importing
// lib, drizzle in a service, a component importing a route). Runs dependency-cruiser itself, with the
// project's config, the way npm test does.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const depcruise = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

function cruise(cwd: string, outputType: "err" | "json") {
  const r = spawnSync(
    process.execPath,
    [depcruise, "app", "--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", outputType],
    { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return { status: r.status, out: r.stdout, err: r.stderr };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "regatta-folders-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A tiny app/ with the project's aliases, each file breaking (or keeping) one rule. */
function writeTree(files: Record<string, string>) {
  fs.writeFileSync(
    path.join(tmp, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] }, jsx: "react-jsx" } }),
  );
  fs.symlinkSync(path.join(root, "node_modules"), path.join(tmp, "node_modules"), "dir");
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tmp, name)), { recursive: true });
    fs.writeFileSync(path.join(tmp, name), text);
  }
}

describe("the folders import one way (dependency-cruiser)", () => {
  it("only models (and lib/db.server.ts, db/) take the tables from lib/db.server.ts", () => {
    // dependency-cruiser sees modules, not names: a service may import db() for a transaction across
    // models (db().transaction), never the tables to write SQL with.
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const rel = path.relative(root, file);
          if (rel.startsWith("app/models/") || rel === "app/lib/db.server.ts") continue;
          const text = fs.readFileSync(file, "utf8");
          if (/import\s*\{[^}]*\bschema\b[^}]*\}\s*from\s*"(~\/lib|\.)\/db\.server"/.test(text))
            offenders.push(rel);
        }
      }
    };
    walk(path.join(root, "app"));
    expect(offenders).toEqual([]);
  });

  // `npm test` has run this same check already (its "folders" part, `npm run check:folders`), and
  // says so: ~8 s of a unit worker saved there; a plain `npx vitest run` still runs it.
  it.skipIf(process.env.REGATTA_FOLDERS_CHECKED === "1")("passes on the tree", { timeout: 120_000 }, () => {
    const r = cruise(root, "err");
    expect(r.out + r.err).toContain("no dependency violations found");
    expect(r.status).toBe(0);
  });

  it("fails on upward imports and a cycle between folders, each named by its rule", {
    timeout: 120_000,
  }, () => {
    writeTree({
      "app/lib/clock.server.ts": "export const now = () => Date.now();\n",
      // lib importing a model: the upward import the check exists for
      "app/lib/bad.server.ts":
        'import { thing } from "~/models/thing.server";\nexport const bad = () => thing();\n',
      // a model naming a service's type (import type counts), and the service importing the model:
      // a cycle through two folders
      "app/models/thing.server.ts":
        'import type { Flow } from "~/services/flow.server";\nimport { now } from "~/lib/clock.server";\n' +
        "export const thing = (f?: Flow) => (f ? now() : 0);\n",
      "app/services/flow.server.ts":
        'import { thing } from "~/models/thing.server";\nexport type Flow = { at: number };\nexport const flow = () => thing();\n',
      // drizzle outside the models
      "app/services/sql.server.ts": 'import { sql } from "drizzle-orm";\nexport const q = sql`select 1`;\n',
      // a rule importing lib
      "app/rules/pure.ts": 'import { now } from "~/lib/clock.server";\nexport const pure = () => now();\n',
      // a component importing a route
      "app/components/Ui.tsx": 'import { page } from "~/routes/x/route";\nexport const Ui = () => page;\n',
      // a component running a model's code (types only are allowed)
      "app/components/Rows.tsx":
        'import type { Flow } from "~/services/flow.server";\nimport { thing } from "~/models/thing.server";\n' +
        "export const Rows = (f: Flow) => thing(f);\n",
      "app/routes/x/route.tsx":
        'import { flow } from "~/services/flow.server";\nexport const page = flow();\n',
    });
    // What npm run check:folders prints and exits with...
    const failed = cruise(tmp, "err");
    expect(failed.status).not.toBe(0);
    expect(failed.out).toContain("lib-is-adapters");
    // ...and each violation, by rule.
    const r = cruise(tmp, "json");
    const result = JSON.parse(r.out) as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] };
    };
    const seen = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        "lib-is-adapters: app/lib/bad.server.ts → app/models/thing.server.ts",
        "models-below-services: app/models/thing.server.ts → app/services/flow.server.ts",
        "rules-are-pure: app/rules/pure.ts → app/lib/clock.server.ts",
        "components-below-routes: app/components/Ui.tsx → app/routes/x/route.tsx",
        "components-no-server-code: app/components/Rows.tsx → app/models/thing.server.ts",
      ]),
    );
    expect(seen.some((v) => v.startsWith("no-cycle-between-folders: app/models/thing.server.ts"))).toBe(true);
    expect(seen.some((v) => v.startsWith("drizzle-only-in-models: app/services/sql.server.ts"))).toBe(true);
    // The allowed directions are not reported: route → service, service → model, model → lib.
    expect(seen.filter((v) => v.includes("app/routes/x/route.tsx →"))).toEqual([]);
    expect(seen.filter((v) => v.includes("→ app/services/flow.server.ts") && v.includes("Rows"))).toEqual([]);
    expect(seen.filter((v) => v.includes("→ app/lib/clock.server.ts") && !v.startsWith("rules-"))).toEqual(
      [],
    );
  });
});
