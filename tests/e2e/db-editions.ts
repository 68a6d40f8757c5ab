// The editions journey (tests/e2e/editions-journey.spec.ts) opens a new edition on the shared e2e
// server: it runs after every other test (playwright.config.ts, projects last-js and last-no-js),
// and each run first puts the database back as seeded: the seeded open edition open again, the
// edition the journey made gone, the crew tag fees as they were: the edition model's
// restoreSeededEdition, one transaction on the models' connection (./e2e-env points it at the e2e
// database before the model loads).
import "./e2e-env";
import { restoreSeededEdition } from "../../app/models/edition.server";

/** The seeded open edition (this year's), whatever the journey did before. */
export function resetEditions(year: number): { id: number; name: string } {
  return restoreSeededEdition(year);
}
