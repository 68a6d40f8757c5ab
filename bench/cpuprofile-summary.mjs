// Summarises a V8 .cpuprofile (from `node --cpu-prof`, e.g. `BENCH_CPU_PROF=dir npm run bench`):
// self time by package or file, the top functions by self time, and the top functions by total
// (inclusive) time, each as a share of the non-idle time.
//
//   node bench/cpuprofile-summary.mjs <file.cpuprofile> [top=25] [filter regex on "function file"]
import fs from "node:fs";

const [file, topArg, filterArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/cpuprofile-summary.mjs <file.cpuprofile> [top] [filter]");
  process.exit(2);
}
const top = Number(topArg) || 25;
const filter = filterArg ? new RegExp(filterArg) : null;
/** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }[], samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(fs.readFileSync(file, "utf8"));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Self microseconds per node id. */
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);
const short = (url) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "npm:")
    .replace(/^.*\/regatta-bench-[^/]+\/app\//, "")
    .replace(/^.*\/work\/main\//, "");
const where = (url) => {
  if (!url) return "(native/vm)";
  const s = short(url);
  if (s.startsWith("npm:")) {
    const parts = s.slice(4).split("/");
    return `npm:${parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  if (s.startsWith("node:")) return s;
  return s;
};
const label = (n) =>
  `${n.callFrame.functionName || "(anonymous)"} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

let total = 0;
let idle = 0;
for (const [id, us] of self) {
  total += us;
  const name = byId.get(id).callFrame.functionName;
  if (name === "(idle)") idle += us;
}
const busy = total - idle;

const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
const byPlace = new Map();
const byFunction = new Map();
const inclusive = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (n.callFrame.functionName === "(idle)") continue;
  add(byPlace, IDLE.has(n.callFrame.functionName) ? n.callFrame.functionName : where(n.callFrame.url), us);
  add(byFunction, label(n), us);
  // Inclusive: every distinct function on the stack gets the sample once.
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const key = label(byId.get(cur));
    if (!seen.has(key)) {
      seen.add(key);
      add(inclusive, key, us);
    }
  }
}

const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
const print = (title, map, n, filtered = true) => {
  console.log(`\n${title}`);
  const rows = [...map].filter(([k]) => !filtered || !filter || filter.test(k)).sort((a, b) => b[1] - a[1]);
  for (const [key, us] of rows.slice(0, n))
    console.log(`${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
};

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)}%); shares below are of busy time`,
);
print("self time by package / file", byPlace, top);
print("self time by function", byFunction, top);
print("total (inclusive) time by function", inclusive, top);

// With a filter: who calls the matching functions (the nearest caller outside the match), by time.
if (filter) {
  const callers = new Map();
  for (const [id, us] of self) {
    const chain = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) chain.push(byId.get(cur));
    const at = chain.findIndex((n) => filter.test(label(n)));
    if (at === -1) continue;
    let k = at;
    while (k < chain.length && filter.test(label(chain[k]))) k++;
    const path = chain
      .slice(k, k + 3)
      .map((n) => label(n))
      .join(" < ");
    add(callers, path || "(root)", us);
  }
  print("callers of the filter's functions (3 frames up)", callers, top, false);
}
