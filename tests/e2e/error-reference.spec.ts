// The error page shows the request's id ("Error reference: …"), the same as the X-Request-Id
// header and the request's log line, which carries the route, status and the user's id
// (server/request-log.mjs, docs/operations.md). No route errors on purpose, so the error here is a
// 404 thrown by a loader into the sidebar layout's error boundary: the same ErrorMessage as a 500.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { loginAs } from "./login";

const LOG = path.resolve("tests/.tmp/e2e/app.log");

test("an error page shows the reference of its request, which the log line has", { tag: "@once" }, async ({
  page,
}) => {
  await loginAs(page, "ADMIN");
  const response = await page.goto("/eoi-events/999999999/edit?token=s3cr3t");
  expect(response?.status()).toBe(404);
  const id = response?.headers()["x-request-id"];
  expect(id).toMatch(/^[a-z0-9]{10}$/);
  await expect(page.getByRole("alert")).toContainText(`Error reference: ${id}`);

  const lineOf = () =>
    fs
      .readFileSync(LOG, "utf8")
      .split("\n")
      .find((l) => l.includes(`"id":"${id}"`) && l.includes('"msg":"request"'));
  await expect.poll(lineOf, { timeout: 5_000 }).toBeTruthy();
  const line = JSON.parse(lineOf() as string);
  expect(line).toMatchObject({
    method: "GET",
    route: "/eoi-events/:id/edit",
    path: "/eoi-events/999999999/edit",
    status: 404,
  });
  expect(typeof line.user).toBe("number");
  expect(lineOf()).not.toContain("s3cr3t");
});

test("the health check says whether this node is the primary", { tag: "@once" }, async ({ request }) => {
  const res = await request.get("/healthcheck");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", primary: true }); // no LiteFS here: the primary
});
