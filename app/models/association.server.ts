import { asc, eq, sql } from "drizzle-orm";
import { db, schema } from "~/lib/db.server";

export type Association = typeof schema.associations.$inferSelect;

export function findAssociationByToken(token: string): Association | undefined {
  if (!token) return undefined;
  return db().select().from(schema.associations).where(eq(schema.associations.token, token)).get();
}

export function associationNameTaken(name: string): boolean {
  return Boolean(
    db()
      .select({ id: schema.associations.id })
      .from(schema.associations)
      .where(sql`${schema.associations.name} = ${name.trim()} COLLATE NOCASE`)
      .get(),
  );
}

/** The association's confirmed event teams (teams exist once an entry is paid), by event name. */
export function confirmedEvents(associationId: number) {
  return db()
    .select({
      teamId: schema.teams.id,
      teamName: schema.teams.name,
      eventId: schema.events.id,
      eventName: schema.events.name,
    })
    .from(schema.teams)
    .innerJoin(schema.events, eq(schema.events.id, schema.teams.eventId))
    .where(eq(schema.teams.associationId, associationId))
    .orderBy(asc(schema.events.name), asc(schema.teams.name))
    .all();
}
