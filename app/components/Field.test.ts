// The form toolkit's fields, rendered as the server sends them: each is labelled, names its hint
// while valid and its errors (with aria-invalid) while not, and shows what the user sent back.
import { type FieldMetadata, useForm } from "~/components/form-state";
import { parseWithZod } from "@conform-to/zod/v4";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CheckboxField, FileField, SelectField, TextareaField } from "./Field";
import { RadioGroupField } from "./RadioGroupField";

const schema = z.object({
  note: z.string().max(3, "Too long"),
  colour: z.enum(["red", "blue"], { message: "Pick a colour" }),
  agree: z.literal("on", { message: "Tick it" }),
  size: z.enum(["S", "L"], { message: "Pick a size" }),
  photo: z.string({ message: "Choose a file" }),
});

/** The reply an action returns for `entries` (refused), or none (the form's first render). */
function replyFor(entries?: [string, string][]) {
  if (!entries) return undefined;
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return parseWithZod(form, { schema }).reply();
}

// biome-ignore lint/suspicious/noExplicitAny: any field shape
type Fields = Record<string, FieldMetadata<any>>;

function render(draw: (fields: Fields) => ReactElement, entries?: [string, string][]) {
  function Form() {
    const [, fields] = useForm({ id: "f", lastResult: replyFor(entries) });
    return draw(fields as unknown as Fields);
  }
  return renderToStaticMarkup(createElement(Form));
}

type Tag = Record<string, string> & { $text: string };

/** Every opening tag `name` in `html`, with its attributes and the text up to its closing tag. */
function tags(html: string, name: string): Tag[] {
  const found: Tag[] = [];
  for (const m of html.matchAll(new RegExp(`<${name}(\\s[^>]*)?>`, "g"))) {
    const tag = { $text: "" } as Tag;
    for (const a of (m[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) tag[a[1]] = a[2] ?? "";
    const rest = html.slice((m.index ?? 0) + m[0].length);
    const close = rest.indexOf(`</${name}>`);
    tag.$text = text(close < 0 ? "" : rest.slice(0, close));
    found.push(tag);
  }
  return found;
}

const text = (html: string) => html.replace(/<[^>]*>/g, "").trim();

function one(html: string, name: string): Tag {
  const [tag] = tags(html, name);
  if (!tag) throw new Error(`no <${name}> in ${html}`);
  return tag;
}

/** The text of the element whose id is `id` (what aria-describedby names). */
function textOf(html: string, id: string | undefined): string | null {
  if (!id) return null;
  const m = html.match(new RegExp(`<(\\w+)[^>]* id="${id}"[^>]*>(.*?)</\\1>`));
  return m ? text(m[2]) : null;
}

/** The texts of the <label>s wrapped around a control (checkbox, radio). */
const wrappingLabels = (html: string) => (html.match(/<label>(.*?)<\/label>/g) ?? []).map(text);

/** The text of the <label> whose `for` is `id`. */
const labelFor = (html: string, id: string) => tags(html, "label").find((l) => l.for === id)?.$text;

const options = [
  { value: "red", label: "Red" },
  { value: "blue", label: "Blue" },
];

describe("TextareaField", () => {
  const draw = (f: Fields) =>
    createElement(TextareaField, { label: "Note", field: f.note, hint: "Short", rows: 3 });
  it("is labelled and described by its hint", () => {
    const html = render(draw);
    const box = one(html, "textarea");
    expect(labelFor(html, box.id)).toBe("Note");
    expect(textOf(html, box["aria-describedby"])).toBe("Short");
    expect(box["aria-invalid"]).toBeUndefined();
    expect(box.rows).toBe("3");
  });
  it("refused: names its error, is invalid and keeps what was typed", () => {
    const html = render(draw, [["note", "too long"]]);
    const box = one(html, "textarea");
    expect(textOf(html, box["aria-describedby"])).toBe("Too long");
    expect(box["aria-invalid"]).toBe("true");
    expect(box.$text).toBe("too long");
    expect(one(html, "div").class).toBe("field field-invalid");
  });
});

describe("SelectField", () => {
  const draw = (f: Fields) =>
    createElement(SelectField, { label: "Colour", field: f.colour, options, placeholder: "Choose" });
  it("is labelled, has its placeholder first and no description without a hint", () => {
    const html = render(draw);
    const select = one(html, "select");
    expect(labelFor(html, select.id)).toBe("Colour");
    expect(tags(html, "option").map((o) => [o.value, o.$text])).toEqual([
      ["", "Choose"],
      ["red", "Red"],
      ["blue", "Blue"],
    ]);
    expect(select["aria-describedby"]).toBeUndefined();
    expect(select["aria-invalid"]).toBeUndefined();
  });
  it("refused: names its error, is invalid; a valid choice is kept", () => {
    const kept = render(draw, [
      ["colour", "blue"],
      ["note", "too long"],
    ]);
    expect(tags(kept, "option").find((o) => "selected" in o)?.value).toBe("blue");
    const html = render(draw, [["colour", "green"]]);
    const select = one(html, "select");
    expect(textOf(html, select["aria-describedby"])).toBe("Pick a colour");
    expect(select["aria-invalid"]).toBe("true");
  });
});

describe("CheckboxField", () => {
  const draw = (f: Fields) =>
    createElement(CheckboxField, { label: "I agree", field: f.agree, hint: "Read it" });
  it("is labelled by the label around it and described by its hint", () => {
    const html = render(draw);
    const box = one(html, "input");
    expect(box.type).toBe("checkbox");
    expect(wrappingLabels(html)).toEqual(["I agree"]);
    expect(textOf(html, box["aria-describedby"])).toBe("Read it");
    expect(box["aria-invalid"]).toBeUndefined();
    expect("checked" in box).toBe(false);
  });
  it("refused: names its error and is invalid; a ticked box stays ticked", () => {
    const html = render(draw, [["note", "x"]]);
    const box = one(html, "input");
    expect(textOf(html, box["aria-describedby"])).toBe("Tick it");
    expect(box["aria-invalid"]).toBe("true");
    const ticked = render(draw, [
      ["agree", "on"],
      ["note", "too long"],
    ]);
    expect("checked" in one(ticked, "input")).toBe(true);
  });
});

describe("RadioGroupField", () => {
  const draw = (f: Fields) =>
    createElement(RadioGroupField, {
      label: "Size",
      field: f.size,
      hint: "Either",
      options: [
        { value: "S", label: "Small" },
        { value: "L", label: "Large" },
      ],
    });
  it("is a fieldset with its legend; each radio labelled and described by the hint", () => {
    const html = render(draw);
    expect(one(html, "legend").$text).toBe("Size");
    expect(wrappingLabels(html)).toEqual(["Small", "Large"]);
    const radios = tags(html, "input");
    expect(radios.map((r) => r.type)).toEqual(["radio", "radio"]);
    for (const r of radios) {
      expect(textOf(html, r["aria-describedby"])).toBe("Either");
      expect(r["aria-invalid"]).toBeUndefined();
    }
  });
  it("refused: every radio names the error and is invalid; the choice is kept", () => {
    const html = render(draw, [["size", "M"]]);
    for (const r of tags(html, "input")) {
      expect(textOf(html, r["aria-describedby"])).toBe("Pick a size");
      expect(r["aria-invalid"]).toBe("true");
    }
    const kept = render(draw, [
      ["size", "L"],
      ["note", "too long"],
    ]);
    expect(tags(kept, "input").find((r) => "checked" in r)?.value).toBe("L");
  });
});

describe("FileField", () => {
  const draw = (f: Fields) =>
    createElement(FileField, { label: "Photo", field: f.photo, hint: "A JPEG", accept: "image/jpeg" });
  it("is labelled and described by its hint", () => {
    const html = render(draw);
    const input = one(html, "input");
    expect(input.type).toBe("file");
    expect(labelFor(html, input.id)).toBe("Photo");
    expect(input.name).toBe("photo");
    expect(input.accept).toBe("image/jpeg");
    expect(textOf(html, input["aria-describedby"])).toBe("A JPEG");
  });
  it("refused: names its error and is invalid", () => {
    const html = render(draw, [["note", "x"]]);
    const input = one(html, "input");
    expect(textOf(html, input["aria-describedby"])).toBe("Choose a file");
    expect(input["aria-invalid"]).toBe("true");
  });
});
