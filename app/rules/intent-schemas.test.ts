import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { EN } from "~/messages";
import { editOrderSchema, myRacesSchema, planIntentSchema } from "./intent-schemas";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};
const parse = (schema: Parameters<typeof parseWithZod>[1]["schema"], entries: [string, string][]) =>
  parseWithZod(form(entries), { schema });

describe("planIntentSchema", () => {
  it("takes save or remove and nothing else", () => {
    expect(parse(planIntentSchema(), [["intent", "save"]]).status).toBe("success");
    expect(parse(planIntentSchema(), [["intent", "remove"]]).status).toBe("success");
    expect(parse(planIntentSchema(), [["intent", "drop"]]).status).toBe("error");
    expect(parse(planIntentSchema(), []).status).toBe("error");
  });
});

describe("editOrderSchema", () => {
  const schema = editOrderSchema(EN, 10);
  it("takes a status of ours, with or without the confirmation", () => {
    expect(
      parse(schema, [
        ["intent", "status"],
        ["status", "PAID"],
      ]).status,
    ).toBe("success");
    const ok = parse(schema, [
      ["intent", "status"],
      ["status", "CANCELLED"],
      ["confirmed", "1"],
    ]);
    expect(ok.status === "success" && ok.value).toEqual({
      intent: "status",
      status: "CANCELLED",
      confirmed: "1",
    });
    expect(
      parse(schema, [
        ["intent", "status"],
        ["status", "LOST"],
      ]).status,
    ).toBe("error");
  });
  it("takes a note trimmed, refusing an empty or overlong one with the messages", () => {
    const ok = parse(schema, [
      ["intent", "note"],
      ["note", "  hi  "],
    ]);
    expect(ok.status === "success" && ok.value).toEqual({ intent: "note", note: "hi" });
    const empty = parse(schema, [
      ["intent", "note"],
      ["note", "   "],
    ]);
    expect(empty.status === "error" && empty.error?.note).toEqual([EN.MSG.orderNoteRequired]);
    const missing = parse(schema, [["intent", "note"]]);
    expect(missing.status === "error" && missing.error?.note).toEqual([EN.MSG.orderNoteRequired]);
    const long = parse(schema, [
      ["intent", "note"],
      ["note", "x".repeat(11)],
    ]);
    expect(long.status === "error" && long.error?.note).toEqual([EN.MSG.tooLong(EN.LABELS.note, 10)]);
    expect(
      parse(schema, [
        ["intent", "note"],
        ["note", "x".repeat(10)],
      ]).status,
    ).toBe("success");
  });
  it("refuses another intent", () => {
    expect(parse(schema, [["intent", "delete"]]).status).toBe("error");
  });
});

describe("myRacesSchema", () => {
  it("takes makeKey, and callEmails on or off", () => {
    expect(parse(myRacesSchema(), [["intent", "makeKey"]]).status).toBe("success");
    const on = parse(myRacesSchema(), [
      ["intent", "callEmails"],
      ["callEmails", "on"],
    ]);
    expect(on.status === "success" && on.value).toEqual({ intent: "callEmails", callEmails: "on" });
    const off = parse(myRacesSchema(), [["intent", "callEmails"]]);
    expect(off.status === "success" && off.value).toEqual({ intent: "callEmails" });
    expect(
      parse(myRacesSchema(), [
        ["intent", "callEmails"],
        ["callEmails", "yes"],
      ]).status,
    ).toBe("error");
    expect(parse(myRacesSchema(), [["intent", "other"]]).status).toBe("error");
  });
});
