// The form state the browser keeps (form-state.ts) gives the same ids and props as conform's
// `@conform-to/react` did, so a page renders the same markup with it: compared here on the server
// render, for the answers an action gives (none yet, refused, reset) and each kind of control.
import * as conform from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as mine from "./form-state";

const schema = z.object({
  name: z.string().max(3, "Too long"),
  count: z.coerce.number().int().min(1, "At least one"),
  colour: z.enum(["red", "blue"], { message: "Pick a colour" }),
  events: z.array(z.enum(["a", "b", "c"])).min(2, "Pick two"),
  agree: z.literal("on", { message: "Tick it" }),
  note: z.string().optional(),
});

function reply(entries: [string, string][], options?: { resetForm?: boolean }) {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return parseWithZod(form, { schema }).reply(options);
}

type Kit = typeof mine;
/** Every kind of control of one form, drawn with a toolkit (conform's or ours). */
function draw(kit: Kit, options: Parameters<Kit["useForm"]>[0]) {
  function Form() {
    const [form, fields] = kit.useForm({ id: "f", ...options });
    return createElement(
      "form",
      kit.getFormProps(form),
      createElement("input", kit.getInputProps(fields.name, { type: "text" })),
      createElement("input", kit.getInputProps(fields.count, { type: "number" })),
      ...kit
        .getCollectionProps(fields.colour, { type: "radio", options: ["red", "blue"] })
        .map(({ key, ...p }) => createElement("input", { key, ...p })),
      ...kit
        .getCollectionProps(fields.events, { type: "checkbox", options: ["a", "b", "c"] })
        .map(({ key, ...p }) => createElement("input", { key, ...p })),
      createElement("input", kit.getInputProps(fields.agree, { type: "checkbox" })),
      createElement("textarea", kit.getTextareaProps(fields.note)),
      createElement("select", kit.getSelectProps(fields.colour), createElement("option", { value: "red" })),
      createElement("p", { id: form.errorId }, (form.errors ?? []).join()),
      createElement("p", null, `${fields.name.initialValue ?? ""}|${(fields.name.errors ?? []).join()}`),
    );
  }
  return renderToStaticMarkup(createElement(Form));
}

const theirs = conform as unknown as Kit;
const cases: [string, Parameters<Kit["useForm"]>[0]][] = [
  ["a first render", {}],
  [
    "a first render with default values",
    { defaultValue: { name: "ab", count: 3, colour: "blue", events: ["a", "c"], agree: true } },
  ],
  [
    "a refusal (values sent back, errors per field)",
    {
      defaultValue: { name: "zz" },
      lastResult: reply([
        ["name", "abcd"],
        ["count", "0"],
        ["colour", "green"],
        ["events", "b"],
        ["note", "hello"],
      ]),
    },
  ],
  [
    "a refusal with a group ticked twice",
    {
      lastResult: reply([
        ["name", "ok"],
        ["count", "2"],
        ["colour", "red"],
        ["events", "a"],
        ["events", "c"],
      ]),
    },
  ],
  [
    "an answer that resets the form",
    { defaultValue: { name: "kept" }, lastResult: reply([["name", "x"]], { resetForm: true }) },
  ],
];

describe("the browser's form state renders as conform's did", () => {
  it.each(cases)("%s", (_name, options) => {
    expect(draw(mine, options)).toBe(draw(theirs, options));
  });

  it("can fail: a value sent back differs from the default", () => {
    const sent = draw(mine, { lastResult: reply([["name", "abcd"]]) });
    expect(sent).toContain('value="abcd"');
    expect(sent).toContain('aria-invalid="true"');
    expect(draw(mine, { defaultValue: { name: "abcd" } })).not.toContain("aria-invalid");
  });
});

describe("formValueOf: a value as a form field holds it", () => {
  it("strings, numbers, booleans, dates and lists", () => {
    expect(mine.formValueOf("a")).toBe("a");
    expect(mine.formValueOf(12.5)).toBe("12.5");
    expect(mine.formValueOf(true)).toBe("on");
    expect(mine.formValueOf(false)).toBeUndefined();
    expect(mine.formValueOf(new Date("2026-11-29T10:00:00Z"))).toBe("2026-11-29T10:00:00.000");
    expect(mine.formValueOf(["a", 2, null])).toEqual(["a", "2", ""]);
    expect(mine.formValueOf({ a: 1 })).toBeUndefined();
    expect(mine.formValueOf(undefined)).toBeUndefined();
  });
});
