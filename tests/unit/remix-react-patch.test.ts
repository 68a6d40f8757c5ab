// The third patch of @remix-run/react (patches/, applied by patch-package on `npm install`; ADR
// 0022): the server's render makes its route objects and writes its partial manifest once per page
// (per routes object the entry passes: entry.server.tsx withRoutesOfThisPage), not on every
// request. This fails when the patch is not applied, and checks that what is kept is what Remix
// would make: the same routes, and each page's own manifest even when a routes object is reused.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type Routes = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; module: string }
>;
type Manifest = {
  version: string;
  url: string;
  entry: { module: string; imports: string[] };
  routes: Routes;
};
type Router = {
  state: { location: { pathname: string }; matches: { route: { id: string } }[] };
  routes: unknown[];
  basename: string;
};
const server = require("@remix-run/react/dist/server.js") as {
  UNSAFE_keptServerRoutes?: (r: Routes, m: object, f: object, spa: boolean) => unknown[];
};
const components = require("@remix-run/react/dist/components.js") as {
  UNSAFE_partialManifestJson?: (m: Manifest, r: Router) => string;
};
const remixRoutes = require("@remix-run/react/dist/routes.js") as {
  createServerRoutes: (r: Routes, m: object, f: object, spa: boolean) => unknown[];
};
const fogOfWar = require("@remix-run/react/dist/fog-of-war.js") as {
  getPartialManifest: (m: Manifest, r: Router) => unknown;
};

const Page = () => null;
const modules = {
  root: { default: Page },
  users: { default: Page },
  user: { default: Page },
  home: { default: Page },
};
const routes: Routes = {
  root: { id: "root", path: "", module: "/build/root.js" },
  home: { id: "home", parentId: "root", index: true, module: "/build/home.js" },
  users: { id: "users", parentId: "root", path: "users", module: "/build/users.js" },
  user: { id: "user", parentId: "users", path: ":id", module: "/build/user.js" },
};
const manifest: Manifest = {
  version: "v1",
  url: "/build/manifest.js",
  entry: { module: "/e.js", imports: [] },
  routes,
};
const routerAt = (pathname: string, ids: string[]): Router => ({
  state: { location: { pathname }, matches: ids.map((id) => ({ route: { id } })) },
  routes: remixRoutes.createServerRoutes(routes, modules, {}, false),
  basename: "/",
});

describe("the @remix-run/react server patch", () => {
  it("is applied to the modules Node loads", () => {
    expect(typeof server.UNSAFE_keptServerRoutes).toBe("function");
    expect(typeof components.UNSAFE_partialManifestJson).toBe("function");
  });

  it("makes a routes object's server routes once, as createServerRoutes makes them", () => {
    const kept = server.UNSAFE_keptServerRoutes;
    if (!kept) throw new Error("not patched");
    const first = kept(routes, modules, {}, false);
    expect(kept(routes, modules, {}, false)).toBe(first);
    expect(JSON.stringify(first)).toBe(
      JSON.stringify(remixRoutes.createServerRoutes(routes, modules, {}, false)),
    );
    // The server runtime makes a new routeModules object per request, with the same modules.
    expect(kept(routes, { ...modules }, {}, false)).toBe(first);
    // Another module (a new build in development) makes them again.
    expect(kept(routes, { ...modules, user: { default: () => null } }, {}, false)).not.toBe(first);
  });

  it("writes each page's partial manifest, also when one routes object serves two pages", () => {
    const json = components.UNSAFE_partialManifestJson;
    if (!json) throw new Error("not patched");
    for (let i = 0; i < 2; i++) {
      for (const [path, ids] of [
        ["/users/7", ["root", "users", "user"]],
        ["/users", ["root", "users"]],
        ["/", ["root", "home"]],
      ] as const) {
        const router = routerAt(path, [...ids]);
        expect(json(manifest, router)).toBe(
          JSON.stringify(fogOfWar.getPartialManifest(manifest, router), null, 2),
        );
      }
    }
    expect(JSON.parse(json(manifest, routerAt("/users/7", ["root", "users", "user"]))).routes).toHaveProperty(
      "user",
    );
    // A new build's manifest (another version) is written again.
    const next = { ...manifest, version: "v2" };
    expect(JSON.parse(json(next, routerAt("/users", ["root", "users"]))).version).toBe("v2");
  });
});
