// The wrapper every loader and action runs in (services/failures.server.ts): what it answers for an
// unexpected failure, what it leaves alone, where it sends the user back to, and its test hook.
import type { ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFailures, backPath, testFailure } from "./failures.server";
import { takeToasts } from "~/lib/toast.server";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";

type Fn = (args: { request: Request; params: object; context: object }) => unknown;

function buildOf(routes: Record<string, { loader?: Fn; action?: Fn; page?: boolean }>): ServerBuild {
  const out: Record<string, unknown> = {};
  for (const [id, r] of Object.entries(routes)) {
    out[id] = {
      id,
      path: id,
      module: {
        ...(r.page === false ? {} : { default: () => null }),
        ...(r.loader ? { loader: r.loader } : {}),
        ...(r.action ? { action: r.action } : {}),
      },
    };
  }
  return { routes: out } as unknown as ServerBuild;
}

const boom: Fn = () => {
  throw new Error("SQLITE_BUSY: database is locked");
};
const ok: Fn = () => "ran";

function call(build: ServerBuild, id: string, kind: "loader" | "action", request: Request) {
  const fn = build.routes[id]?.module[kind] as unknown as Fn;
  return fn({ request, params: {}, context: { requestId: "req0000001" } });
}

/** The thrown or returned value of a call, whichever it was. */
async function outcome(p: unknown): Promise<unknown> {
  try {
    return await p;
  } catch (e) {
    return e;
  }
}

async function toastsOf(res: Response) {
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await takeToasts(new Request("http://x/", { headers: { Cookie: cookie } }))).toasts;
}

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

afterEach(() => vi.restoreAllMocks());

describe("answerFailures", () => {
  it("an action that throws: a redirect back to the page of the form, with the spec's sentence as a toast, logged with the request id", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const build = answerFailures(buildOf({ "routes/_app.members": { action: boom } }));
    const res = (await call(
      build,
      "routes/_app.members",
      "action",
      post("http://app.test/members?index&tab=pending", "intent=approve", {
        Referer: "http://app.test/members?tab=pending",
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/members?tab=pending");
    expect(await toastsOf(res)).toEqual([
      { type: "error", message: "An error occured when approving. Please try again." },
    ]);
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0][0])).toContain('"id":"req0000001"');
    expect(String(log.mock.calls[0][0])).toContain("SQLITE_BUSY");
  });

  it("without a Referer (or with another site's, or a path a browser reads as another host): the form's own page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const build = answerFailures(buildOf({ "routes/_app.events.new": { action: boom } }));
    for (const referer of [
      undefined,
      "https://evil.test/x",
      "http://app.test//evil.test/x",
      "javascript:alert(1)",
    ]) {
      const res = (await call(
        build,
        "routes/_app.events.new",
        "action",
        post("http://app.test/events/new?_data=routes%2F_app.events.new", "name=x", {
          ...(referer ? { Referer: referer } : {}),
        }),
      )) as Response;
      expect(res.headers.get("Location"), String(referer)).toBe("/events/new");
    }
    // A resource route's action (no page of its own): home.
    const resource = answerFailures(buildOf({ "routes/auth.logout": { action: boom, page: false } }));
    const res = (await call(
      resource,
      "routes/auth.logout",
      "action",
      post("http://app.test/auth/logout", ""),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastsOf(res)).toEqual([
      { type: "error", message: "An error occured when logging out. Please try again." },
    ]);
  });

  it("the form's intent picks the sentence (read from a copy: the action had consumed the body)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reads: Fn = async ({ request }) => {
      await request.formData();
      throw new Error("bug");
    };
    const build = answerFailures(buildOf({ "routes/auth.reset": { action: reads } }));
    const reset = (await call(
      build,
      "routes/auth.reset",
      "action",
      post("http://app.test/auth/reset", "intent=reset"),
    )) as Response;
    expect((await toastsOf(reset))[0].message).toBe(
      "An error occured when resetting password. Please try again.",
    );
    const forgot = (await call(
      build,
      "routes/auth.reset",
      "action",
      post("http://app.test/auth/reset", "email=a"),
    )) as Response;
    expect((await toastsOf(forgot))[0].message).toBe(
      "An error occured when verifying account. Please try again.",
    );
  });

  it("a JSON endpoint (the kiosk's queued save): 500 with the sentence, in the page's language", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const build = answerFailures(buildOf({ "routes/scanning.entrance.save": { action: boom, page: false } }));
    const res = (await call(
      build,
      "routes/scanning.entrance.save",
      "action",
      post("http://app.test/scanning/entrance/save", "h=%231", { Cookie: "lang=ms" }),
    )) as Response;
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Ralat berlaku semasa menyimpan sejarah. Sila cuba lagi." });
  });

  it("a screen's loader that throws: a 500 with the sentence, in the page's language, for the layout's boundary, with the way back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const build = answerFailures(
      buildOf({ "routes/_app.users": { loader: boom }, unknown: { loader: boom } }),
    );
    const thrown = (await outcome(
      call(
        build,
        "routes/_app.users",
        "loader",
        new Request("http://app.test/users", { headers: { Referer: "http://app.test/" } }),
      ),
    )) as Response;
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toEqual({ failure: EN.MSG.gettingUsersError, back: "/" });
    const other = (await outcome(
      call(build, "unknown", "loader", new Request("http://app.test/x")),
    )) as Response;
    expect(await other.json()).toEqual({ failure: EN.MSG.errorBody, back: null });
    // In Malay, in Malay; Home's sentence depends on who looks, so both come.
    const home = (await outcome(
      call(
        answerFailures(buildOf({ "routes/_app._home": { loader: boom } })),
        "routes/_app._home",
        "loader",
        new Request("http://app.test/", { headers: { Cookie: "lang=ms" } }),
      ),
    )) as Response;
    expect(await home.json()).toEqual({
      failure: { staff: MS.MSG.statisticsError, other: MS.MSG.userDetailsError },
      back: null,
    });
  });

  it("a download's loader that throws: back to the page of the link with the toast; an unmapped resource: a bare 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const build = answerFailures(
      buildOf({
        "routes/users[.]csv": { loader: boom, page: false },
        "routes/uploads.$file": { loader: boom, page: false },
      }),
    );
    const csv = (await outcome(
      call(
        build,
        "routes/users[.]csv",
        "loader",
        new Request("http://app.test/users.csv", {
          headers: { Referer: "http://app.test/users?role=MANAGER" },
        }),
      ),
    )) as Response;
    expect(csv.status).toBe(302);
    expect(csv.headers.get("Location")).toBe("/users?role=MANAGER");
    expect((await toastsOf(csv))[0].message).toBe("An error occured when getting users. Please try again.");
    // Never back to itself.
    const self = (await outcome(
      call(
        build,
        "routes/users[.]csv",
        "loader",
        new Request("http://app.test/users.csv", { headers: { Referer: "http://app.test/users.csv" } }),
      ),
    )) as Response;
    expect(self.headers.get("Location")).toBe("/");
    const photo = (await outcome(
      call(build, "routes/uploads.$file", "loader", new Request("http://app.test/uploads/x.jpg")),
    )) as Response;
    expect(photo.status).toBe(500);
    expect(photo.headers.get("Location")).toBeNull();
  });

  it("expected answers pass untouched: a returned value, a thrown redirect, 404, 403, 400", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const status of [302, 400, 403, 404, 429]) {
      const thrown = new Response(null, {
        status,
        headers: status === 302 ? { Location: "/auth/login" } : {},
      });
      const build = answerFailures(
        buildOf({
          r: {
            loader: () => {
              throw thrown;
            },
            action: () => {
              throw thrown;
            },
          },
        }),
      );
      expect(await outcome(call(build, "r", "loader", new Request("http://app.test/r")))).toBe(thrown);
      expect(await outcome(call(build, "r", "action", post("http://app.test/r", "")))).toBe(thrown);
    }
    const build = answerFailures(buildOf({ r: { loader: ok, action: ok } }));
    expect(await call(build, "r", "loader", new Request("http://app.test/r"))).toBe("ran");
    expect(log).not.toHaveBeenCalled();
  });

  it("a request the client abandoned is not answered (nor logged as ours)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    const error = new Error("aborted");
    const build = answerFailures(
      buildOf({
        "routes/_app.users": {
          loader: () => {
            throw error;
          },
        },
      }),
    );
    const request = new Request("http://app.test/users", { signal: controller.signal });
    expect(await outcome(call(build, "routes/_app.users", "loader", request))).toBe(error);
    expect(log).not.toHaveBeenCalled();
  });
});

describe("the test hook (X-Test-Fail)", () => {
  const failing = (value: string) =>
    new Request("http://app.test/users", { headers: { "X-Test-Fail": value } });

  it("is ignored without the server's flag: the route runs", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const build = answerFailures(buildOf({ "routes/_app.users": { loader: ok, action: ok } }));
    expect(await call(build, "routes/_app.users", "loader", failing("loader:routes/_app.users"))).toBe("ran");
    const unflagged = answerFailures(buildOf({ "routes/_app.users": { loader: ok } }), {
      failHeader: "",
    });
    expect(await call(unflagged, "routes/_app.users", "loader", failing("loader:routes/_app.users"))).toBe(
      "ran",
    );
    expect(log).not.toHaveBeenCalled();
  });

  it("with the flag, fails only the named route and kind, before the route runs", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const loader = vi.fn(ok);
    const build = answerFailures(buildOf({ "routes/_app.users": { loader } }), {
      failHeader: "X-Test-Fail",
    });
    const thrown = (await outcome(
      call(build, "routes/_app.users", "loader", failing("loader:routes/_app.users")),
    )) as Response;
    expect(thrown.status).toBe(500);
    expect(loader).not.toHaveBeenCalled();
    expect(await call(build, "routes/_app.users", "loader", failing("action:routes/_app.users"))).toBe("ran");
    expect(await call(build, "routes/_app.users", "loader", failing("loader:routes/_app.users.new"))).toBe(
      "ran",
    );
  });

  it("reads a comma-separated list of kind:route", () => {
    expect(testFailure("loader:a, action:b", "action", "b")).toBe(true);
    expect(testFailure("loader:a", "action", "a")).toBe(false);
    expect(testFailure(null, "loader", "a")).toBe(false);
  });
});

describe("backPath", () => {
  const req = (referer?: string) =>
    new Request("http://app.test/x", { headers: referer ? { Referer: referer } : {} });
  it("is a path of our own origin only", () => {
    expect(backPath(req("http://app.test/members?tab=fee"))).toBe("/members?tab=fee");
    expect(backPath(req("https://app.test/members"))).toBe("/members"); // behind a TLS proxy
    expect(backPath(req())).toBeNull();
    expect(backPath(req("http://evil.test/members"))).toBeNull();
    expect(backPath(req("http://app.test//evil.test/"))).toBeNull();
    expect(backPath(req("http://app.test/a\\b"))).toBe("/a/b"); // URL turns the backslash into /
    expect(backPath(req("not a url"))).toBeNull();
  });
});
