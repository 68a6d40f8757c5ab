// The writer process of sigkill.test.ts: on the database named by DATABASE_PATH (opened by the
// app's own db(), so with its pragmas: WAL, synchronous=NORMAL), it makes one club, event, round,
// team and a few thousand members, says "ready", then writes as fast as it can, alternating an
// order with its lines (createOrder) and a scan-log save (saveScanLogs), and after each commit
// acknowledges it on stdout ("order <id>", "scan <userId>") with a synchronous write: a line on
// stdout is a write that had been committed. It runs until the test kills it with SIGKILL.
import { writeSync } from "node:fs";
import { db, schema } from "~/lib/db.server";
import { createOrder } from "~/models/order.server";
import { saveScanLogs } from "~/models/scan.server";

/** The open edition of the unit database (migration 0018 makes it). */
const ED = 1;

const MEMBERS = 5_000;
const say = (line: string) => writeSync(1, `${line}\n`);

const d = db();
const { club, event, round, team, members } = d.transaction((tx) => {
  const club = tx
    .insert(schema.associations)
    .values({ name: "Kill Club", country: "MY", token: "kill" })
    .returning()
    .get();
  const event = tx.insert(schema.events).values({ name: "Kill Cup" }).returning().get();
  const round = tx.insert(schema.rounds).values({ name: "Heat 1", eventId: event.id }).returning().get();
  const team = tx
    .insert(schema.teams)
    .values({ name: "Kill Club A", associationId: club.id, eventId: event.id })
    .returning()
    .get();
  const members: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const user = tx
      .insert(schema.users)
      .values({
        email: `kill${i}@example.test`,
        hash: "x",
        role: i === 0 ? "MANAGER" : "COMPETITOR",
        associationId: club.id,
      })
      .returning({ id: schema.users.id })
      .get();
    members.push(user.id);
  }
  return { club, event, round, team, members };
});
void club;
say("ready");

for (let i = 1; i < MEMBERS; i++) {
  const order = createOrder(members[0], [
    { kind: "EVENT", label: "Kill Cup", count: 1, price: 10_000, eventId: event.id },
    { kind: "MEMBERSHIP", label: "KILL A", count: 1, price: 500, userId: members[i] },
    { kind: "TICKET", label: "Dinner Ticket", count: 2, price: 3_000 },
  ]);
  say(`order ${order.id}`);
  saveScanLogs(ED, round.id, team.id, [members[i]], { kioskId: null, staffId: null });
  say(`scan ${members[i]}`);
}
say("done");
