// The factories of tests/factories/club-life.ts and the small model functions under them (issue 30):
// each writes the row the app then reads, with no audit entry, and the editions reset puts a
// journey's edition away and the seeded one back.
import { describe, expect, it } from "vitest";
import { db, schema } from "~/lib/db.server";
import { latestChangeOf } from "~/models/crew-change.server";
import { setMembershipPaid } from "~/models/crew-tags.server";
import {
  createEdition,
  currentEdition,
  editionByYear,
  openEdition,
  restoreSeededEdition,
} from "~/models/edition.server";
import { findEoiEvent, interestOf, markEoiEventDeleted } from "~/models/eoi.server";
import { findReservation, findSession } from "~/models/training.server";
import { findEndpoint, removeEndpointRow, setDeliveryDue } from "~/models/webhooks.server";
import { findUserById } from "~/models/user.server";
import * as make from "../factories";
import * as life from "../factories/club-life";

const auditRows = () => db().select().from(schema.auditLog).all().length;

describe("club-life factories", () => {
  it("a training session and a reservation, as the staff screens read them", () => {
    const before = auditRows();
    const edition = currentEdition().id;
    const club = make.club();
    const session = life.trainingSession({ maxBoat: 7 });
    const id = life.reservation(club.id, session.id, { boat: 3, status: "APPROVED" }).id;
    expect(findSession(edition, session.id)).toMatchObject({ maxBoat: 7, reserved: 3 });
    expect(findReservation(edition, id)).toMatchObject({ team: club.name, boat: 3, status: "APPROVED" });
    expect(auditRows()).toBe(before);
  });

  it("EOI events and a manager's interest; an event marked deleted takes its links along", () => {
    const edition = currentEdition().id;
    const a = life.eoiEvent();
    const b = life.eoiEvent();
    const owner = { email: "Eoi@Example.test", name: "EOI MANAGER", team: "EOI CLUB", country: "MY" };
    life.interest(owner, [a.id, b.id]);
    expect(interestOf(edition, owner.email).eventIds).toEqual([a.id, b.id]);
    life.interest(owner, [b.id]);
    expect(interestOf(edition, owner.email).eventIds).toEqual([b.id]);
    markEoiEventDeleted(b.id);
    expect(findEoiEvent(edition, b.id)).toBeUndefined();
    expect(interestOf(edition, owner.email).eventIds).toEqual([]);
  });

  it("a pending crew change of a team, in the team's edition", () => {
    const club = make.club();
    const [m1, m2] = [make.user({ associationId: club.id }), make.user({ associationId: club.id })];
    const team = make.team(club.id, make.event().id, {}, [m1.id]);
    life.crewChange(team.id, club.id, { leaving: [m1.id], joining: [m2.id], requestedBy: m1.id });
    expect(latestChangeOf(team.id)).toMatchObject({ status: "PENDING", reason: "Injured" });
    setMembershipPaid(m1.id);
    expect(findUserById(m1.id)?.membershipPaid).toBe(true);
    expect(findUserById(m2.id)?.membershipPaid).toBe(false);
  });

  it("a webhook endpoint and a due delivery; the endpoint removed with its deliveries", () => {
    const before = auditRows();
    const endpoint = life.webhookEndpoint("https://example.test/hook", ["result.official"]);
    expect(findEndpoint(endpoint.id)).toMatchObject({ enabled: true, events: ["result.official"] });
    const delivery = life.webhookDelivery(endpoint.id, "result.official", 1_000);
    setDeliveryDue(delivery.id, 5_000);
    const d = schema.webhookDeliveries;
    expect(
      db()
        .select()
        .from(d)
        .all()
        .find((r) => r.id === delivery.id)
        ?.nextAttemptAt?.getTime(),
    ).toBe(5_000);
    removeEndpointRow(endpoint.id);
    expect(findEndpoint(endpoint.id)).toBeUndefined();
    expect(
      db()
        .select()
        .from(d)
        .all()
        .some((r) => r.id === delivery.id),
    ).toBe(false);
    expect(auditRows()).toBe(before);
  });

  it("restoreSeededEdition drops the journey's edition and reopens the seeded one with its fees", () => {
    const actor = { id: 1, name: "Admin", email: "admin@example.test" };
    const seeded = currentEdition();
    const paid = make.user({ membershipPaid: true });
    const made = createEdition(actor, {
      fromId: seeded.id,
      name: "Regatta 2199",
      year: 2199,
      startsOn: "2199-06-01",
      endsOn: "2199-06-02",
    });
    if (!made.ok) throw new Error("createEdition");
    expect(openEdition(actor, made.id).ok).toBe(true);
    make.event({ editionId: made.id });
    expect(findUserById(paid.id)?.membershipPaid).toBe(false);
    expect(restoreSeededEdition(2199)).toEqual({ id: seeded.id, name: seeded.name });
    expect(editionByYear(2199)).toBeNull();
    expect(currentEdition().id).toBe(seeded.id);
    expect(findUserById(paid.id)?.membershipPaid).toBe(true);
    // Again: nothing to drop, already open.
    expect(restoreSeededEdition(2199)).toEqual({ id: seeded.id, name: seeded.name });
  });
});
