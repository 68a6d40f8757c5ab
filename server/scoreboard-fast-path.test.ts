import { describe, expect, it } from "vitest";
import { scoreboardFastPath } from "./scoreboard-fast-path.mjs";

function setup() {
  const calls: string[] = [];
  const errors: unknown[] = [];
  const fast = scoreboardFastPath({
    page: () => calls.push("page"),
    events: (req) => {
      if (req.url?.includes("boom")) throw new Error("boom");
      calls.push("events");
    },
    headers: [["Content-Security-Policy", "script-src 'self'"]],
    carriesToken: (url) => /token=/.test(url),
    onError: (error) => errors.push(error),
  });
  const run = (method: string, url: string) => {
    const set: Record<string, string> = {};
    const res = { setHeader: (n: string, v: string) => (set[n] = v) };
    // biome-ignore lint/suspicious/noExplicitAny: minimal stand-ins for Node's request and response
    const taken = fast({ method, url } as any, res as any);
    return { taken, set };
  };
  return { calls, errors, run };
}

describe("scoreboardFastPath", () => {
  it("answers GET and HEAD of the page and the stream, any query, with the given headers", () => {
    const { calls, run } = setup();
    expect(run("GET", "/scoreboard")).toEqual({
      taken: true,
      set: { "Content-Security-Policy": "script-src 'self'" },
    });
    expect(run("HEAD", "/scoreboard?x=1").taken).toBe(true);
    expect(run("GET", "/scoreboard/events?v=abc").taken).toBe(true);
    expect(calls).toEqual(["page", "page", "events"]);
  });

  it("leaves everything else to express", () => {
    const { calls, run } = setup();
    for (const [method, url] of [
      ["POST", "/scoreboard"],
      ["GET", "/scoreboard-manage"],
      ["GET", "/scoreboard/"],
      ["GET", "/scoreboard/events/x"],
      ["GET", "/scoreboardx"],
      ["GET", "http://evil/scoreboard"],
      ["GET", "/Scoreboard"],
      ["GET", "/scoreboard?token=abc"], // the token-page headers are express's
    ]) {
      expect(run(method, url), `${method} ${url}`).toEqual({ taken: false, set: {} });
    }
    expect(calls).toEqual([]);
  });

  it("hands a handler's error to onError", () => {
    const { errors, run } = setup();
    expect(run("GET", "/scoreboard/events?boom").taken).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
