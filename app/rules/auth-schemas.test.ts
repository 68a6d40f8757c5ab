import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MS } from "~/messages.ms";
import {
  changePasswordSchema,
  firstError,
  forgotSchemaFor,
  loginSchema,
  loginSchemaFor,
  registrationSchema,
  resetSchema,
  resetPageSchemaFor,
  resetSchemaFor,
  resendSchema,
} from "./auth-schemas";
import { MAX } from "./auth-fields";

const NOW = new Date("2026-11-22T00:00:00Z");
const COUNTRIES = new Set(["MY", "SG"]);

const valid = {
  teamName: "Penang Paddlers",
  teamCountry: "MY",
  email: "a@example.com",
  password: "Secret123",
  confirmPassword: "Secret123",
  identification: " a1234567 ",
  name: " lim  wei-ming ",
  gender: "MALE",
  yob: "1990",
  phone: "60123456789",
  phoneEmergency: "",
  address: "1 Jalan Satu",
};

function parse(values: Record<string, string>, role: "manager" | "competitor" = "manager") {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return parseWithZod(form, { schema: registrationSchema(role, COUNTRIES, NOW) });
}
const errorsOf = (values: Record<string, string>, role?: "manager" | "competitor") => {
  const s = parse(values, role);
  return s.status === "success" ? {} : (s.error ?? {});
};
const first = (values: Record<string, string>, role?: "manager" | "competitor") =>
  firstError(errorsOf(values, role));

describe("registration schema (spec section 5, in order)", () => {
  it("accepts a valid manager and trims and upper-cases identification and name", () => {
    const s = parse(valid);
    expect(s.status).toBe("success");
    if (s.status === "success") {
      expect(s.value.identification).toBe("A1234567");
      expect(s.value.name).toBe("LIM WEI-MING");
      expect(s.value.yob).toBe(1990);
      expect(s.value.phoneEmergency).toBe("");
    }
  });

  it("reports the first failing rule in the spec's field order", () => {
    expect(first({})).toBe("Please enter a valid team name.");
    expect(first({ ...valid, teamName: "" })).toBe("Please enter a valid team name.");
    expect(first({ ...valid, teamName: "Team <script>" })).toBe(
      "Team name may only contain letters, numbers, spaces and . , ' - / @ ( ) &",
    );
    expect(first({ ...valid, teamCountry: "" })).toBe("Please select a team country.");
    expect(first({ ...valid, teamCountry: "XX" })).toBe("Please select a team country.");
    expect(first({ ...valid, email: "nope" })).toBe("Please insert a valid email.");
    expect(first({ ...valid, password: "short", confirmPassword: "short" })).toBe(
      "Password must be 8-16 characters.",
    );
    expect(first({ ...valid, password: "x".repeat(17), confirmPassword: "x".repeat(17) })).toBe(
      "Password must be 8-16 characters.",
    );
    expect(first({ ...valid, confirmPassword: "Different1" })).toBe(
      "Password and confirm password must be the same.",
    );
    expect(first({ ...valid, identification: "  " })).toBe("Please enter a valid identification number.");
    expect(first({ ...valid, name: "" })).toBe("Please enter a valid name.");
    expect(first({ ...valid, name: "Bob #1" })).toBe(
      "Name may only contain letters, numbers, spaces and . , ' - / @ ( ) &",
    );
    expect(first({ ...valid, gender: "" })).toBe("Please select a gender.");
    expect(first({ ...valid, gender: "OTHER" })).toBe("Please select a gender.");
    expect(first({ ...valid, yob: "" })).toBe("Please enter year of birth.");
    expect(first({ ...valid, phone: "" })).toBe("Please enter phone number.");
    expect(first({ ...valid, phone: "+60 12-345" })).toBe("Phone number should contain numbers only.");
    expect(first({ ...valid, phoneEmergency: "012 345" })).toBe(
      "Emergency contact should contain numbers only.",
    );
    expect(first({ ...valid, address: "" })).toBe("Please enter address.");
  });

  it("bounds the year of birth to the last 100 years", () => {
    expect(parse({ ...valid, yob: "1926" }).status).toBe("success");
    expect(parse({ ...valid, yob: "2026" }).status).toBe("success");
    expect(first({ ...valid, yob: "1925" })).toBe("Year of birth must be between 1926 - 2026.");
    expect(first({ ...valid, yob: "2027" })).toBe("Year of birth must be between 1926 - 2026.");
  });

  it("accepts names as Malaysians write them", () => {
    for (const name of ["Muthu a/l Rajan", "Ahmad @ Ali bin Abu", "O'Connor", "Nguyễn Văn An", "陈伟明"]) {
      expect(parse({ ...valid, name }).status, name).toBe("success");
    }
  });

  it("does not ask a competitor for team name or country", () => {
    expect(parse({ ...valid, teamName: "", teamCountry: "" }, "competitor").status).toBe("success");
  });
});

describe("reset and change password schemas", () => {
  const run = (schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, v);
    const s = parseWithZod(form, { schema });
    return s.status === "success" ? null : Object.values(s.error ?? {}).flat()[0];
  };
  it("reset: any empty field gives the spec's single message", () => {
    for (const values of [{}, { newPassword: "Secret123" }, { confirmPassword: "Secret123" }] as Record<
      string,
      string
    >[]) {
      expect(run(resetSchema, { token: "t", ...values })).toBe("Make sure to fill in all the fields.");
    }
  });
  it("change: any empty field gives the spec's message, before length or match", () => {
    for (const values of [{}, { newPassword: "x" }, { oldPassword: "a", newPassword: "Secret123" }] as Record<
      string,
      string
    >[]) {
      expect(run(changePasswordSchema, values)).toBe("Please fill in all the fields");
    }
  });
  it("reset: passwords must be equal and 8-16 characters", () => {
    expect(
      run(resetSchema, { token: "t", newPassword: "Secret123", confirmPassword: "Secret123" }),
    ).toBeNull();
    expect(run(resetSchema, { token: "t", newPassword: "Secret123", confirmPassword: "Secret124" })).toBe(
      "Password and confirm password must be equal.",
    );
    expect(run(resetSchema, { token: "t", newPassword: "short", confirmPassword: "short" })).toBe(
      "Password must be 8-16 characters.",
    );
  });
  it("change: new password length first, then confirmation", () => {
    expect(
      run(changePasswordSchema, { oldPassword: "x", newPassword: "short", confirmPassword: "other" }),
    ).toBe("Password must be 8-16 characters.");
    expect(
      run(changePasswordSchema, { oldPassword: "x", newPassword: "Secret123", confirmPassword: "Secret124" }),
    ).toBe("Password and confirm password must be the same.");
    expect(
      run(changePasswordSchema, { oldPassword: "", newPassword: "Secret123", confirmPassword: "Secret123" }),
    ).toBe("Please fill in all the fields");
  });
});

describe("schemas in Bahasa Melayu (issue 12)", () => {
  const form = (values: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(values)) f.set(k, v);
    return f;
  };
  const errors = (s: { status?: string; error?: Record<string, string[] | null> | null }) =>
    s.status === "success" ? {} : ((s.error ?? {}) as Record<string, string[]>);

  it("registration gives the Malay sentence, in the same spec order, with the Malay field name", () => {
    const schema = registrationSchema("manager", COUNTRIES, NOW, MS);
    const mismatch = parseWithZod(form({ ...valid, confirmPassword: "Different1" }), { schema });
    expect(firstError(errors(mismatch))).toBe(MS.MSG.passwordSame);
    expect(firstError(errors(parseWithZod(form({}), { schema })))).toBe(MS.MSG.teamNameRequired);
    const long = parseWithZod(form({ ...valid, phone: "1".repeat(21) }), { schema });
    expect(firstError(errors(long))).toBe(MS.MSG.tooLong("Nombor telefon", 20));
  });

  it("login, forgot and reset speak the bundle they are made with; the constants stay English", () => {
    expect(errors(parseWithZod(form({ email: "x" }), { schema: loginSchemaFor(MS) })).email).toEqual([
      MS.MSG.loginInvalidEmail,
    ]);
    expect(errors(parseWithZod(form({ email: "x" }), { schema: forgotSchemaFor(MS) })).email).toEqual([
      MS.MSG.loginInvalidEmail,
    ]);
    const reset = parseWithZod(form({ token: "t", newPassword: "Secret123", confirmPassword: "Secret124" }), {
      schema: resetSchemaFor(MS),
    });
    expect(errors(reset).confirmPassword).toEqual([MS.MSG.resetMismatch]);
    expect(errors(parseWithZod(form({ email: "x" }), { schema: loginSchema })).email).toEqual([
      "Please enter a valid email.",
    ]);
  });
});

describe("resendSchema", () => {
  const parse = (email: string) => {
    const form = new FormData();
    form.set("email", email);
    return parseWithZod(form, { schema: resendSchema() });
  };
  it("takes any email-sized text, trimmed; an empty or overlong one is refused", () => {
    const ok = parse("  a@b.my ");
    expect(ok.status === "success" && ok.value.email).toBe("a@b.my");
    expect(parse("   ").status).toBe("error");
    expect(parse("x".repeat(MAX.email + 1)).status).toBe("error");
  });
});

describe("resetPageSchemaFor: the reset page's two forms by intent", () => {
  const schema = resetPageSchemaFor(MS);
  const parse = (values: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(values)) f.set(k, v);
    return parseWithZod(f, { schema });
  };
  const errors = (s: { status?: string; error?: Record<string, string[] | null> | null }) =>
    s.status === "success" ? {} : ((s.error ?? {}) as Record<string, string[]>);

  it("reads the email form (request) and the new password form (reset)", () => {
    const asked = parse({ intent: "request", email: "a@example.com" });
    expect(asked.status === "success" && asked.value).toEqual({ intent: "request", email: "a@example.com" });
    const set = parse({
      intent: "reset",
      token: "t",
      newPassword: "Secret123",
      confirmPassword: "Secret123",
    });
    expect(set.status === "success" && set.value).toEqual({
      intent: "reset",
      token: "t",
      newPassword: "Secret123",
      confirmPassword: "Secret123",
    });
  });

  it("checks each form by its own rules", () => {
    expect(errors(parse({ intent: "request", email: "x" })).email).toEqual([MS.MSG.loginInvalidEmail]);
    const mismatch = parse({
      intent: "reset",
      token: "t",
      newPassword: "Secret123",
      confirmPassword: "Secret124",
    });
    expect(errors(mismatch).confirmPassword).toEqual([MS.MSG.resetMismatch]);
    // An email in the password form, or a password in the email form, is not read as the other.
    expect(parse({ intent: "reset", email: "a@example.com" }).status).toBe("error");
    expect(
      parse({ intent: "request", token: "t", newPassword: "Secret123", confirmPassword: "Secret123" }).status,
    ).toBe("error");
  });

  it("refuses a post without an intent or with another one", () => {
    expect(Object.keys(errors(parse({ email: "a@example.com" })))).toEqual(["intent"]);
    expect(Object.keys(errors(parse({ intent: "delete", email: "a@example.com" })))).toEqual(["intent"]);
  });
});
