import { describe, expect, it } from "vitest";
import { canAccess, decide, navFor, ROUTES } from "./access";

describe("decide (spec section 2 guard)", () => {
  it("lets anyone through a public route", () => {
    expect(decide("public", null, "/scoreboard")).toEqual({ kind: "allow" });
    expect(decide("public", "ADMIN", "/scoreboard")).toEqual({ kind: "allow" });
  });
  it("sends a logged-in user away from logged-out-only routes, without a message", () => {
    expect(decide("guest", "MANAGER", "/auth/login")).toEqual({ kind: "home", message: null });
    expect(decide("guest", null, "/auth/login")).toEqual({ kind: "allow" });
  });
  it("sends an anonymous visitor to login, with the session message except on the root", () => {
    expect(decide("user", null, "/")).toEqual({ kind: "login", message: null });
    expect(decide("user", null, "/events")).toEqual({ kind: "login", message: "session" });
    expect(decide(["ADMIN"], null, "/rounds")).toEqual({ kind: "login", message: "session" });
  });
  it("sends a user of the wrong role home with the unauthorized message", () => {
    expect(decide(["ADMIN"], "COMMITTEE", "/rounds")).toEqual({ kind: "home", message: "unauthorized" });
    expect(decide(["ADMIN"], "ADMIN", "/rounds")).toEqual({ kind: "allow" });
    expect(decide("user", "COMPETITOR", "/events")).toEqual({ kind: "allow" });
  });
});

describe("route table", () => {
  it("keeps admin-only screens from committee", () => {
    for (const key of [
      "approvePhoto",
      "eoiEvents",
      "teamsManage",
      "payments",
      "rounds",
      "scanLog",
      "settings",
      "webhooks",
      "webhook",
    ] as const) {
      expect(canAccess(key, "ADMIN")).toBe(true);
      expect(canAccess(key, "COMMITTEE")).toBe(false);
    }
  });
  it("gives managers their screens and nobody else", () => {
    for (const key of ["tickets", "members", "help"] as const) {
      expect(canAccess(key, "MANAGER")).toBe(true);
      expect(canAccess(key, "ADMIN")).toBe(false);
      expect(canAccess(key, "COMPETITOR")).toBe(false);
    }
  });
  it("gives crew tags to managers (own club) and admins (any club), not to committee or competitors", () => {
    expect(canAccess("crewTags", "MANAGER")).toBe(true);
    expect(canAccess("associationCrewTags", "ADMIN")).toBe(true);
    expect(canAccess("associationCrewTags", "MANAGER")).toBe(true); // the route 404s other clubs
    for (const role of ["COMMITTEE", "COMPETITOR"] as const) {
      expect(canAccess("crewTags", role)).toBe(false);
      expect(canAccess("associationCrewTags", role)).toBe(false);
    }
    expect(canAccess("crewTags", "ADMIN")).toBe(false); // staff have no club of their own
  });
  it("has unique paths", () => {
    const paths = Object.values(ROUTES).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe("navFor", () => {
  const labels = (role: Parameters<typeof navFor>[0]) =>
    navFor(role).flatMap((g) => g.items.map((i) => i.label));
  it("shows ADMIN every staff item", () => {
    expect(labels("ADMIN")).toContain("Pending Approval");
    expect(labels("ADMIN")).toContain("Payment Logs");
    expect(navFor("ADMIN").map((g) => g.label)).toEqual([
      "User",
      "EOI",
      "Event",
      "Team",
      "Training",
      "Order",
      "Scoreboard",
      "Audit",
      "Edition",
      "Settings",
    ]);
    expect(labels("ADMIN")).toContain("Audit Log");
    expect(navFor("ADMIN").at(-1)).toEqual({
      label: "Settings",
      items: [
        { label: "Settings", to: "/settings" },
        { label: "Webhooks", to: "/webhooks" },
      ],
    });
  });
  it("hides from COMMITTEE the items whose routes would refuse them", () => {
    const items = labels("COMMITTEE");
    for (const hidden of [
      "Pending Approval",
      "All EOI Events",
      "All Rounds",
      "All Scans",
      "Manage Event Teams",
      "All Orders",
      "Payment Logs",
      "Audit Log",
      "Editions",
      "Settings",
    ]) {
      expect(items).not.toContain(hidden);
    }
    expect(navFor("COMMITTEE").map((g) => g.label)).not.toContain("Order");
  });
  it("gives MANAGER Events, the spec's four items and EOI and Training Booking, and COMPETITOR only Events", () => {
    expect(labels("MANAGER")).toEqual([
      "Events",
      "My Races",
      "Dinner Ticket Purchase",
      "Members",
      "Orders",
      "Expression of Interest",
      "Training Booking",
      "Help Center",
    ]);
    expect(navFor("COMPETITOR")).toEqual([
      {
        label: "",
        items: [
          { label: "Events", to: "/events" },
          { label: "My Races", to: "/my-races" },
        ],
      },
    ]);
  });
  it("keeps /settings to ADMIN", () => {
    expect(canAccess("settings", "ADMIN")).toBe(true);
    for (const role of ["COMMITTEE", "MANAGER", "COMPETITOR"] as const)
      expect(canAccess("settings", role)).toBe(false);
    expect(canAccess("settings", null)).toBe(false);
  });
});
