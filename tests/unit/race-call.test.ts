// The call (issue 28 part 4): services/race-call.server.ts run as the job loop runs it, on this
// worker's own SQLite file, with the emails delivered over a real SMTP server. Queued once with
// rounds.called_at in the same transaction; not for a started race; turned-off users skipped; each
// recipient in their language; a later delay does not call again; a race long past is not called.
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { drainMailQueue, resetMailerForTests } from "~/services/mailer.server";
import { callRaces } from "~/services/race-call.server";
import { makeClub, makeUser } from "./route-request";

const MIN = 60_000;
const T = Date.UTC(2027, 2, 6, 4, 6); // 12:06 in Malaysia

let server: SMTPServer;
let smtpUrl: string;
const received: { to: string[]; mail: ParsedMail }[] = [];

const ids = { r1: 0, r2: 0, r3: 0, r4: 0 };
const people = {
  manager: "",
  managerOff: "",
  crew: "",
  crewOff: "",
  otherManager: "",
  otherCrew: "",
  bystander: "",
};

function round(
  name: string,
  raceNumber: number,
  scheduledAt: number,
  startedAt: number | null,
  eventId: number,
) {
  return db()
    .insert(schema.rounds)
    .values({
      name,
      eventId,
      raceNumber,
      scheduledAt: new Date(scheduledAt),
      startedAt: startedAt === null ? null : new Date(startedAt),
    })
    .returning()
    .get().id;
}
const team = (name: string, associationId: number, eventId: number) =>
  db().insert(schema.teams).values({ name, associationId, eventId }).returning().get().id;
const lane = (roundId: number, teamId: number, l: string) =>
  db().insert(schema.races).values({ roundId, teamId, lane: l }).run();
const member = (teamId: number, userId: number) =>
  db().insert(schema.teamMembers).values({ teamId, userId }).run();
const queuedTo = () =>
  db().select({ to: schema.mailQueue.to, subject: schema.mailQueue.subject }).from(schema.mailQueue).all();
const calledAt = (id: number) =>
  db().select({ c: schema.rounds.calledAt }).from(schema.rounds).where(eq(schema.rounds.id, id)).get()?.c ??
  null;

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

  const eventId = db()
    .insert(schema.events)
    .values({ name: "CALL 500M", description: "" })
    .returning()
    .get().id;
  const club = makeClub().id;
  const other = makeClub().id;
  const u = (role: "MANAGER" | "COMPETITOR", clubId: number) => makeUser(role, clubId);
  const manager = u("MANAGER", club);
  const managerOff = u("MANAGER", club);
  const crew = u("COMPETITOR", club);
  const crewOff = u("COMPETITOR", club);
  const otherManager = u("MANAGER", other);
  const otherCrew = u("COMPETITOR", other);
  const bystander = u("COMPETITOR", club); // in the club, not in the crew
  Object.assign(people, {
    manager: manager.email,
    managerOff: managerOff.email,
    crew: crew.email,
    crewOff: crewOff.email,
    otherManager: otherManager.email,
    otherCrew: otherCrew.email,
    bystander: bystander.email,
  });
  db()
    .update(schema.users)
    .set({ callEmails: false })
    .where(inArray(schema.users.id, [managerOff.id, crewOff.id]))
    .run();
  db().update(schema.users).set({ locale: "ms" }).where(eq(schema.users.id, crew.id)).run();

  const a = team("CALL CLUB A", club, eventId);
  const b = team("CALL CLUB B", other, eventId);
  member(a, crew.id);
  member(a, crewOff.id);
  member(b, otherCrew.id);

  // Race 901 at 12:06; 902 ran on time an hour before (the delay is 0); 903 at 12:46; 904 three
  // hours before, never started.
  ids.r1 = round("Heat 1", 901, T, null, eventId);
  ids.r2 = round("Heat 2", 902, T - 60 * MIN, T - 60 * MIN, eventId);
  ids.r3 = round("Heat 3", 903, T + 40 * MIN, null, eventId);
  ids.r4 = round("Heat 4", 904, T - 180 * MIN, null, eventId);
  for (const r of [ids.r1, ids.r2, ids.r3, ids.r4]) {
    lane(r, a, "3");
    lane(r, b, "4");
  }
});

afterAll(async () => {
  resetMailerForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the call job", () => {
  it("calls nothing before the moment", () => {
    expect(callRaces(T - 30 * MIN - 1, { smtpUrl })).toEqual([]);
    expect(queuedTo()).toEqual([]);
  });

  it("calls the race once at its moment: crews and managers of both clubs, turned-off users skipped", async () => {
    const called = callRaces(T - 30 * MIN, { smtpUrl });
    expect(called).toEqual([{ roundId: ids.r1, raceNumber: 901, expected: T, emails: 4 }]);
    expect(calledAt(ids.r1)?.getTime()).toBe(T - 30 * MIN);
    const to = queuedTo()
      .map((m) => m.to)
      .sort();
    expect(to).toEqual([people.crew, people.manager, people.otherCrew, people.otherManager].sort());
    // The started race (902) and the one long past (904) are not called; 903 not yet.
    for (const id of [ids.r2, ids.r3, ids.r4]) expect(calledAt(id)).toBeNull();
    // Called once: the next tick queues nothing more.
    expect(callRaces(T - 29 * MIN, { smtpUrl })).toEqual([]);
    expect(queuedTo()).toHaveLength(4);

    // Over real SMTP, each in their language.
    await drainMailQueue({ smtpUrl });
    await expect.poll(() => received.length).toBe(4);
    const subjectOf = (email: string) => received.find((r) => r.to.includes(email))?.mail.subject;
    expect(subjectOf(people.manager)).toBe("Race 901 at 12:06: go to marshalling");
    expect(subjectOf(people.crew)).toBe("Perlumbaan 901 pada 12:06: sila ke kawasan marshal");
    const text = received.find((r) => r.to.includes(people.manager))?.mail.text ?? "";
    expect(text).toContain("Race 901 (CALL 500M Heat 1) is expected to start at 12:06.");
    expect(text).toContain("CALL CLUB A: lane 3");
    expect(text).toContain("http://127.0.0.1:3999/my-races");
    expect(received.some((r) => r.to.includes(people.bystander))).toBe(false);
  });

  it("a later delay does not call again; the next race is called at its new moment", async () => {
    // 902 actually started 12 minutes late: the day runs 12 min late.
    db()
      .update(schema.rounds)
      .set({ startedAt: new Date(T - 48 * MIN) })
      .where(eq(schema.rounds.id, ids.r2))
      .run();
    const before = queuedTo().length;
    // 903: 12:46 + 12 = 12:58 expected, called at 12:28 (T + 22 min), not at 12:16.
    expect(callRaces(T + 10 * MIN, { smtpUrl })).toEqual([]);
    expect(callRaces(T + 22 * MIN - 1, { smtpUrl })).toEqual([]);
    expect(callRaces(T + 22 * MIN, { smtpUrl })).toEqual([
      { roundId: ids.r3, raceNumber: 903, expected: T + 52 * MIN, emails: 4 },
    ]);
    expect(queuedTo().length).toBe(before + 4);
    expect(queuedTo().at(-1)?.subject).toMatch(/^(Race 903 at 12:58|Perlumbaan 903 pada 12:58)/);
    // 901 was called already: never again, however the delay moves.
    expect(callRaces(T + 23 * MIN, { smtpUrl })).toEqual([]);
    await drainMailQueue({ smtpUrl });
    await expect.poll(() => received.length).toBe(8);
  });

  it("a race started before its moment is never called", () => {
    db()
      .update(schema.rounds)
      .set({ calledAt: null, startedAt: new Date(T) })
      .where(eq(schema.rounds.id, ids.r1))
      .run();
    const before = queuedTo().length;
    expect(callRaces(T + 5 * MIN, { smtpUrl })).toEqual([]);
    expect(queuedTo().length).toBe(before);
  });

  it("a race whose results were saved without a Start is over: never called", () => {
    db()
      .update(schema.rounds)
      .set({ calledAt: null, startedAt: null, resultState: "PROVISIONAL" })
      .where(eq(schema.rounds.id, ids.r1))
      .run();
    const before = queuedTo().length;
    expect(callRaces(T + 5 * MIN, { smtpUrl })).toEqual([]);
    expect(queuedTo().length).toBe(before);
    expect(calledAt(ids.r1)).toBeNull();
  });
});
