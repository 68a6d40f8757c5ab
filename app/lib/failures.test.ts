// The table of unexpected failures' sentences (lib/failures.ts) against the spec (section 8) and the
// route files themselves.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionFailure, FAILURES, FALLBACK, type FailureKey, failureKeyFor, loaderFailure } from "./failures";
import { MSG } from "~/messages";

const ROUTES_DIR = path.resolve(__dirname, "../routes");
// A route is a file (`_app.users.tsx`) or a folder with its route.tsx (`scanning.entrance/route.tsx`).
const files = fs.readdirSync(ROUTES_DIR).flatMap((f) => {
  if (/\.tsx?$/.test(f)) return f.includes(".test.") ? [] : [f];
  const folder = ["route.tsx", "route.ts"].find((r) => fs.existsSync(path.join(ROUTES_DIR, f, r)));
  return folder ? [`${f}/${folder}`] : [];
});
const idOf = (file: string) => `routes/${file.replace(/(\/route)?\.tsx?$/, "")}`;
const sourceOf = new Map(files.map((f) => [idOf(f), fs.readFileSync(path.join(ROUTES_DIR, f), "utf8")]));
const exportsLoader = (src: string) => /export (async )?function loader|export const loader/.test(src);
const exportsAction = (src: string) => /export (async )?function action|export const action/.test(src);

/** Every sentence key an entry can give. */
function keysOf(id: string): FailureKey[] {
  const f = FAILURES[id];
  const keys: FailureKey[] = [];
  if (typeof f.loader === "string") keys.push(f.loader);
  else if (f.loader) keys.push(f.loader.staff, f.loader.other);
  if (typeof f.action === "string") keys.push(f.action);
  else if (f.action) keys.push(...Object.values(f.action));
  return keys;
}
const allSentences = () => new Set(Object.keys(FAILURES).flatMap((id) => keysOf(id).map((k) => MSG[k])));

describe("the failure table", () => {
  it("names only routes that exist, and a loader or action only where the route has one", () => {
    for (const [id, failure] of Object.entries(FAILURES)) {
      const src = sourceOf.get(id);
      expect(src, id).toBeDefined();
      if (failure.loader) expect(exportsLoader(src as string), `${id} loader`).toBe(true);
      if (failure.action) expect(exportsAction(src as string), `${id} action`).toBe(true);
    }
  });

  it("gives a spec sentence ('An error occured when ... Please try again.') everywhere", () => {
    for (const id of Object.keys(FAILURES)) {
      for (const key of keysOf(id)) {
        expect(MSG[key], `${id}: ${key}`).toMatch(
          /^An error occured when [a-z ]+\. (Please try again\.|Do contact)/,
        );
      }
    }
  });

  it("uses every sentence of the spec's catalogue (section 8) that a screen can fail with", () => {
    const doing = [
      // the generic list
      "getting associations",
      "getting members",
      "getting payment logs",
      "getting orders",
      "getting events",
      "getting rounds",
      "getting races",
      "getting event teams",
      "getting users",
      "getting scan logs",
      "getting scoreboard rounds",
      "getting sessions",
      "getting reservations",
      "creating",
      "updating",
      "deleting",
      "approving",
      "saving history",
      "getting calculating ticket order",
      "creating order",
      "logging out",
      // the named ones
      "getting user details",
      "getting statistics",
      "updating photo",
      "changing password",
      "getting teams",
      "creating user",
      "logging in",
      "verifying account",
      "resetting password",
      "getting team info",
      "downloading invoice",
      "downloading receipt",
    ];
    const used = allSentences();
    for (const d of doing) expect(used, d).toContain(`An error occured when ${d}. Please try again.`);
    expect(used).toContain(MSG.paymentReturnError);
  });

  it("covers every screen of the sidebar layout that loads or changes something (or says why not)", () => {
    // Screens whose failure says the generic sentence: beyond the spec, nothing it names fits.
    const generic = new Set([
      "routes/_app.audit-log",
      "routes/_app.help",
      "routes/_app.tickets.purchase",
      "routes/_app.settings", // its loader; its Save says 'updating'
      "routes/_app.settings.void-crew-tags", // its loader; its Void says 'updating'
      "routes/_app.kiosks", // kiosk devices, beyond the spec
      "routes/_app.kiosks.$id.revoke", // its loader; its Revoke says 'updating'
      "routes/_app.editions", // editions (issue 21), beyond the spec
      "routes/_app.editions.new", // its loader; its Create says 'creating'
      "routes/_app.editions.$id.open", // its loader; its Open says 'updating'
      "routes/_app.webhooks", // webhooks (issue 29), beyond the spec
      "routes/_app.webhooks.new", // its loader; its Add says 'creating'
      "routes/_app.webhooks_.$id", // its loader; Enable, Disable and Resend say 'updating'
      "routes/_app.webhooks_.$id.delete", // its loader; its Delete says 'deleting'
    ]);
    for (const [id, src] of sourceOf) {
      if (!id.startsWith("routes/_app.") || generic.has(id)) continue;
      if (exportsLoader(src)) expect(FAILURES[id]?.loader, `${id} loader`).toBeDefined();
      if (exportsAction(src)) expect(FAILURES[id]?.action, `${id} action`).toBeDefined();
    }
  });

  it("the spec's examples: users, statistics, approving, logging out, saving history", () => {
    expect(MSG[failureKeyFor(loaderFailure("routes/_app.users"), "ADMIN")]).toBe(
      "An error occured when getting users. Please try again.",
    );
    expect(MSG[failureKeyFor(loaderFailure("routes/_app._home"), "COMMITTEE")]).toBe(
      "An error occured when getting statistics. Please try again.",
    );
    expect(MSG[failureKeyFor(loaderFailure("routes/_app._home"), "MANAGER")]).toBe(
      "An error occured when getting user details. Please try again.",
    );
    expect(MSG[actionFailure("routes/_app.members", "approve")]).toBe(
      "An error occured when approving. Please try again.",
    );
    expect(MSG[actionFailure("routes/auth.logout", null)]).toBe(
      "An error occured when logging out. Please try again.",
    );
    expect(MSG[actionFailure("routes/scanning.entrance", "save")]).toBe(
      "An error occured when saving history. Please try again.",
    );
    expect(MSG[actionFailure("routes/scanning.entrance.save", null)]).toBe(
      "An error occured when saving history. Please try again.",
    );
  });

  it("an intent picks its sentence; an unknown route or intent falls back to the generic one", () => {
    expect(actionFailure("routes/_app.orders.$id.edit", "note")).toBe("creatingError");
    expect(actionFailure("routes/_app.orders.$id.edit", "status")).toBe("updatingError");
    expect(actionFailure("routes/auth.reset", "reset")).toBe("resetError");
    expect(actionFailure("routes/auth.reset", null)).toBe("forgotError");
    expect(actionFailure("routes/scanning.entrance", "scan")).toBe(FALLBACK);
    expect(actionFailure("routes/nowhere", "save")).toBe(FALLBACK);
    expect(loaderFailure("routes/nowhere")).toBe(FALLBACK);
    expect(loaderFailure("root")).toBe(FALLBACK);
    expect(MSG[FALLBACK]).toBe("Something went wrong. Please try again.");
  });
});
