// The results desk's intents (issue 30): one zod discriminated union on `intent`, read as the
// action reads it (conform's parseWithZod, through parseFixedForm). The rows of Save as
// Provisional are parseLaneRows's (app/rules/results.test.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { resultsDeskSchema } from "./results-schema";

function form(pairs: [string, string | File][]) {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
}
const read = (pairs: [string, string | File][]) => parseWithZod(form(pairs), { schema: resultsDeskSchema });
const value = (pairs: [string, string | File][]) => {
  const s = read(pairs);
  return s.status === "success" ? s.value : null;
};

describe("resultsDeskSchema", () => {
  it('accepts Save as Provisional and Declare Official with the version (capped, none is "")', () => {
    expect(
      value([
        ["intent", "save"],
        ["version", "abc"],
        ["race", "1"],
        ["time", "2:35.19"],
      ]),
    ).toEqual({ intent: "save", version: "abc" });
    expect(value([["intent", "declare"]])).toEqual({ intent: "declare", version: "" });
    expect(
      value([
        ["intent", "declare"],
        ["version", "v".repeat(100)],
      ]),
    ).toEqual({ intent: "declare", version: "v".repeat(64) });
  });

  it("accepts Import with a file or none (the preview says which)", () => {
    const file = new File(["1,2:35.19\n"], "heat.csv", { type: "text/csv" });
    const read = value([
      ["intent", "import"],
      ["file", file],
    ]);
    expect(read?.intent).toBe("import");
    expect(read?.intent === "import" && read.file?.name).toBe("heat.csv");
    expect(value([["intent", "import"]])).toEqual({ intent: "import" });
  });

  it("accepts Mark Ready and Undo with the lane's race id", () => {
    expect(
      value([
        ["intent", "markReady"],
        ["race", " 9 "],
        ["reason", "Checked by hand"],
      ]),
    ).toEqual({ intent: "markReady", race: 9, reason: "Checked by hand" });
    expect(
      value([
        ["intent", "undoReady"],
        ["race", "9"],
      ]),
    ).toEqual({ intent: "undoReady", race: 9 });
  });

  it("refuses a missing or unknown intent, a bad id, a reason far past the box", () => {
    for (const pairs of [
      [["version", "abc"]],
      [["intent", ""]],
      [["intent", "publish"]],
      [["intent", "SAVE"]],
      [["intent", "markReady"]],
      [
        ["intent", "markReady"],
        ["race", "x"],
      ],
      [
        ["intent", "undoReady"],
        ["race", "1234567890"],
      ],
      [
        ["intent", "markReady"],
        ["race", "9"],
        ["reason", "x".repeat(801)],
      ],
      [
        ["intent", "import"],
        ["file", "not a file"],
      ],
    ] as [string, string][][])
      expect(read(pairs).status, JSON.stringify(pairs).slice(0, 80)).toBe("error");
  });
});
