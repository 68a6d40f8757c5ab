// `npm run db:seed -- --size rehearsal[-smoke|-quarter|-half]`: the regatta day `npm run rehearsal`
// runs (issue 27 section 2). The demo seed first (its logins), then clubs with a manager each,
// athletes with approved photos and their crew tag fee paid, events of crews of 22, and per event
// heats, semi-finals and a final joined by progression plans (PLACE: the first of each source, plus
// the best times), scheduled over two days (heats on the first, the rest on the second).
// Only the heats have lanes: the app seeds the semi-finals and finals itself when their sources are
// declared Official, through the results desk's forms, as on the day.
//
// Like the race-day seed (db/seed-race-day.ts) it fills an EMPTY database, in one transaction,
// through the models' insert functions (those the test factories use; crews, races and edition
// members in bulk; issue 30), deterministically (one mulberry32 PRNG), and every account shares
// the demo password's one scrypt hash. Managers are manager1@rehearsal.test ... managerN.
import { randomBytes } from "node:crypto";
import { randomToken } from "~/lib/crypto.server";
import { db } from "~/lib/db.server";
import { insertAssociation } from "~/models/association.server";
import { insertTeam, insertTeamMembers } from "~/models/crew.server";
import { databaseName, userCount } from "~/models/dataset.server";
import { currentEdition, insertEditionMembers } from "~/models/edition.server";
import { insertEvent } from "~/models/event.server";
import { insertPhotoRows } from "~/models/photo.server";
import { insertPlan } from "~/models/progression.server";
import { insertRaces } from "~/models/race.server";
import { insertRound } from "~/models/round.server";
import { setSettingsColumns } from "~/models/settings.server";
import { findCredentials, insertUser } from "~/models/user.server";
import { VALID_IMAGE } from "./enums";
import { seed } from "./seed";
import { Rng, REGATTA_YEAR } from "./seed-race-day";
import { demoPhotos } from "./seed-photos";

export type RehearsalScale = "smoke" | "quarter" | "half" | "kaohsiung";
export const REHEARSAL_SCALES: readonly RehearsalScale[] = ["smoke", "quarter", "half", "kaohsiung"];

export type RehearsalSizes = {
  clubs: number;
  athletes: number;
  events: number;
  /** Heats per event (even): each pair of heats feeds one semi-final, the semi-finals one final. */
  heats: number;
  lanes: number;
  crew: number;
};

/** Kaohsiung 2020: 150 clubs, 4,000 athletes, 10 events of 8 heats + 4 semi-finals + 1 final = 130
 * races; crews of 22 in 6 lanes make 130 x 6 x 22 = 17,160 scans. The others keep the shape. */
export const REHEARSAL_SIZES: Record<RehearsalScale, RehearsalSizes> = {
  smoke: { clubs: 8, athletes: 200, events: 2, heats: 2, lanes: 6, crew: 22 },
  quarter: { clubs: 38, athletes: 1000, events: 5, heats: 4, lanes: 6, crew: 22 },
  half: { clubs: 75, athletes: 2000, events: 5, heats: 8, lanes: 6, crew: 22 },
  kaohsiung: { clubs: 150, athletes: 4000, events: 10, heats: 8, lanes: 6, crew: 22 },
};

export const REHEARSAL_EMAIL_DOMAIN = "rehearsal.test";
export const REHEARSAL_FIRST_RACE = 101;
const EVENT_NAMES = [
  "500M REHEARSAL OPEN",
  "500M REHEARSAL WOMEN",
  "500M REHEARSAL MIXED",
  "200M REHEARSAL OPEN",
  "200M REHEARSAL WOMEN",
  "200M REHEARSAL MIXED",
  "1000M REHEARSAL OPEN",
  "1000M REHEARSAL WOMEN",
  "1000M REHEARSAL MIXED",
  "2000M REHEARSAL OPEN",
];
const SHARED_PHOTOS = ["REHEARSAL", "DRAGON BOAT", "CREW TAG", "LANE SIX"];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Rounds of one event: heats, then semi-finals (two heats each), then the final. Pure. */
export function roundsOfEvent(heats: number, lanes: number) {
  const semis = Math.max(1, Math.floor(heats / 2));
  const out: {
    name: string;
    stage: "heat" | "semi" | "final";
    from: number[];
    count: number;
    plus: number;
  }[] = [];
  for (let h = 0; h < heats; h++)
    out.push({ name: `Heat ${h + 1}`, stage: "heat", from: [], count: 0, plus: 0 });
  for (let s = 0; s < semis; s++) {
    const from = [2 * s, 2 * s + 1].filter((i) => i < heats);
    const count = Math.floor(lanes / from.length);
    out.push({ name: `Semi-final ${s + 1}`, stage: "semi", from, count, plus: lanes - count * from.length });
  }
  const from = Array.from({ length: semis }, (_, s) => heats + s);
  const count = Math.floor(lanes / from.length);
  out.push({ name: "Final", stage: "final", from, count, plus: lanes - count * from.length });
  return out;
}

export type RehearsalCounts = { rounds: number; teams: number; athletes: number; clubs: number; ms: number };

export async function seedRehearsal(scale: RehearsalScale): Promise<RehearsalCounts> {
  const started = performance.now();
  const sizes = REHEARSAL_SIZES[scale];
  const d = db(); // migrates on first use, as the normal seed does
  const users = userCount();
  if (users > 0)
    throw new Error(
      `The database ${databaseName()} already has ${users} user(s); the rehearsal seed fills an empty one.`,
    );
  if (!(await seed({ lastYear: false }))) throw new Error("The database filled up while seeding.");
  const admin = findCredentials("admin@example.com");
  if (!admin) throw new Error("The demo seed made no admin@example.com.");
  const { hash } = admin;
  const jpegs = await demoPhotos(SHARED_PHOTOS);
  const photoNames = jpegs.map(() => `${randomBytes(16).toString("hex")}.jpg`);
  const rng = new Rng(20_200_627);
  const now = Date.now();
  const edition = currentEdition();
  const at = (ms: number) => new Date(ms);
  // Day one starts today at 08:00 Malaysia time (00:00 UTC), day two tomorrow.
  const dayOne = Math.floor(now / DAY) * DAY;
  const counts = { rounds: 0, teams: 0, athletes: 0, clubs: 0 };

  d.transaction(() => {
    insertPhotoRows(
      photoNames.map((name, i) => ({
        name,
        userId: null,
        createdAt: at(now),
        width: jpegs[i].width,
        height: jpegs[i].height,
        bytes: jpegs[i].jpeg,
      })),
    );
    const user = (values: {
      email: string;
      identification: string;
      name: string;
      phone: string;
      phoneEmergency: string;
      address: string;
      gender: "MALE" | "FEMALE";
      image: string;
      yob: number;
      associationId: number;
      role: "MANAGER" | "COMPETITOR";
    }) =>
      insertUser({
        ...values,
        createdAt: at(now),
        updatedAt: at(now),
        hash,
        validImage: VALID_IMAGE.APPROVED,
        verified: true,
        approved: true,
        membershipPaid: true,
      }).id;
    const members: number[] = [];
    const clubs: { id: number; athletes: number[] }[] = [];
    let athleteNo = 0;
    for (let c = 1; c <= sizes.clubs; c++) {
      const { id } = insertAssociation({
        createdAt: at(now),
        name: `Rehearsal Paddlers ${c}`,
        country: "MY",
        token: randomToken(24),
      });
      const manager = user({
        email: `manager${c}@${REHEARSAL_EMAIL_DOMAIN}`,
        identification: `R${String(c).padStart(7, "0")}`,
        name: `MANAGER ${c} REHEARSAL`,
        phone: `6012${rng.digits(7)}`,
        phoneEmergency: `6013${rng.digits(7)}`,
        address: `No. ${c}, Jalan Regatta, 50450 Kuala Lumpur`,
        gender: rng.chance(0.5) ? "MALE" : "FEMALE",
        image: photoNames[c % photoNames.length],
        yob: 1980 + (c % 20),
        associationId: id,
        role: "MANAGER",
      });
      members.push(manager);
      // Athletes shared out evenly: the first clubs take the remainder.
      const n = Math.floor(sizes.athletes / sizes.clubs) + (c <= sizes.athletes % sizes.clubs ? 1 : 0);
      const athletes: number[] = [];
      for (let a = 0; a < n; a++) {
        athleteNo++;
        const gender = rng.chance(0.5) ? "MALE" : "FEMALE";
        const aid = user({
          email: `athlete${athleteNo}@${REHEARSAL_EMAIL_DOMAIN}`,
          identification: `A${String(athleteNo).padStart(8, "0")}`,
          name: `ATHLETE ${athleteNo} ${gender === "MALE" ? "BIN" : "BINTI"} REHEARSAL`,
          phone: `6011${rng.digits(7)}`,
          phoneEmergency: `6019${rng.digits(7)}`,
          address: `No. ${athleteNo}, Jalan Dayung, 50450 Kuala Lumpur`,
          gender,
          image: photoNames[athleteNo % photoNames.length],
          yob: 1980 + rng.int(0, 25),
          associationId: id,
          role: "COMPETITOR",
        });
        members.push(aid);
        athletes.push(aid);
      }
      clubs.push({ id, athletes });
    }
    insertEditionMembers(members.map((userId) => ({ editionId: edition.id, userId, membershipPaid: true })));
    counts.clubs = clubs.length;
    counts.athletes = athleteNo;

    const shape = roundsOfEvent(sizes.heats, sizes.lanes);
    // Race numbers and times: every event's heats on day one, in turns; the rest on day two.
    const dayOneRounds: { eventIdx: number; idx: number }[] = [];
    const dayTwoRounds: { eventIdx: number; idx: number }[] = [];
    for (const [idx, r] of shape.entries())
      for (let e = 0; e < sizes.events; e++)
        (r.stage === "heat" ? dayOneRounds : dayTwoRounds).push({ eventIdx: e, idx });
    dayTwoRounds.sort((a, b) => a.idx - b.idx || a.eventIdx - b.eventIdx);
    const numberOf = new Map<string, { number: number; at: number }>();
    let number = REHEARSAL_FIRST_RACE;
    for (const [i, r] of dayOneRounds.entries())
      numberOf.set(`${r.eventIdx}:${r.idx}`, { number: number++, at: dayOne + i * 6 * MINUTE });
    for (const [i, r] of dayTwoRounds.entries())
      numberOf.set(`${r.eventIdx}:${r.idx}`, { number: number++, at: dayOne + DAY + i * 6 * MINUTE });

    const crews: { teamId: number; userId: number }[] = [];
    const races: { lane: string; score: null; roundId: number; teamId: number }[] = [];
    let clubTurn = 0;
    for (let e = 0; e < sizes.events; e++) {
      const teamsInEvent = sizes.heats * sizes.lanes;
      const eventId = insertEvent({
        createdAt: at(now),
        updatedAt: at(now),
        name: EVENT_NAMES[e % EVENT_NAMES.length],
        description: "Rehearsal",
        price: 10000,
        maxTeam: teamsInEvent + 10,
        reserveCount: 4,
        minRace: 0,
        maxRace: sizes.crew,
        maxMale: sizes.crew,
        minFemale: 0,
        minAge: 0,
        maxAge: 100,
        limitMalaysia: false,
        deleted: false,
        editionId: edition.id,
      }).id;
      // Teams: clubs in turn; a crew is `crew` of the club's athletes (an athlete may row in several events).
      const teamIds: number[] = [];
      const perClub = new Map<number, number>();
      for (let t = 0; t < teamsInEvent; t++) {
        const c = clubs[clubTurn++ % clubs.length];
        const k = (perClub.get(c.id) ?? 0) + 1;
        perClub.set(c.id, k);
        const id = insertTeam({
          name: `Rehearsal Paddlers ${clubs.indexOf(c) + 1} ${String.fromCharCode(64 + k)}`,
          associationId: c.id,
          eventId,
        }).id;
        for (const a of rng.sample(c.athletes, sizes.crew)) crews.push({ teamId: id, userId: a });
        teamIds.push(id);
      }
      counts.teams += teamIds.length;
      const roundIds: number[] = [];
      for (const [idx, r] of shape.entries()) {
        const when = numberOf.get(`${e}:${idx}`);
        if (!when) throw new Error("unplanned round");
        roundIds.push(
          insertRound({
            name: r.name,
            description: "",
            eventId,
            raceNumber: when.number,
            scheduledAt: at(when.at),
            editionId: edition.id,
          }).id,
        );
      }
      counts.rounds += roundIds.length;
      for (const [idx, r] of shape.entries()) {
        if (r.stage === "heat") {
          for (let l = 0; l < sizes.lanes; l++)
            races.push({
              lane: String(l + 1),
              score: null,
              roundId: roundIds[idx],
              teamId: teamIds[idx * sizes.lanes + l],
            });
        } else {
          insertPlan(
            {
              toRoundId: roundIds[idx],
              eventId,
              mode: "PLACE",
              count: r.count,
              plusTimes: r.plus,
              lanes: sizes.lanes,
              createdAt: at(now),
            },
            r.from.map((f) => roundIds[f]),
          );
        }
      }
    }
    insertTeamMembers(crews);
    insertRaces(races);
    // Plain `#<id>` codes at the gate (the demo's setting), the regatta year for ages, and a protest
    // window of 0 minutes: the rehearsal's desks keep the (compressed) window themselves.
    setSettingsColumns(edition.id, {
      regattaYear: REGATTA_YEAR,
      requireSignedTags: false,
      protestMinutes: 0,
      crewCloseAt: null,
    });
  });
  return { ...counts, ms: performance.now() - started };
}

export async function runRehearsalSeed(scale: string): Promise<number> {
  if (!(REHEARSAL_SCALES as readonly string[]).includes(scale)) {
    console.error(`Unknown rehearsal scale ${scale}: one of ${REHEARSAL_SCALES.join(", ")}.`);
    return 1;
  }
  try {
    const c = await seedRehearsal(scale as RehearsalScale);
    console.log(
      `Rehearsal data (${scale}) added: ${c.clubs} clubs, ${c.athletes} athletes, ${c.teams} teams, ${c.rounds} races in ${(c.ms / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}
