import http from "node:http";
import type { AddressInfo } from "node:net";
import { Response as RemixResponse } from "@remix-run/web-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDocumentRequest, sendRemixResponse, toRemixRequest } from "./remix-adapter.mjs";

// A real Node server around the two halves of the adapter: each test says what to answer.
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;
let base = "";
const server = http.createServer((req, res) => {
  Promise.resolve(answer(req, res)).catch((error) => {
    res.statusCode = 599;
    res.end(String(error));
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What toRemixRequest made of the request, as JSON. */
function echoRequest(trustedHeader: string | null) {
  answer = async (req, res) => {
    const request = toRemixRequest(req, undefined, new AbortController().signal, trustedHeader);
    res.end(
      JSON.stringify(request && { url: request.url, headers: Object.fromEntries(request.headers.entries()) }),
    );
  };
}

describe("toRemixRequest", () => {
  it("drops an incoming client-address header and sets the TCP peer when no proxy is trusted", async () => {
    echoRequest(null);
    const res = await fetch(`${base}/a?b=1`, {
      headers: {
        "X-Regatta-Client-Address": "6.6.6.6",
        "X-Forwarded-For": "7.7.7.7",
        "Fly-Client-IP": "8.8.8.8",
      },
    });
    const seen = await res.json();
    expect(seen.url).toBe(`${base}/a?b=1`);
    expect(seen.headers["x-regatta-client-address"]).toBe("127.0.0.1");
    expect(seen.headers["x-forwarded-for"]).toBe("7.7.7.7"); // passed on, never used for the address
  });

  it("takes the address from the trusted header when it is present", async () => {
    echoRequest("fly-client-ip");
    const res = await fetch(base, {
      headers: { "X-Regatta-Client-Address": "6.6.6.6", "Fly-Client-IP": " 203.0.113.9 " },
    });
    expect((await res.json()).headers["x-regatta-client-address"]).toBe("203.0.113.9");
    const without = await fetch(base, { headers: { "X-Regatta-Client-Address": "6.6.6.6" } });
    expect((await without.json()).headers["x-regatta-client-address"]).toBe("127.0.0.1");
  });

  it("refuses what cannot be a URL of this site", async () => {
    echoRequest(null);
    const raw = (target: string, host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = http.request(`${base}${target.startsWith("/") ? target : "/"}`, {
          headers: { Host: host },
        });
        if (!target.startsWith("/")) req.path = target;
        req.on("response", (res) => {
          let body = "";
          res.on("data", (c) => {
            body += c;
          });
          res.on("end", () => resolve(body));
        });
        req.on("error", reject);
        req.end();
      });
    expect(await raw("http://evil.example/", "x")).toBe("null");
    expect(await raw("/", "evil.example/path?")).toBe("null");
    expect(await raw("/", "evil.example@x")).toBe("null");
    expect(JSON.parse(await raw("//evil.example/x", "regatta.example:8080")).url).toBe(
      "http://regatta.example:8080//evil.example/x",
    );
  });
});

describe("sendRemixResponse", () => {
  const headerList: [string, string][] = [
    ["Set-Cookie", "a=1; Path=/"],
    ["Set-Cookie", "b=2, with comma; Path=/"],
    ["Referrer-Policy", "unsafe-url"],
    ["Content-Type", "text/plain"],
  ];
  // Node's own Fetch classes, and the ones installGlobals() puts in their place.
  const makers: [string, () => Response][] = [
    ["native", () => new Response("body", { status: 201, headers: headerList })],
    [
      "@remix-run/web-fetch",
      () =>
        new RemixResponse("body", {
          status: 201,
          headers: headerList,
        }) as unknown as Response,
    ],
  ];
  for (const [name, make] of makers) {
    it(`sends every Set-Cookie separately and keeps the headers already set (${name} Headers)`, async () => {
      answer = async (_req, res) => {
        res.setHeader("Referrer-Policy", "no-referrer");
        await sendRemixResponse(res, make());
      };
      const res = await fetch(base);
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2, with comma; Path=/"]);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("content-type")).toBe("text/plain");
      expect(await res.text()).toBe("body");
    });
  }
});

describe("isDocumentRequest", () => {
  it("tells a page from Remix's data requests", () => {
    expect(isDocumentRequest("/race-control")).toBe(true);
    expect(isDocumentRequest("/race-control?day=2026-11-30&lanes=3")).toBe(true);
    expect(isDocumentRequest("/race-control?_data=routes%2F_app.race-control")).toBe(false);
    expect(isDocumentRequest("/race-control?day=x&_data=routes%2F_app.race-control")).toBe(false);
    expect(isDocumentRequest("/search?q=_data")).toBe(true);
  });
});
