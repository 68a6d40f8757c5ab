import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { kioskEnrolSchema, languageSchema, ownClubSchema } from "./small-form-schemas";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};
const parse = (schema: Parameters<typeof parseWithZod>[1]["schema"], entries: [string, string][]) =>
  parseWithZod(form(entries), { schema });

describe("languageSchema", () => {
  it("takes a language of ours and nothing else", () => {
    expect(parse(languageSchema(), [["locale", "ms"]]).status).toBe("success");
    expect(parse(languageSchema(), [["locale", "fr"]]).status).toBe("error");
    expect(parse(languageSchema(), [["locale", ""]]).status).toBe("error");
    expect(parse(languageSchema(), []).status).toBe("error");
  });
});

describe("ownClubSchema", () => {
  it("reads the club id as sent, and refuses none or an overlong one", () => {
    const ok = parseWithZod(form([["association", "12"]]), { schema: ownClubSchema() });
    expect(ok.status === "success" && ok.value.association).toBe("12");
    expect(parse(ownClubSchema(), []).status).toBe("error");
    expect(parse(ownClubSchema(), [["association", "1".repeat(21)]]).status).toBe("error");
  });
});

describe("kioskEnrolSchema", () => {
  const screens = ["/scanning/entrance", "/scanning/profile"] as const;
  it("takes exactly one of the kiosk screens", () => {
    expect(parse(kioskEnrolSchema(screens), [["back", "/scanning/profile"]]).status).toBe("success");
    expect(parse(kioskEnrolSchema(screens), [["back", "/orders"]]).status).toBe("error");
    expect(parse(kioskEnrolSchema(screens), []).status).toBe("error");
    const twice = parse(kioskEnrolSchema(screens), [
      ["back", "/scanning/profile"],
      ["back", "/scanning/profile"],
    ]);
    expect(twice.status).toBe("error");
  });
});
