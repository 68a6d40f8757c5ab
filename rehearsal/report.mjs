// The rehearsal's report: rehearsal/report.json (the shape issue 27 gives, stats.mjs buildReport)
// and a self-contained rehearsal/report.html: latency over time per actor (p95 per time bucket)
// with the faults marked on the time axis, a table per actor (its requests by path), and the checks.
// The chart is uPlot (devDependency, ADR 0036), inlined into the page: it opens without a network.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { percentile } from "./stats.mjs";

const require = createRequire(import.meta.url);
const esc = (s) =>
  String(s)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/** p95 latency per actor per bucket of `bucketMs`: { xs (s), series: { actor: (number|null)[] } }. */
export function latencySeries(samplesByActor, bucketMs) {
  let end = 0;
  for (const list of samplesByActor.values()) for (const s of list) end = Math.max(end, s.t);
  const n = Math.floor(end / bucketMs) + 1;
  const xs = Array.from({ length: n }, (_, i) => Math.round((i * bucketMs) / 100) / 10);
  /** @type {Record<string, (number | null)[]>} */
  const series = {};
  for (const [actor, list] of samplesByActor) {
    const buckets = Array.from({ length: n }, () => []);
    for (const s of list) if (!s.pdf) buckets[Math.floor(s.t / bucketMs)].push(s.ms);
    series[actor] = buckets.map((b) => (b.length ? Math.round(percentile(b, 95)) : null));
  }
  return { xs, series };
}

function pathTable(list) {
  // One row per kind of request: ids and query strings folded (`/rounds/:id/results`).
  const by = new Map();
  for (const s of list) {
    const key = s.path.replace(/\?.*$/, "").replace(/\/\d+/g, "/:id");
    const e = by.get(key);
    if (e) e.push(s);
    else by.set(key, [s]);
  }
  const rows = [...by]
    .map(([p, l]) => ({
      p,
      n: l.length,
      err: l.filter((s) => s.error || s.status >= 500).length,
      p50: percentile(
        l.map((s) => s.ms),
        50,
      ),
      p95: percentile(
        l.map((s) => s.ms),
        95,
      ),
    }))
    .sort((a, b) => b.n - a.n)
    .slice(0, 15);
  return `<table><thead><tr><th>request</th><th>n</th><th>5xx/failed</th><th>p50 ms</th><th>p95 ms</th></tr></thead><tbody>${rows
    .map(
      (r) =>
        `<tr><td>${esc(r.p)}</td><td>${r.n}</td><td>${r.err}</td><td>${r.p50.toFixed(0)}</td><td>${r.p95.toFixed(0)}</td></tr>`,
    )
    .join("")}</tbody></table>`;
}

export function writeReport(dir, report, samplesByActor, extra = {}) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  const uplotDir = path.dirname(require.resolve("uplot/package.json"));
  const js = fs.readFileSync(path.join(uplotDir, "dist/uPlot.iife.min.js"), "utf8");
  const css = fs.readFileSync(path.join(uplotDir, "dist/uPlot.min.css"), "utf8");
  const { xs, series } = latencySeries(samplesByActor, extra.bucketMs ?? 5000);
  const data = { xs, series, faults: report.faults };
  const actorTables = [...samplesByActor]
    .map(([name, list]) => `<h3>${esc(name)}</h3>${pathTable(list)}`)
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rehearsal ${esc(report.scale)}: ${esc(report.verdict)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${css}
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}
td:first-child,th:first-child{text-align:left}.ok{color:#176117}.bad{color:#a00;font-weight:bold}
.verdict{font-size:1.4rem}</style></head><body>
<h1>Regatta day rehearsal — ${esc(report.scale)}${extra.mode ? ` (${esc(extra.mode)})` : ""}</h1>
<p class="verdict ${report.verdict === "pass" ? "ok" : "bad"}">Verdict: ${esc(report.verdict)}</p>
${extra.summary ? `<p>${esc(extra.summary)}</p>` : ""}
<h2>Latency over time (p95 per ${(extra.bucketMs ?? 5000) / 1000} s, ms; faults shaded)</h2>
<div id="chart"></div>
<h2>Checks</h2>
<table><thead><tr><th>check</th><th>ok</th><th>detail</th></tr></thead><tbody>
${report.checks.map((c) => `<tr><td>${esc(c.name)}</td><td class="${c.ok ? "ok" : "bad"}">${c.ok ? "ok" : "FAIL"}</td><td style="text-align:left">${esc(c.detail)}</td></tr>`).join("\n")}
</tbody></table>
<h2>Actors</h2>
<table><thead><tr><th>actor</th><th>requests</th><th>errors</th><th>p50</th><th>p95</th><th>p99</th></tr></thead><tbody>
${report.actors.map((a) => `<tr><td>${esc(a.name)}</td><td>${a.requests}</td><td>${a.errors}</td><td>${a.p50}</td><td>${a.p95}</td><td>${a.p99}</td></tr>`).join("\n")}
</tbody></table>
<h2>Faults</h2>
<table><thead><tr><th>fault</th><th>at (s)</th><th>seconds</th></tr></thead><tbody>
${report.faults.map((f) => `<tr><td>${esc(f.name)}</td><td>${(f.at / 1000).toFixed(1)}</td><td>${f.seconds}</td></tr>`).join("\n")}
</tbody></table>
<h2>Nodes</h2>
<table><thead><tr><th>node</th><th>peak RSS MB</th></tr></thead><tbody>
${report.nodes.map((n) => `<tr><td>${esc(n.name)}</td><td>${n.peakRssMb}</td></tr>`).join("\n")}
</tbody></table>
<h2>Each actor's requests</h2>
${actorTables}
<script>${js}</script>
<script>
const D = ${JSON.stringify(data).replaceAll("<", "\\u003c")};
const names = Object.keys(D.series);
const palette = ["#1f77b4","#d62728","#2ca02c","#9467bd","#ff7f0e","#17becf","#8c564b","#e377c2","#7f7f7f","#bcbd22"];
const faults = {
  hooks: { drawClear: [(u) => {
    const ctx = u.ctx;
    ctx.save();
    D.faults.forEach((f, i) => {
      const x0 = u.valToPos(f.at / 1000, "x", true);
      const x1 = u.valToPos(f.at / 1000 + Math.max(f.seconds, 0.5), "x", true);
      ctx.fillStyle = ["rgba(255,0,0,0.10)","rgba(0,0,255,0.10)","rgba(0,160,0,0.10)","rgba(255,160,0,0.15)"][i % 4];
      ctx.fillRect(x0, u.bbox.top, Math.max(2, x1 - x0), u.bbox.height);
      ctx.fillStyle = "#333";
      ctx.font = (12 * devicePixelRatio) + "px system-ui";
      ctx.fillText(f.name, x0 + 4, u.bbox.top + 14 * devicePixelRatio * (1 + (i % 4)));
    });
    ctx.restore();
  }] },
};
new uPlot({
  width: Math.min(1200, document.body.clientWidth - 20), height: 420,
  plugins: [faults],
  scales: { x: { time: false } },
  axes: [{ label: "seconds since the start" }, { label: "p95 ms" }],
  series: [{ label: "s" }, ...names.map((n, i) => ({ label: n, stroke: palette[i % palette.length], spanGaps: true, width: 1.5 }))],
}, [D.xs, ...names.map((n) => D.series[n])], document.getElementById("chart"));
</script>
</body></html>
`;
  fs.writeFileSync(path.join(dir, "report.html"), html);
}
