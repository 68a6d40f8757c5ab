// The seeds' command line: `npm run db:seed` (the demo data, db/seed.ts) and
// `npm run db:seed -- --size race-day` (the race weekend, db/seed-race-day.ts, which runs the demo
// seed first). The seed modules only export functions, so tests and scripts import them without
// running anything, and neither imports the other's command line. `--size rehearsal[-smoke|-quarter|
// -half]` is the regatta day `npm run rehearsal` runs (db/seed-rehearsal.ts).
import { seed } from "./seed";
import { runRaceDaySeed } from "./seed-race-day";
import { runRehearsalSeed } from "./seed-rehearsal";

const at = process.argv.indexOf("--size");
const size = at > 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith("--size="))?.slice(7);
if (size === "race-day") {
  process.exitCode = await runRaceDaySeed();
} else if (size === "rehearsal" || size?.startsWith("rehearsal-")) {
  // `rehearsal` is Kaohsiung's scale; `rehearsal-smoke|quarter|half` the smaller ones (npm run rehearsal).
  process.exitCode = await runRehearsalSeed(
    size === "rehearsal" ? "kaohsiung" : size.slice("rehearsal-".length),
  );
} else if (size !== undefined) {
  console.error(`Unknown --size ${size}: race-day, or rehearsal[-smoke|-quarter|-half].`);
  process.exitCode = 1;
} else {
  const filled = await seed();
  console.log(filled ? "Demo data added." : "Database already has data; seed skipped.");
}
