import { describe, expect, it } from "vitest";
import { compareNatural, compareText } from "./compare";

const sorted = (xs: string[], f: (a: string, b: string) => number) => [...xs].sort(f);

describe("compareText", () => {
  it("orders alphabetically, ignoring case and accents", () => {
    expect(sorted(["banana", "Apple", "cherry", "Émilie", "elephant", "Zul"], compareText)).toEqual([
      "Apple",
      "banana",
      "cherry",
      "elephant",
      "Émilie",
      "Zul",
    ]);
  });
  it("puts a prefix first and is 0 only for the same text", () => {
    expect(compareText("Ali", "Ali bin Abu")).toBeLessThan(0);
    expect(compareText("ali", "Ali")).not.toBe(0);
    expect(Math.sign(compareText("ali", "Ali"))).toBe(-Math.sign(compareText("Ali", "ali")));
    expect(compareText("Ali", "Ali")).toBe(0);
  });
  it("agrees with Intl's English collation on plain names", () => {
    const names = [
      "Siti Aminah",
      "siti",
      "Ahmad",
      "ahmad zaki",
      "Lee Chong Wei",
      "lee",
      "Muthu",
      "Nur",
      "Chan 2",
      "Chan 10",
    ];
    const intl = new Intl.Collator("en", { sensitivity: "base" });
    expect(sorted(names, compareText).map((n) => n.toLowerCase())).toEqual(
      sorted(names, intl.compare).map((n) => n.toLowerCase()),
    );
  });
});

describe("compareNatural", () => {
  it("orders runs of digits by value", () => {
    expect(sorted(["10", "2", "1", "B", "a", "Lane 10", "Lane 2"], compareNatural)).toEqual([
      "1",
      "2",
      "10",
      "a",
      "B",
      "Lane 2",
      "Lane 10",
    ]);
  });
  it("agrees with Intl's numeric collation on lanes", () => {
    const lanes = ["12", "3", "A", "b", "1", "C2", "C10", "c1", "20"];
    const intl = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
    expect(sorted(lanes, compareNatural)).toEqual(sorted(lanes, intl.compare));
  });
  it("is 0 only for the same text", () => {
    expect(compareNatural("02", "2")).not.toBe(0);
    expect(compareNatural("7", "7")).toBe(0);
  });
});
