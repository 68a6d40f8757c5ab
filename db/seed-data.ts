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
