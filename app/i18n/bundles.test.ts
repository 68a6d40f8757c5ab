// Every language bundle has every message of the English one (app/messages.ts EN): the same keys in
// the same order, each a string or a function of the same parameters; every function message gives a
// sentence that keeps what it was passed; and no message is left in English. The type Bundle catches
// a missing key at compile time; this catches it at run time too, and catches a copied English value,
// which the type cannot.
import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";

const BUNDLES = { ms: MS } as const;

/** Keys whose value is rightly the same in English and Malay, each with its reason. Keep it short. */
const SAME_AS_ENGLISH: Record<string, string> = {
  "TITLES.appName": "the product's name, Regatta, is not translated",
  "NAV.menu": '"Menu" is also the Malay word',
  "LABELS.status": '"Status" is also the Malay word',
  "LABELS.ok": '"OK" is also used in Malay (MSG.loginUnverified says "Klik OK")',
  "LABELS.rsStatus": '"Status" is also the Malay word',
  "LABELS.whUrl": '"URL" is also used in Malay (issue 29 webhooks)',
  "LABELS.whStatus": '"Status" is also the Malay word',
  "LABELS.rsImport": '"Import" is also the Malay word (Kamus Dewan)',
  "LABELS.rcEvt": "a FinishLynx file name (.evt), the same in every language",
  "LABELS.rcLynxSch": "a FinishLynx file name (lynx.sch), the same in every language",
  "LABELS.rcLynxPpl": "a FinishLynx file name (lynx.ppl), the same in every language",
};

type Leaf = { path: string; value: unknown };

/** Every leaf of a bundle (strings and functions), depth first in key order; arrays by index. */
function leaves(node: unknown, path = ""): Leaf[] {
  if (typeof node === "string" || typeof node === "function") return [{ path, value: node }];
  if (node && typeof node === "object") {
    return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  }
  return [{ path, value: node }];
}

/** A leaf's kind: "string", "function/2" (its arity), or what else it wrongly is. */
function kindOf(value: unknown): string {
  return typeof value === "function" ? `function/${value.length}` : typeof value;
}

/** A function message's parameter names, read from its source ("(event, left) => ..."). */
function paramNames(fn: unknown): string[] {
  const head = /^\s*(?:function\s*[\w$]*\s*)?\(?([^)=]*?)\)?\s*(?:=>|\{)/.exec(String(fn))?.[1] ?? "";
  return head
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

// Sample arguments by parameter name. A string parameter gets a marker that the sentence must
// contain; a number parameter each of 0, 1 and 2. Parameters that pick a word (a literal union or a
// boolean) are listed per message: their value is translated, so it is not looked for.
const STRING_PARAMS = new Set([
  "wait",
  "label",
  "event",
  "when",
  "until",
  "reason",
  "team",
  "name",
  "names",
  "codes",
  "why",
  "lane",
  "country",
  "start",
  "end",
  "doing",
  "amount",
  // race day and training (rounds, races, draws, kiosk, training)
  "list",
  "round",
  "where",
  "time",
  "text",
  "tab",
  // results screen
  "format",
  "message",
  // progression plans (issue 20)
  "from",
  // race control (issue 20)
  "race",
  "day",
  // webhooks (issue 29 part 4)
  "url",
  "answer",
]);
const NUMBER_PARAMS = new Set([
  "failures", // webhooks (issue 29 part 4)
  "status",
  "min",
  "max",
  "w",
  "h",
  "kb",
  "n",
  "line",
  "hours",
  "orderId",
  "left",
  "held",
  "teams",
  "seconds",
  "events",
  "approved",
  "asked",
  "id",
  "pending",
  "reserved",
  "year",
  // race day (draws, scoreboard)
  "heats",
  "races",
  "scored",
  "seed",
  // race control (issue 20): the board
  "minutes",
  // results screen
  "revision",
  "place",
  // progression plans (issue 20)
  "count",
  "plus",
  "planned",
  "lanes",
  "raceNumber",
  "crews",
  // race control (issue 20)
  "minutes",
  "count",
  "last",
]);
const WORD_PARAMS: Record<string, Record<string, readonly unknown[]>> = {
  "MSG.photosConfirm": { intent: ["approve", "reject"] },
  "MSG.photosChanged": { intent: ["approve", "reject"] },
  "MSG.downloadError": { doc: ["invoice", "receipt"] },
  "MSG.reservationAsks": { pending: [true, false] },
  "MSG.reservationMailLine": { status: ["APPROVED", "REJECTED"] },
  "MSG.checkoutReplacesOrder": { ids: [[12], [12, 13]] },
  "LABELS.pgStale": { sources: [["«source»"], ["«source»", "«source»"]] },
};
const NUMBERS = [0, 1, 2] as const;
const marker = (param: string) => `«${param}»`;

/** Every combination of sample arguments for a function message (at most 3^4 = 81 calls). */
function sampleCalls(path: string, fn: (...args: never[]) => unknown): unknown[][] {
  const choices = paramNames(fn).map((param) => {
    const words = WORD_PARAMS[path]?.[param];
    if (words) return words;
    if (STRING_PARAMS.has(param)) return [marker(param)];
    if (NUMBER_PARAMS.has(param)) return NUMBERS;
    throw new Error(`${path}: add a sample for its parameter "${param}" in app/i18n/bundles.test.ts`);
  });
  return choices.reduce<unknown[][]>(
    (calls, options) => calls.flatMap((c) => options.map((o) => [...c, o])),
    [[]],
  );
}

const call = (fn: unknown, args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args);

const english = leaves(EN);
const englishByPath = new Map(english.map((l) => [l.path, l.value]));

describe.each(Object.entries(BUNDLES))("the %s bundle", (_locale, bundle) => {
  const own = leaves(bundle);

  it("has exactly the English keys, in the same order, each of the same kind and arity", () => {
    expect(own.map((l) => `${l.path}: ${kindOf(l.value)}`)).toEqual(
      english.map((l) => `${l.path}: ${kindOf(l.value)}`),
    );
  });

  it("names each function message's parameters as the English does", () => {
    for (const { path, value } of own) {
      const en = englishByPath.get(path);
      if (typeof value === "function" && typeof en === "function") {
        expect(paramNames(value), path).toEqual(paramNames(en));
      }
    }
  });

  it("gives, for every sample argument, a sentence that contains each text it was passed", () => {
    for (const { path, value } of own.filter((l) => typeof l.value === "function")) {
      const fn = value as (...args: never[]) => unknown;
      const names = paramNames(fn);
      for (const args of sampleCalls(path, fn)) {
        const text = call(fn, args);
        const where = `${path}(${args.map((a) => JSON.stringify(a)).join(", ")})`;
        expect(typeof text, where).toBe("string");
        expect((text as string).trim(), where).not.toBe("");
        expect(text, where).not.toMatch(/undefined|NaN|\[object /);
        names.forEach((param, i) => {
          if (args[i] === marker(param)) expect(text, where).toContain(marker(param));
        });
      }
    }
  });

  it("translates every message: none is the English one, but for the allowlisted keys", () => {
    const untranslated: string[] = [];
    for (const { path, value } of own) {
      const en = englishByPath.get(path);
      if (typeof value === "string") {
        if (value === en) untranslated.push(`${path}: ${JSON.stringify(value)}`);
        continue;
      }
      if (typeof value !== "function" || typeof en !== "function") continue;
      const fn = value as (...args: never[]) => unknown;
      for (const args of sampleCalls(path, fn)) {
        const text = call(fn, args);
        if (text === call(en, args)) {
          untranslated.push(
            `${path}(${args.map((a) => JSON.stringify(a)).join(", ")}): ${JSON.stringify(text)}`,
          );
        }
      }
    }
    expect(untranslated.filter((u) => !(u.split(/[:(]/)[0] in SAME_AS_ENGLISH))).toEqual([]);
  });

  it("keeps the allowlist honest: each allowlisted key exists and is still the same as the English", () => {
    const byPath = new Map(own.map((l) => [l.path, l.value]));
    for (const path of Object.keys(SAME_AS_ENGLISH)) {
      expect(englishByPath.has(path), path).toBe(true);
      expect(byPath.get(path), path).toBe(englishByPath.get(path));
    }
  });
});
