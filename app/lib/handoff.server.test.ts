import { describe, expect, it } from "vitest";
import { forDocument, withoutServerHtml } from "./handoff.server";

// As Remix writes the handoff: JSON, then <, >, &, U+2028 and U+2029 escaped.
const handoffOf = (state: unknown) =>
  JSON.stringify(state).replace(
    /[&><\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

describe("withoutServerHtml", () => {
  it("blanks a loader's and an action's markup, and keeps the rest of the data", () => {
    const html = `<tr><td data-label="Team">A&amp;B "x" \\" \\\\" \u2028</td></tr>`;
    const loaderData = {
      root: { csrf: "t" },
      page: {
        count: 2,
        tables: { scheduled: { serverHtml: html }, unscheduled: null },
        note: `"serverHtml":"typed by a user"`,
        after: "kept",
      },
    };
    const actionData = { page: { tables: { scheduled: { serverHtml: `${html}\\` } }, more: ["x"] } };
    const handoff = handoffOf({ state: { loaderData, actionData } });
    const out = withoutServerHtml(handoff);
    expect(JSON.parse(out)).toEqual({
      state: {
        loaderData: {
          ...loaderData,
          page: { ...loaderData.page, tables: { scheduled: { serverHtml: "" }, unscheduled: null } },
        },
        actionData: { page: { tables: { scheduled: { serverHtml: "" } }, more: ["x"] } },
      },
    });
  });

  it("leaves a handoff without markup as it is", () => {
    const handoff = handoffOf({ rows: [{ html: "<tr></tr>" }], text: '"serverHtml":"no"' });
    expect(withoutServerHtml(handoff)).toBe(handoff);
  });
});

describe("forDocument", () => {
  it("keeps a document's markup in the load context, with only its key in the data", () => {
    const markup = new Map<string, string>();
    expect(forDocument({ markup }, "t1", { serverHtml: "<tr></tr>" })).toEqual({ serverHtml: "", at: "t1" });
    expect(markup.get("t1")).toBe("<tr></tr>");
    expect(forDocument({ markup }, "t2", null)).toBeNull();
    expect(markup.has("t2")).toBe(false);
  });

  it("leaves the markup in the data for a data request, or under another server", () => {
    expect(forDocument({}, "t1", { serverHtml: "<tr></tr>" })).toEqual({ serverHtml: "<tr></tr>" });
    expect(forDocument(undefined, "t1", { serverHtml: "<tr></tr>" })).toEqual({ serverHtml: "<tr></tr>" });
  });
});
