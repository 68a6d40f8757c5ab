import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { csvLines } from "./csv.server";

describe("csvLines", () => {
  it("writes what csv-stringify writes (windows record delimiter), byte for byte", () => {
    const pieces = ["", "a", " ", ",", '"', "\r", "\n", "\r\n", "'", "=", "é", "名", "\t", ";", "x y"];
    const fields: (string | number)[] = [0, -1, 12.5, 5141, Number.MAX_SAFE_INTEGER];
    for (const a of pieces) for (const b of pieces) fields.push(a + b, `${a}mid${b}`);
    const records: (string | number)[][] = [];
    for (let i = 0; i < fields.length; i += 3) records.push(fields.slice(i, i + 3));
    records.push([""], ["", ""], ["only"]);
    expect(csvLines(records)).toBe(stringify(records, { record_delimiter: "windows" }));
  });
});
