import { describe, expect, it } from "vitest";
import { isActivePath } from "./NavAnchor";

describe("isActivePath (the sidebar's active item, as NavLink decides it)", () => {
  it("marks the page itself and the pages under it", () => {
    expect(isActivePath("/users", "/users")).toBe(true);
    expect(isActivePath("/users/", "/users")).toBe(true);
    expect(isActivePath("/users/approve-photo/14", "/users/approve-photo")).toBe(true);
    expect(isActivePath("/users/approve-photo", "/users")).toBe(true);
  });
  it("does not mark a sibling that shares a prefix", () => {
    expect(isActivePath("/users-old", "/users")).toBe(false);
    expect(isActivePath("/eoi-events", "/eoi")).toBe(false);
  });
  it("marks Home only on the home page (end)", () => {
    expect(isActivePath("/", "/", true)).toBe(true);
    expect(isActivePath("/users", "/", true)).toBe(false);
    expect(isActivePath("/users", "/")).toBe(false);
  });
  it("with end, not the pages under it", () => {
    expect(isActivePath("/orders/5", "/orders", true)).toBe(false);
    expect(isActivePath("/orders", "/orders", true)).toBe(true);
  });
});
