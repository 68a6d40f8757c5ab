// The Editions screens (issue 21, ed-screens), called as routes (route-request.ts) on a real SQLite
// file: only ADMIN creates and opens editions (COMMITTEE and MANAGER change nothing); New Edition's
// refusals (a year taken, an edition to copy that is gone); Open refuses a forged id and a
// non-draft; the opening email reaches the managers of the clubs that took part in the previous
// edition, and only them, each in their language, through a real SMTP server, and a dead mail
// server never fails the Open; the picker sets and clears the edition cookie, refuses an unknown
// id and sends nobody off-site; the layout tells only staff which edition they look at.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { mailSenderIdle, resetMailerForTests } from "~/services/mailer.server";
import { EN } from "~/messages";
import { MS } from "~/messages.ms";
import { createEdition, currentEdition, getEdition, listEditions } from "~/models/edition.server";
import { loader as appLoader } from "~/routes/_app";
import { action as openAction, loader as openLoader } from "~/routes/_app.editions.$id.open";
import { loader as listLoader } from "~/routes/_app.editions/route";
import { action as newAction } from "~/routes/_app.editions.new";
import { loader as csvLoader } from "~/routes/editions[.]csv";
import { action as viewAction } from "~/routes/editions.view";
import { openEditionAndInvite } from "~/services/editions.server";
import {
  type Caller,
  callerOf,
  getRequest,
  type Made,
  makeClub,
  makeUser,
  ORIGIN,
  postRequest,
  run,
  writes,
} from "./route-request";

const actor = () => ({ id: admin.id, name: "Admin", email: admin.email });
const sql = () => db().$client;
const insert = (q: string, ...args: unknown[]) =>
  Number(
    sql()
      .prepare(q)
      .run(...args).lastInsertRowid,
  );
const UNAUTHORIZED = "Unauthorized. Redirect to homepage.";

let server: SMTPServer;
let smtpUrl: string;
const received: { to: string[]; mail: ParsedMail }[] = [];

let admin: Made;
let committee: Made;
let manager: Made;
const callers = {} as Record<"admin" | "committee" | "manager", Caller>;
let year = 2040;

/** A draft edition copied from the open one. */
function draft(): { id: number; name: string } {
  const y = ++year;
  const made = createEdition(actor(), {
    fromId: currentEdition().id,
    name: `Regatta ${y}`,
    year: y,
    startsOn: `${y}-06-01`,
    endsOn: `${y}-06-02`,
  });
  if (!made.ok) throw new Error(made.code);
  return { id: made.id, name: `Regatta ${y}` };
}

/** A verified manager of `club` speaking `locale`. */
function managerOf(club: number, locale: "en" | "ms", verified = 1) {
  const email = `mgr-${club}-${locale}-${verified}-${process.pid}@example.test`;
  insert(
    `INSERT INTO users (email, hash, name, role, verified, approved, association_id, locale)
     VALUES (?, 'x', ?, 'MANAGER', ?, 1, ?, ?)`,
    email,
    `MGR ${club} ${locale}`,
    verified,
    club,
    locale,
  );
  return email;
}

/** Clubs that take part in the open edition: A with an event team, B with an order; C does not. */
function participants() {
  const open = currentEdition();
  const [a, b, c] = [makeClub(), makeClub(), makeClub()];
  const event = insert("INSERT INTO events (name, edition_id) VALUES (?, ?)", `250M ${a.name}`, open.id);
  insert("INSERT INTO teams (name, association_id, event_id) VALUES ('A1', ?, ?)", a.id, event);
  const emails = {
    aEn: managerOf(a.id, "en"),
    aMs: managerOf(a.id, "ms"),
    aUnverified: managerOf(a.id, "en", 0),
    bMs: managerOf(b.id, "ms"),
    cEn: managerOf(c.id, "en"),
  };
  const owner = sql().prepare("SELECT id FROM users WHERE email = ?").get(emails.bMs) as { id: number };
  insert(
    "INSERT INTO orders (owner_id, status, token, edition_id) VALUES (?, 'PAID', ?, ?)",
    owner.id,
    `tok-${Date.now()}-${year}`,
    open.id,
  );
  return { open, emails };
}

const editionsCount = () => (sql().prepare("SELECT count(*) AS n FROM editions").get() as { n: number }).n;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  admin = makeUser("ADMIN");
  committee = makeUser("COMMITTEE");
  manager = makeUser("MANAGER");
  callers.admin = await callerOf(admin);
  callers.committee = await callerOf(committee);
  callers.manager = await callerOf(manager);
});

afterAll(async () => {
  resetMailerForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const newFields = (over: Record<string, string> = {}) => ({
  name: "Regatta 2030",
  year: "2030",
  startsOn: "2030-06-01",
  endsOn: "2030-06-02",
  fromId: String(currentEdition().id),
  ...over,
});

describe("who may create and open editions", () => {
  it("COMMITTEE and MANAGER are sent home from the screen, New Edition and Open, changing nothing", async () => {
    const target = draft();
    for (const who of ["committee", "manager"] as const) {
      const before = writes();
      for (const [handler, request, params] of [
        [listLoader, getRequest(callers[who], "/editions"), {}],
        [csvLoader, getRequest(callers[who], "/editions.csv"), {}],
        [newAction, postRequest(callers[who], "/editions/new", newFields()), {}],
        [openAction, postRequest(callers[who], `/editions/${target.id}/open`), { id: String(target.id) }],
      ] as const) {
        const outcome = await run(handler, request, params);
        expect(outcome, who).toMatchObject({ status: 302, location: "/", toasts: [UNAUTHORIZED] });
      }
      expect(writes(), who).toBe(before);
    }
    expect(getEdition(target.id)?.state).toBe("DRAFT");
  });
});

describe("New Edition", () => {
  it("creates a draft copied from the chosen edition, with a toast", async () => {
    const before = editionsCount();
    const outcome = await run(newAction, postRequest(callers.admin, "/editions/new", newFields()));
    expect(outcome).toMatchObject({ status: 302, location: "/editions" });
    expect(outcome.toasts).toEqual([EN.MSG.edScCreated("Regatta 2030")]);
    expect(editionsCount()).toBe(before + 1);
    expect(listEditions().find((e) => e.year === 2030)).toMatchObject({
      name: "Regatta 2030",
      state: "DRAFT",
    });
  });

  it("refuses a year another edition has, a forged edition to copy, and bad fields, changing nothing", async () => {
    const before = writes();
    const taken = await newAction({
      request: postRequest(callers.admin, "/editions/new", newFields({ name: "Again" })),
      params: {},
      context: {},
    });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(await taken.json())).toContain(EN.MSG.edScYearTaken(2030));
    const gone = await newAction({
      request: postRequest(callers.admin, "/editions/new", newFields({ year: "2031", fromId: "999999" })),
      params: {},
      context: {},
    });
    expect(gone.status).toBe(409);
    expect(JSON.stringify(await gone.json())).toContain(EN.MSG.edScFromGone);
    const bad = await newAction({
      request: postRequest(callers.admin, "/editions/new", newFields({ year: "2031", endsOn: "2030-05-01" })),
      params: {},
      context: {},
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(EN.MSG.edScDatesOrder);
    expect(writes()).toBe(before);
  });

  it("a forged CSRF token is refused", async () => {
    const before = writes();
    const outcome = await run(
      newAction,
      postRequest(callers.admin, "/editions/new", newFields({ year: "2032" }), { csrf: false }),
    );
    expect(outcome).toMatchObject({ status: 403, thrown: true });
    expect(writes()).toBe(before);
  });
});

describe("Open", () => {
  it("refuses a forged id (404) and a non-draft (a toast), changing nothing", async () => {
    const before = writes();
    const forged = await run(openAction, postRequest(callers.admin, "/editions/999999/open"), {
      id: "999999",
    });
    expect(forged).toMatchObject({ status: 404, thrown: true });
    expect(
      await run(openLoader, getRequest(callers.admin, "/editions/999999/open"), { id: "999999" }),
    ).toMatchObject({ status: 404 });
    const open = currentEdition();
    const again = await run(openAction, postRequest(callers.admin, `/editions/${open.id}/open`), {
      id: String(open.id),
    });
    expect(again).toMatchObject({
      status: 302,
      location: "/editions",
      toasts: [EN.MSG.edScNotDraft(open.name)],
    });
    expect(
      await run(openLoader, getRequest(callers.admin, `/editions/${open.id}/open`), { id: String(open.id) }),
    ).toMatchObject({ status: 404 });
    expect(writes()).toBe(before);
    expect(currentEdition().id).toBe(open.id);
  });

  it("opens a draft: the previous edition archived, the toast counts the managers emailed", async () => {
    const { open } = participants();
    const target = draft();
    const response = await openAction({
      request: postRequest(callers.admin, `/editions/${target.id}/open`),
      params: { id: String(target.id) },
      context: {},
    });
    expect(response.headers.getSetCookie().some((c) => /__edition=;.*Max-Age=0/.test(c))).toBe(true);
    const outcome = await run(openAction, postRequest(callers.admin, `/editions/${target.id}/open`), {
      id: String(target.id),
    });
    // The second POST finds it open already.
    expect(outcome.toasts).toEqual([EN.MSG.edScNotDraft(target.name)]);
    expect(getEdition(open.id)?.state).toBe("ARCHIVED");
    expect(currentEdition().id).toBe(target.id);
  });

  it("emails the previous edition's managers, only them, each in their language, over SMTP", async () => {
    const { open, emails } = participants();
    const target = draft();
    received.length = 0;
    // The sender takes every due message: let it finish the outbox mails of the tests above first.
    await mailSenderIdle();
    const outcome = await openEditionAndInvite(actor(), target.id, { smtpUrl });
    expect(outcome).toMatchObject({ ok: true, emailed: 3, failed: 0 });
    await mailSenderIdle(); // queued, then sent by the mail queue's sender
    const to = (email: string) => received.find((r) => r.to.includes(email))?.mail;
    expect(received.flatMap((r) => r.to).sort()).toEqual([emails.aEn, emails.aMs, emails.bMs].sort());
    expect(to(emails.aEn)?.subject).toBe(`${target.name} is open for entries`);
    expect(to(emails.aMs)?.subject).toBe(`${target.name} dibuka untuk penyertaan`);
    expect(to(emails.bMs)?.subject).toBe(MS.LABELS.edScMailSubject(target.name));
    expect(to(emails.aEn)?.text).toContain(EN.LABELS.edScMailBody(target.name, open.name));
    expect(to(emails.aEn)?.text).toContain(EN.LABELS.edScMailFee);
    expect(to(emails.aEn)?.text).toContain(`${ORIGIN}/events`);
    expect(to(emails.aMs)?.text).toContain(MS.LABELS.edScMailFee);
    expect(to(emails.cEn)).toBeUndefined();
    expect(to(emails.aUnverified)).toBeUndefined();
  });

  it("a dead mail server never fails the Open: the emails stay queued for when it answers", async () => {
    const { open, emails } = participants();
    const target = draft();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await mailSenderIdle();
      const outcome = await openEditionAndInvite(actor(), target.id, { smtpUrl: "smtp://127.0.0.1:9" });
      expect(outcome).toMatchObject({ ok: true, emailed: 3, failed: 0 });
      await mailSenderIdle();
    } finally {
      errors.mockRestore();
    }
    expect(getEdition(open.id)?.state).toBe("ARCHIVED");
    expect(currentEdition().id).toBe(target.id);
    const queued = sql()
      .prepare('SELECT "to", sent_at, next_attempt_at FROM mail_queue WHERE "to" IN (?, ?, ?)')
      .all(emails.aEn, emails.aMs, emails.bMs) as {
      sent_at: number | null;
      next_attempt_at: number | null;
    }[];
    expect(queued).toHaveLength(3);
    for (const row of queued)
      expect(row).toMatchObject({ sent_at: null, next_attempt_at: expect.any(Number) });
  });
});

describe("the staff edition picker", () => {
  const view = (caller: Caller, fields: Record<string, string>) =>
    viewAction({ request: postRequest(caller, "/editions/view", fields), params: {}, context: {} }).catch(
      (e: Response) => e,
    );
  const editionCookieOf = (r: Response) => r.headers.getSetCookie().find((c) => c.startsWith("__edition="));

  it("sets the cookie for an archived edition and clears it for the open one, going back", async () => {
    const archived = listEditions().find((e) => e.state === "ARCHIVED");
    if (!archived) throw new Error("an archived edition (the tests above)");
    const set = await view(callers.committee, { edition: String(archived.id), back: "/races?page=2" });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe("/races?page=2");
    expect(editionCookieOf(set)).toMatch(new RegExp(`^__edition=${archived.id};`));
    const cleared = await view(callers.admin, { edition: String(currentEdition().id), back: "/" });
    expect(editionCookieOf(cleared)).toMatch(/^__edition=;.*Max-Age=0/);
  });

  it("refuses an unknown id (no cookie, a toast), another site, a forged form and a manager", async () => {
    const unknown = await run(
      viewAction,
      postRequest(callers.admin, "/editions/view", { edition: "999999", back: "/users" }),
    );
    expect(unknown).toMatchObject({ status: 302, location: "/users", toasts: [EN.MSG.edScUnknown] });
    const raw = await view(callers.admin, { edition: "999999", back: "/users" });
    expect(editionCookieOf(raw)).toBeUndefined();
    const offsite = await view(callers.admin, {
      edition: String(currentEdition().id),
      back: "//evil.example/x",
    });
    expect(offsite.headers.get("Location")).toBe("/");
    const forged = await view(callers.admin, { edition: "abc" });
    expect(forged.status).toBe(400);
    const refused = await run(viewAction, postRequest(callers.manager, "/editions/view", { edition: "1" }));
    expect(refused).toMatchObject({ status: 302, location: "/", toasts: [UNAUTHORIZED] });
  });

  it("the layout tells staff the edition they look at, and managers nothing (the open one is theirs)", async () => {
    const archived = listEditions().find((e) => e.state === "ARCHIVED");
    if (!archived) throw new Error("an archived edition");
    const withCookie = (caller: Caller) =>
      new Request(`${ORIGIN}/races`, { headers: { Cookie: `${caller.cookie}; __edition=${archived.id}` } });
    const staff = await (
      (await appLoader({ request: withCookie(callers.committee), params: {}, context: {} })) as Response
    ).json();
    expect(staff.editions.viewed).toMatchObject({ id: archived.id, state: "ARCHIVED" });
    expect(staff.editions.open).toMatchObject({ id: currentEdition().id, state: "OPEN" });
    expect(staff.editions.all.map((e: { id: number }) => e.id)).toEqual(listEditions().map((e) => e.id));
    const theirs = await (
      (await appLoader({ request: withCookie(callers.manager), params: {}, context: {} })) as Response
    ).json();
    expect(theirs.editions).toBeNull();
  });
});
