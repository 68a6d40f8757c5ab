import { describe, expect, it } from "vitest";
import { clampPage, parseList, SIZES_SMALL, sortLink, withParams } from "./list-params";

const spec = {
  sizes: SIZES_SMALL,
  sorts: ["id", "name"] as const,
  defaultSort: "id" as const,
  filters: { name: 10, role: 20 },
};
const parse = (q: string) => parseList(new URLSearchParams(q), spec);

describe("parseList", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({ page: 0, size: 20, sort: "id", dir: "asc", filters: {} });
  });
  it("accepts valid values", () => {
    expect(parse("page=3&size=50&sort=name&dir=desc&name=ali&role=MANAGER")).toEqual({
      page: 3,
      size: 50,
      sort: "name",
      dir: "desc",
      filters: { name: "ali", role: "MANAGER" },
    });
  });
  it("clamps what a user or an attacker may type", () => {
    expect(parse("page=-1").page).toBe(0);
    expect(parse("page=abc").page).toBe(0);
    expect(parse("page=1e9").page).toBe(0);
    expect(parse("page=999999999").page).toBe(100_000);
    expect(parse("size=10000").size).toBe(20);
    expect(parse("size=7").size).toBe(20);
    expect(parse("sort=hash").sort).toBe("id");
    expect(parse("sort=name;drop").sort).toBe("id");
    expect(parse("dir=sideways").dir).toBe("asc");
    expect(parse("name=abcdefghijklmnop").filters.name).toBe("abcdefghij");
    expect(parse("name=%20%20&other=x").filters).toEqual({});
  });
});

describe("paging links", () => {
  it("clamps a page past the end to the last page", () => {
    expect(clampPage(9, 20, 45)).toBe(2);
    expect(clampPage(1, 20, 0)).toBe(0);
    expect(clampPage(1, 20, 40)).toBe(1);
  });
  it("changes one parameter and keeps the rest", () => {
    expect(withParams("name=ali&page=2", { page: 3 })).toBe("?name=ali&page=3");
    expect(withParams("name=ali&page=2", { page: null })).toBe("?name=ali");
  });
  it("flips the direction of the current column and goes back to page 0", () => {
    expect(sortLink("sort=name&dir=asc&page=4", { sort: "name", dir: "asc" }, "name")).toBe(
      "?sort=name&dir=desc",
    );
    expect(sortLink("sort=name&dir=desc", { sort: "name", dir: "desc" }, "id")).toBe("?sort=id&dir=asc");
  });
});
