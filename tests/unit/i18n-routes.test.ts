// Each route's strings (issue 30, scripts/i18n-routes.ts): the generated app/i18n/routes/*.ts match
// app/messages.ts and app/messages.ms.ts and what the routes' browser code uses; each route module
// imports its own; no browser module imports ~/messages (its every string would ride along) or reads
// the strings when it loads; and every computed access to a section (MSG[x]) has been reviewed. Fix: `npm run i18n:routes`.
import { describe, expect, it } from "vitest";
import { plan, problems } from "../../scripts/i18n-routes";

describe("each route's strings", () => {
  it("are generated, up to date and imported by their routes", { timeout: 120_000 }, async () => {
    const p = await plan();
    expect(problems(p)).toEqual([]);
    // the layout's and the root's strings are there, and a page without a browser module has none
    const outputs = new Map(p.routes.map((r) => [r.id, r.output]));
    expect(outputs.get("root")).toBe("root");
    expect(outputs.get("routes/_app")).toBe("_app");
    expect(outputs.get("routes/healthcheck")).toBe(null);
  });

  it("give a route the keys its browser code names, in both languages, less its parents'", {
    timeout: 120_000,
  }, async () => {
    const p = await plan();
    const text = (name: string) =>
      [...p.files].find(([path]) => path.endsWith(`/routes/${name}.ts`))?.[1] ?? "";
    const login = text("auth.login");
    const loginMs = text("auth.login.ms");
    expect(login).toContain('registerStrings("en"');
    expect(login).toContain('forgotPassword: "Forgot password?"');
    // the Malay twin is fetched only by a Malay page, before the route renders
    expect(login).not.toContain('registerStrings("ms"');
    expect(login).toContain('if (pageSpeaks("ms")) await import("./auth.login.ms");');
    expect(loginMs).toContain('registerStrings("ms"');
    expect(loginMs).toContain('forgotPassword: "Lupa kata laluan?"');
    // the root's own (the app's name) is not repeated below it
    expect(text("root")).toContain('appName: "Regatta"');
    expect(login).not.toContain("appName");
  });

  it("follow only what the browser build keeps: types are erased", { timeout: 120_000 }, async () => {
    const p = await plan();
    const text = (name: string) =>
      [...p.files].find(([path]) => path.endsWith(`/routes/${name}.ts`))?.[1] ?? "";
    // The layout reads its loader's data as `useRouteLoaderData<typeof loader>`: that keeps neither
    // the loader nor lib/access.ts, which only the loader imports (the route table's every page
    // title and nav label rode in the layout's strings before).
    const layout = text("_app");
    expect(layout).not.toContain("allUsers");
    expect(layout).not.toContain("trainingReservations");
    // A page's own title is in its own strings.
    expect(text("_app.users")).toContain('users: "All Users"');
    // A loader failure's sentence comes from the server (lib/failure-data.ts): none in the root's.
    expect(text("root")).not.toContain("gettingUsersError");
  });
});
