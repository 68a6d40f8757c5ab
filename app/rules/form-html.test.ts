import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CSRF_MARK, hiddenHtml, postFormHtml, withCsrf } from "./form-html";
import { escapeHtml } from "./html";

describe("postFormHtml", () => {
  it("writes the form PostForm renders: method, action, class, the CSRF mark and the task first", () => {
    const html = postFormHtml(
      {
        task: `Starting "race" <1>`,
        action: "/race-control?day=2027-01-09&lanes=4",
        className: "inline-form",
        preventScrollReset: true,
      },
      hiddenHtml("intent", "start") + hiddenHtml("id", 7),
    );
    // React's markup for the same form (attributes in this order; data-html-form marks it for HtmlForms).
    const react = renderToStaticMarkup(
      h(
        "form",
        {
          method: "post",
          action: "/race-control?day=2027-01-09&lanes=4",
          className: "inline-form",
          "data-html-form": "1",
        },
        h("input", { type: "hidden", name: "csrf", value: CSRF_MARK }),
        h("input", { type: "hidden", name: "_task", value: `Starting "race" <1>` }),
        h("input", { type: "hidden", name: "intent", value: "start" }),
        h("input", { type: "hidden", name: "id", value: 7 }),
      ),
    );
    expect(html).toBe(react.replace(escapeHtml(CSRF_MARK), CSRF_MARK));
    expect(postFormHtml({ task: "x", action: "/a", noValidate: true }, "")).toContain(
      ' novalidate="" data-html-form="0"',
    );
  });

  it("puts the page's token in place of every mark, and nothing else", () => {
    const form = postFormHtml({ task: "x", action: "/a" }, "");
    const two = `${form}<p>${escapeHtml("&csrf; typed by a user")}</p>${form}`;
    const out = withCsrf(two, "tok.en-1");
    expect(out.split('name="csrf" value="tok.en-1"').length).toBe(3);
    expect(out).toContain("<p>&amp;csrf; typed by a user</p>");
    expect(out).not.toContain(CSRF_MARK);
    expect(withCsrf("<p>no forms</p>", "t")).toBe("<p>no forms</p>");
  });
});
