// The regatta's events: 250M and 400M across the Malaysia, Premier, Junior and Senior (S40)
// categories in Open, Women and Mixed divisions, and Tug of War. Spec defaults, except where a
// category implies a limit (Malaysia: citizens only; Junior: up to 18; Senior: 40 and over).
type NewEvent = typeof import("./schema").events.$inferInsert;

const DIVISIONS = [
  { name: "OPEN", maxMale: 12, minFemale: 0 },
  { name: "WOMEN", maxMale: 0, minFemale: 10 },
  { name: "MIXED", maxMale: 6, minFemale: 6 },
] as const;

const CATEGORIES = [
  { name: "MALAYSIA", limitMalaysia: true, minAge: 0, maxAge: 100, note: "for Malaysian citizens" },
  { name: "PREMIER", limitMalaysia: false, minAge: 0, maxAge: 100, note: "open to all nations" },
  { name: "JUNIOR", limitMalaysia: false, minAge: 0, maxAge: 18, note: "for paddlers 18 and under" },
  { name: "SENIOR (S40)", limitMalaysia: false, minAge: 40, maxAge: 100, note: "for paddlers 40 and over" },
] as const;

export function seedEvents(): NewEvent[] {
  const events: NewEvent[] = [];
  for (const distance of ["250M", "400M"]) {
    for (const c of CATEGORIES) {
      for (const dv of DIVISIONS) {
        events.push({
          name: `${distance} ${c.name} ${dv.name}`,
          description: `${distance} sprint, ${c.name.toLowerCase()} category ${c.note}, ${dv.name.toLowerCase()} division. 10 paddlers, 1 drummer, 1 steerer.`,
          price: 10000,
          maxTeam: 50,
          reserveCount: 2,
          minRace: 10,
          maxRace: 12,
          maxMale: dv.maxMale,
          minFemale: dv.minFemale,
          minAge: c.minAge,
          maxAge: c.maxAge,
          limitMalaysia: c.limitMalaysia,
        });
      }
    }
  }
  for (const dv of DIVISIONS) {
    events.push({
      name: `TUG OF WAR ${dv.name}`,
      description: `Tug of War on the beach, ${dv.name.toLowerCase()} division. 8 pullers.`,
      price: 10000,
      maxTeam: 50,
      reserveCount: 2,
      minRace: 8,
      maxRace: 8,
      maxMale: dv.name === "OPEN" ? 8 : dv.name === "MIXED" ? 4 : 0,
      minFemale: dv.name === "WOMEN" ? 8 : dv.name === "MIXED" ? 4 : 0,
      minAge: 0,
      maxAge: 100,
      limitMalaysia: false,
    });
  }
  return events;
}

// ---------------------------------------------------------------------------------------------
// Pre-season (issue 11): expressions of interest and training bookings of the demo clubs.

/** The demo's EOI events, in the order the admin made them: 250M, 400M and Tug of War. */
export const DEMO_EOI_EVENTS = [
  "250M PREMIER MIXED",
  "250M MALAYSIA OPEN",
  "400M PREMIER OPEN",
  "400M OPEN WOMEN",
  "TUG OF WAR MIXED",
] as const;
type DemoEoiEvent = (typeof DEMO_EOI_EVENTS)[number];

/** Each club's saved interest (its manager's ticks) and how many days ago it was saved. Bangkok
 * River Dragons has not answered (its manager sees the empty form). */
export const DEMO_INTEREST: { club: string; events: DemoEoiEvent[]; daysAgo: number }[] = [
  { club: "Penang Dragon Warriors", events: ["250M PREMIER MIXED", "400M PREMIER OPEN"], daysAgo: 20 },
  {
    club: "Singapore Paddle Club",
    events: ["250M PREMIER MIXED", "400M OPEN WOMEN", "TUG OF WAR MIXED"],
    daysAgo: 18,
  },
  { club: "Jakarta Naga Rowers", events: ["400M OPEN WOMEN", "TUG OF WAR MIXED"], daysAgo: 15 },
  {
    club: "Kuching Hornbill Dragons",
    events: ["250M MALAYSIA OPEN", "400M PREMIER OPEN", "TUG OF WAR MIXED"],
    daysAgo: 12,
  },
];

export type DemoReservation = {
  club: string;
  boats: number;
  status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
  rejectReason?: string;
};
/** A training session: days from today (Malaysia time), start hour (Malaysia time, whole hours),
 * length in hours, max boats, and its requests in the order they came. Approved boats stay within
 * max boats; the last upcoming session is fully booked (not bookable). Pending requests are on
 * upcoming sessions only. The demo manager's club has a request in every state. */
export type DemoSession = {
  day: number;
  hour: number;
  hours: number;
  maxBoat: number;
  requests: DemoReservation[];
};

export const DEMO_FULLY_BOOKED = "Session is fully booked; please pick another slot.";
export const DEMO_SESSIONS: DemoSession[] = [
  {
    day: -14,
    hour: 7,
    hours: 2,
    maxBoat: 4,
    requests: [
      { club: "Penang Dragon Warriors", boats: 2, status: "APPROVED" },
      { club: "Singapore Paddle Club", boats: 2, status: "APPROVED" },
      { club: "Kuching Hornbill Dragons", boats: 1, status: "REJECTED", rejectReason: DEMO_FULLY_BOOKED },
    ],
  },
  {
    day: -7,
    hour: 16,
    hours: 2,
    maxBoat: 3,
    requests: [
      { club: "Penang Dragon Warriors", boats: 1, status: "CANCELLED" },
      { club: "Kuching Hornbill Dragons", boats: 2, status: "APPROVED" },
    ],
  },
  {
    day: -2,
    hour: 7,
    hours: 2,
    maxBoat: 5,
    requests: [
      { club: "Penang Dragon Warriors", boats: 1, status: "APPROVED" },
      {
        club: "Singapore Paddle Club",
        boats: 2,
        status: "REJECTED",
        rejectReason: "Steerer certificate not on file; send it to the committee and book again.",
      },
    ],
  },
  {
    day: 2,
    hour: 7,
    hours: 2,
    maxBoat: 4,
    requests: [
      { club: "Singapore Paddle Club", boats: 2, status: "APPROVED" },
      { club: "Penang Dragon Warriors", boats: 2, status: "PENDING" },
      { club: "Kuching Hornbill Dragons", boats: 1, status: "PENDING" },
    ],
  },
  {
    day: 5,
    hour: 16,
    hours: 2,
    maxBoat: 3,
    requests: [
      {
        club: "Penang Dragon Warriors",
        boats: 2,
        status: "REJECTED",
        rejectReason: "Please book one boat only for this slot.",
      },
      { club: "Kuching Hornbill Dragons", boats: 1, status: "APPROVED" },
      { club: "Bangkok River Dragons", boats: 1, status: "PENDING" },
    ],
  },
  {
    day: 9,
    hour: 7,
    hours: 2,
    maxBoat: 6,
    requests: [
      { club: "Penang Dragon Warriors", boats: 2, status: "APPROVED" },
      { club: "Singapore Paddle Club", boats: 2, status: "CANCELLED" },
    ],
  },
  {
    day: 12,
    hour: 8,
    hours: 2,
    maxBoat: 2,
    requests: [{ club: "Kuching Hornbill Dragons", boats: 2, status: "APPROVED" }],
  },
];
