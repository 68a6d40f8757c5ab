// Crew selection (spec section 5), pure: who may be picked for an event team, who may only drum or
// steer, and the five checks a selection must pass, in the spec's order and with its messages.
// The model (models/crew.server.ts) feeds it the club's members and saves in one transaction.
// Decisions: docs/decisions/0015-entries-waitlist-crews.md.
import { VALID_IMAGE } from "../../db/enums";
import type { Gender } from "../../db/enums";
import { type Bundle, LABELS, MSG } from "~/i18n/en";

export type CrewEvent = {
  minRace: number;
  maxRace: number;
  reserveCount: number;
  maxMale: number;
  minFemale: number;
  minAge: number;
  maxAge: number;
  limitMalaysia: boolean;
};

export type CrewMember = {
  id: number;
  name: string;
  role: string;
  gender: Gender | null;
  yob: number | null;
  identification: string;
  membershipPaid: boolean;
  validImage: number;
  /** In another team of the same event (a member races once per event). */
  inOtherTeam: boolean;
};

export type Ineligible = "role" | "fee" | "photo" | "details" | "age" | "otherTeam";

/** A MyKad number: 12 digits, dashes allowed anywhere (e.g. 900101-07-1234). Passports are not. */
export function isMyKad(identification: string): boolean {
  const trimmed = identification.trim();
  return /^[\d-]+$/.test(trimmed) && trimmed.replace(/-/g, "").length === 12;
}

/** Age for the regatta: the regatta year minus the year of birth. */
export const ageIn = (yob: number, regattaYear: number) => regattaYear - yob;

/**
 * Why a member may not be picked, or null when they may: participants only (COMPETITOR or
 * MANAGER), crew tag fee paid, approved photo, gender and year of birth known, age within the
 * event's limits (inclusive), and not in another team of the same event. The first reason found.
 */
export function ineligibility(m: CrewMember, event: CrewEvent, regattaYear: number): Ineligible | null {
  if (m.role !== "COMPETITOR" && m.role !== "MANAGER") return "role";
  if (!m.membershipPaid) return "fee";
  if (m.validImage !== VALID_IMAGE.APPROVED) return "photo";
  if (m.gender === null || m.yob === null) return "details";
  const age = ageIn(m.yob, regattaYear);
  if (age < event.minAge || age > event.maxAge) return "age";
  if (m.inOtherTeam) return "otherTeam";
  return null;
}

/** Why a member cannot be picked, in English; a screen takes its bundle's LABELS.ineligible. */
export const INELIGIBLE_LABEL: Record<Ineligible, string> = LABELS.ineligible;

/** False for members who may only drum or steer: in a Malaysia-only event, anyone whose
 * identification is not a MyKad number. */
export function paddlerEligible(
  m: Pick<CrewMember, "identification">,
  event: Pick<CrewEvent, "limitMalaysia">,
) {
  return !event.limitMalaysia || isMyKad(m.identification);
}

export type Selected = { gender: Gender | null; paddlerEligible: boolean };

/** The caps of section 9, as the screen shows them. */
export function crewCaps(event: CrewEvent) {
  return {
    min: event.minRace,
    max: event.maxRace + event.reserveCount,
    maxNonPaddlers: 2 + event.reserveCount,
    maxMale: event.maxMale + event.reserveCount,
    minFemale: event.minFemale,
  };
}

/** The first failing check of section 5, in its order, as the spec's message (in the language of
 * `msg`, English by default); null when the selection may be saved. */
export function checkCrew(selected: Selected[], event: CrewEvent, msg: Bundle["MSG"] = MSG): string | null {
  const caps = crewCaps(event);
  const n = selected.length;
  if (n < caps.min) return msg.crewMinRace(caps.min);
  if (n > caps.max) return msg.crewMaxRace;
  const nonPaddlers = selected.filter((m) => !m.paddlerEligible).length;
  if (nonPaddlers > caps.maxNonPaddlers) return msg.crewMaxNonPaddler(caps.maxNonPaddlers);
  const males = selected.filter((m) => m.gender === "MALE").length;
  if (males > caps.maxMale) return msg.crewMaxMale(caps.maxMale);
  const females = selected.filter((m) => m.gender === "FEMALE").length;
  if (females < caps.minFemale) return msg.crewMinFemale(caps.minFemale);
  return null;
}

/** Whether a deadline (ms since the epoch, or null for none) has passed. */
export const isClosed = (closeAt: number | null, now: number) => closeAt !== null && now >= closeAt;

/** Managers change crews until the crew deadline; ADMIN always may. */
export const mayChangeCrew = (role: string, crewCloseAt: number | null, now: number) =>
  role === "ADMIN" || (role === "MANAGER" && !isClosed(crewCloseAt, now));
