// Issue 30 part c: the multi-intent actions' schemas (lib/fixed-forms.server.ts), read as the
// routes read them (conform's parseWithZod): each intent, a bad or missing intent, the caps.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  crewChangeDecisionSchema,
  entranceSchema,
  membersApproveSchema,
  membersCheckoutSchema,
  pontoonSchema,
  SCAN_FIELD_MAX,
  teamCrewSchema,
} from "~/services/fixed-forms.server";
import { MAX_MEMBER_IDS } from "~/models/member.server";
import { CHANGE_IDS_MAX, CHANGE_REASON_MAX } from "~/rules/crew-change";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
};
const read = (schema: Parameters<typeof parseWithZod>[1]["schema"], entries: [string, string][]) => {
  const s = parseWithZod(formOf(entries), { schema });
  return s.status === "success" ? s.value : null;
};
const many = (name: string, n: number): [string, string][] =>
  Array.from({ length: n }, (_, i) => [name, String(i + 1)]);

describe("the entrance kiosk's intents", () => {
  it("reads a scan (with or without its intent), Save, Clear and No", () => {
    expect(
      read(entranceSchema, [
        ["intent", "scan"],
        ["code", "#12"],
      ]),
    ).toEqual({ intent: "scan", code: "#12" });
    expect(read(entranceSchema, [["code", "#12"]])).toEqual({ code: "#12" });
    expect(
      read(entranceSchema, [
        ["intent", "save"],
        ["confirmed", "yes"],
      ]),
    ).toEqual({ intent: "save", confirmed: "yes" });
    expect(
      read(entranceSchema, [
        ["intent", "clear"],
        ["code", "x"],
      ]),
    ).toEqual({ intent: "clear" });
    expect(
      read(entranceSchema, [
        ["intent", "back"],
        ["confirmed", "yes"],
      ]),
    ).toEqual({ intent: "back" });
  });
  it("refuses another intent and a code beyond any box", () => {
    expect(read(entranceSchema, [["intent", "delete"]])).toBeNull();
    expect(
      read(entranceSchema, [
        ["intent", "scan"],
        ["code", "x".repeat(SCAN_FIELD_MAX + 1)],
      ]),
    ).toBeNull();
  });
});

describe("the pontoon kiosk", () => {
  it("reads a direction and a code; refuses another direction", () => {
    expect(
      read(pontoonSchema, [
        ["direction", "back"],
        ["code", "#1"],
      ]),
    ).toEqual({ direction: "back", code: "#1" });
    expect(
      read(pontoonSchema, [
        ["direction", "sideways"],
        ["code", "#1"],
      ]),
    ).toBeNull();
    expect(read(pontoonSchema, [["code", "#1"]])).toBeNull();
  });
});

describe("crew changes' Approve and Reject", () => {
  it("reads each intent with its id and reason", () => {
    expect(
      read(crewChangeDecisionSchema, [
        ["intent", "approve"],
        ["id", "7"],
      ]),
    ).toEqual({ intent: "approve", id: 7 });
    expect(
      read(crewChangeDecisionSchema, [
        ["intent", "reject"],
        ["id", "7"],
        ["reason", "late"],
      ]),
    ).toEqual({
      intent: "reject",
      id: 7,
      reason: "late",
    });
  });
  it("refuses another intent, a bad id and a far too long reason", () => {
    expect(
      read(crewChangeDecisionSchema, [
        ["intent", "delete"],
        ["id", "7"],
      ]),
    ).toBeNull();
    expect(
      read(crewChangeDecisionSchema, [
        ["intent", "approve"],
        ["id", "7x"],
      ]),
    ).toBeNull();
    const long = "x".repeat(CHANGE_REASON_MAX * 4 + 1);
    expect(
      read(crewChangeDecisionSchema, [
        ["intent", "reject"],
        ["id", "7"],
        ["reason", long],
      ]),
    ).toBeNull();
  });
});

describe("a team's crew page", () => {
  it("reads Save Crew (no intent) and Request Crew Change", () => {
    expect(
      read(teamCrewSchema, [
        ["member", "3"],
        ["member", "4"],
      ]),
    ).toEqual({ member: [3, 4] });
    expect(
      read(teamCrewSchema, [
        ["intent", "requestChange"],
        ["leave", "3"],
        ["join", "9"],
        ["reason", "ill"],
      ]),
    ).toEqual({
      intent: "requestChange",
      leave: [3],
      join: [9],
      reason: "ill",
    });
  });
  it("refuses another intent and more ids than the page shows", () => {
    expect(read(teamCrewSchema, [["intent", "other"]])).toBeNull();
    expect(read(teamCrewSchema, many("member", 101))).toBeNull();
    expect(
      read(teamCrewSchema, [["intent", "requestChange"], ...many("leave", CHANGE_IDS_MAX + 1)]),
    ).toBeNull();
  });
});

describe("members' Approve and the crew tag checkout", () => {
  it("reads the ticked ids (none is an empty list) and the declaration", () => {
    expect(
      read(membersApproveSchema, [
        ["intent", "approve"],
        ["ids", "5"],
      ]),
    ).toEqual({ intent: "approve", ids: [5] });
    expect(read(membersApproveSchema, [["intent", "approve"]])).toEqual({ intent: "approve", ids: [] });
    expect(
      read(membersCheckoutSchema, [
        ["ids", "5"],
        ["declaration", "yes"],
      ]),
    ).toEqual({ ids: [5], declaration: "yes" });
  });
  it("refuses another intent, a bad id and too many ids", () => {
    expect(
      read(membersApproveSchema, [
        ["intent", "reject"],
        ["ids", "5"],
      ]),
    ).toBeNull();
    expect(
      read(membersApproveSchema, [
        ["intent", "approve"],
        ["ids", "5x"],
      ]),
    ).toBeNull();
    expect(read(membersCheckoutSchema, many("ids", MAX_MEMBER_IDS + 1))).toBeNull();
  });
});
