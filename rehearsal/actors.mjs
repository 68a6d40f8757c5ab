// The rehearsal's actors (issue 27 section 2): each a loop of simulated browsers going through the
// app's own pages, forms and endpoints over HTTP, bounded by the day's end. They share `day` (the
// compressed timetable and what each actor was told) with the harness, never the database.
import { Client, csrfOf, formWith, openStream, sleep, tagsOf, attr, agentFor } from "./http.mjs";

export const PASSWORD = "Regatta2026!";

/**
 * Presses again while the server reconnects, as a person does after a moment, for 60 s at most.
 * A 503 (the edge's or the app's "reconnecting": the request reached no app, nothing was written)
 * is always pressed again; so is a read with no answer (status 0) or a 502. A write with no answer
 * or a 502 may have been taken (the edge sent it, then lost the node): never resent blindly. With
 * `look` (re-reading the state, as a person looks before pressing again) it is resent only when
 * look finds it was not taken (null), else look's answer stands; `guarded: true` says the server
 * itself refuses a repeat (a versioned save, a state change, a Start), so resending cannot write
 * twice; any other write is not resent.
 * @param {{ ms?: number, write?: boolean, guarded?: boolean,
 *   look?: () => Promise<{ status: number } | null> }} [options]
 */
async function persist(day, fn, { ms = 60_000, write = false, guarded = false, look } = {}) {
  const until = performance.now() + ms;
  let res = await fn();
  while (performance.now() < until && !day.stopped) {
    const unanswered = res.status === 0 || res.status === 502;
    if (res.status !== 503 && !unanswered) break;
    await sleep(1000);
    if (unanswered && write && !guarded) {
      if (!look) break;
      const seen = await look();
      if (seen) return seen;
      if (day.stopped) break;
    }
    res = await fn();
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// Kiosks

/** An enrolled kiosk: staff log in on it, enrol it, log out; the device cookie stays. */
async function enrolKiosk(day, name, agent) {
  const c = new Client({ base: day.base, actor: "kiosk", recorder: day.rec, agent });
  if (!(await c.login(day.staff.email, PASSWORD))) throw new Error(`kiosk ${name}: staff login failed`);
  const page = await c.get("/scanning/entrance");
  const csrf = csrfOf(page.text());
  const res = await c.post("/scanning/enrol", { csrf, name, back: "/scanning/entrance" });
  if (res.status !== 302) throw new Error(`kiosk ${name}: enrol answered ${res.status}`);
  // The device's cookies (its kiosk enrolment and its device id); the staff session is dropped.
  const device = [...c.jar].filter(([k]) => /kiosk|device/i.test(k));
  if (!device.some(([k]) => /kiosk/i.test(k))) throw new Error(`kiosk ${name}: no device cookie`);
  c.jar = new Map(device);
  return c;
}

/** The teams of a round, as the kiosk's round step lists them. */
async function teamsOfRound(c, roundId) {
  const res = await c.get(`/scanning/entrance?roundId=${roundId}`);
  if (res.status !== 200) return null;
  return [...new Set([...res.text().matchAll(/name="teamId" value="(\d+)"/g)].map((m) => Number(m[1])))];
}

/**
 * One kiosk: takes crews from its queue (day.kioskJobs[i]), loads the team's page (its CSRF
 * token), checks one code at the server as the JS kiosk does for a code it cannot decide, and
 * saves the crew's codes. Offline (day.kioskOffline for kiosk `offlineIndex`), saves are queued
 * on the device and replayed in order when the network is back.
 */
export async function kioskActor(day, index) {
  const agent = agentFor(4);
  const c = await enrolKiosk(day, `Gate ${index + 1}`, agent);
  const queue = []; // saves not sent yet: { roundId, teamId, codes }
  const jobs = day.kioskJobs[index];
  let csrf = null;
  const sendOne = async (job) => {
    if (!csrf) {
      const p = await c.get(`/scanning/entrance?roundId=${job.roundId}&teamId=${job.teamId}`);
      csrf = csrfOf(p.text());
      if (!csrf) return { status: p.status || 0 };
    }
    const body = new URLSearchParams({ csrf, roundId: String(job.roundId), teamId: String(job.teamId) });
    for (const code of job.codes) body.append("h", code);
    const res = await c.post("/scanning/entrance/save", body);
    if (res.status === 403) csrf = null; // a new token next time, kept and retried
    return res;
  };
  const drain = async () => {
    while (queue.length > 0 && !day.offline(index)) {
      const job = queue[0];
      const res = await sendOne(job);
      if (res.status === 200) {
        const { dropped = [] } = JSON.parse(res.text());
        const userIds = job.codes.filter((x) => !dropped.includes(x)).map((x) => Number(x.slice(1)));
        day.told.scans.push({
          roundId: job.roundId,
          teamId: job.teamId,
          userIds,
          kiosk: index,
          replayed: job.replay === true,
        });
        queue.shift();
      } else if (res.status === 0 || res.status >= 500 || res.status === 403) {
        // Kept in the queue, tried again, as the JS kiosk does, also after a 502 or no answer: a save
        // sent twice is written once (saveScanLogs skips a user already logged for the round and team).
        await sleep(1000);
        if (day.stopped) return;
      } else {
        day.told.scanRefused.push({ ...job, status: res.status });
        queue.shift();
      }
    }
  };
  while (!day.stopped) {
    const job = jobs.shift();
    if (!job) {
      await drain();
      if (day.scanningDone && queue.length === 0 && jobs.length === 0) break;
      await sleep(200);
      continue;
    }
    const members = day.members.get(job.teamId) ?? [];
    const codes = members.map((id) => `#${id}`);
    if (day.offline(index)) {
      // No network: the JS kiosk checks roster codes itself and queues the Save.
      day.kioskQueuedOffline++;
      queue.push({ roundId: job.roundId, teamId: job.teamId, codes, replay: true });
      continue;
    }
    const page = await c.get(`/scanning/entrance?roundId=${job.roundId}&teamId=${job.teamId}`);
    if (page.status === 200) csrf = csrfOf(page.text()) ?? csrf;
    if (codes.length > 0)
      await c.get(
        `/scanning/entrance/check?roundId=${job.roundId}&teamId=${job.teamId}&code=${encodeURIComponent(codes[0])}`,
      );
    queue.push({ roundId: job.roundId, teamId: job.teamId, codes });
    await drain();
  }
  agent.destroy();
}

/** Hands out the crews of each round to the kiosks, a few races before its start, once its lanes
 * are drawn (heats) or seeded (after the sources are Official). */
export async function kioskDispatcher(day) {
  const agent = agentFor(2);
  const c = await enrolKiosk(day, "Gate office", agent);
  const pending = [...day.rounds];
  let turn = 0;
  while (pending.length > 0 && !day.stopped) {
    const now = day.rec.now();
    for (let i = 0; i < pending.length; i++) {
      const r = pending[i];
      if (now < day.startAt(r) - day.scanLead) continue;
      if (!r.sources.every((s) => day.declared.has(s))) continue;
      const teams = await persist(day, async () => {
        const t = await teamsOfRound(c, r.id);
        return t ? { status: 200, teams: t } : { status: 503 };
      });
      if (!teams.teams || teams.teams.length === 0) continue;
      r.teams = teams.teams;
      for (const teamId of teams.teams)
        day.kioskJobs[turn++ % day.kioskJobs.length].push({ roundId: r.id, teamId });
      pending.splice(i--, 1);
    }
    await sleep(250);
  }
  day.scanningDone = true;
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------
// Race control

export async function raceControlActor(day) {
  const agent = agentFor(2);
  const c = new Client({ base: day.base, actor: "race-control", recorder: day.rec, agent });
  if (!(await c.login(day.staff.email, PASSWORD))) throw new Error("race control: login failed");
  const form = async () => {
    const p = await c.get("/race-control");
    return csrfOf(p.text());
  };
  let noticeId = null;
  for (const r of day.rounds) {
    while (day.rec.now() < day.startAt(r) && !day.stopped) {
      // Running late: a notice up while the day is behind, removed once it caught up.
      const late = day.lateness(day.rec.now()) > 0;
      if (late && noticeId === null) {
        const csrf = await form();
        const notice = "Racing is running about 15 minutes late. / Perlumbaan lewat kira-kira 15 minit.";
        const res = await persist(
          day,
          () => c.post("/race-control", { csrf, intent: "postNotice", notice }),
          {
            write: true,
            // Posted after all? The notice is on race control's page (a second one would show twice).
            look: async () => {
              const p = await c.get("/race-control");
              if (p.status !== 200) return null;
              return p.text().includes("Racing is running about 15 minutes late.") ? { status: 302 } : null;
            },
          },
        );
        if (res.status === 302) {
          const p = await c.get("/race-control");
          const f = formWith(p.text(), /value="removeNotice"/);
          noticeId = f?.inputs.find(([n]) => n === "id")?.[1] ?? "none";
          day.faults.push({
            name: "day running late",
            at: Math.round(day.rec.now()),
            seconds: Math.round(day.lateSpanMs / 1000),
          });
        }
      } else if (!late && noticeId !== null && noticeId !== "none" && day.rec.now() > day.lateEndMs) {
        const csrf = await form();
        await persist(day, () => c.post("/race-control", { csrf, intent: "removeNotice", id: noticeId }), {
          write: true,
          guarded: true, // removing a removed notice removes nothing
        });
        noticeId = "none";
      }
      await sleep(Math.min(250, day.startAt(r) - day.rec.now()));
    }
    if (day.stopped) break;
    const csrf = await form();
    // A Start already recorded is refused (startRound), never recorded twice.
    const res = await persist(
      day,
      () => c.post("/race-control", { csrf, intent: "start", id: String(r.id) }),
      {
        write: true,
        guarded: true,
      },
    );
    r.startedAt = day.rec.now();
    if (res.status !== 302) day.told.startRefused.push({ roundId: r.id, status: res.status });
  }
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------
// Results desks

/** A FinishLynx .lif for a round: distinct times, lane 1..n (tests/fixtures/lynx). */
export function lifFor(r, lanes, rand) {
  const times = lanes.map(() => 120_000 + Math.floor(rand() * 30_000)); // 2:00.000 .. 2:30.000
  const seen = new Set();
  for (let i = 0; i < times.length; i++) {
    while (seen.has(times[i])) times[i] += 7;
    seen.add(times[i]);
  }
  const order = lanes.map((lane, i) => ({ lane, ms: times[i] })).sort((a, b) => a.ms - b.ms);
  const fmt = (ms) =>
    `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
  const lines = [`${r.number},1,1,${r.name.replace(/,/g, " ")},,,,,,500,09:00:00`];
  for (const [i, x] of order.entries())
    lines.push(`${i + 1},${x.lane},${x.lane},Crew ${x.lane},,Club,${fmt(x.ms)},,,,,,,,`);
  return { text: `${lines.join("\r\n")}\r\n`, times: Object.fromEntries(order.map((x) => [x.lane, x.ms])) };
}

async function importAndSave(day, c, r, lif) {
  const url = `/rounds/${r.id}/results`;
  const page = await persist(day, () => c.get(url));
  const csrf = csrfOf(page.text());
  // Import only previews the file (nothing saved until Save): sent again freely.
  const imported = await persist(
    day,
    () =>
      c.postMultipart(
        url,
        [
          ["csrf", csrf],
          ["intent", "import"],
        ],
        [{ name: "file", filename: `${r.number}.lif`, type: "text/plain", content: lif.text }],
      ),
    { write: true, guarded: true },
  );
  const save = formWith(imported.text(), /name="intent" value="save"/);
  if (imported.status !== 200 || !save) return { status: imported.status || 0, step: "import" };
  return { save, url };
}

/** A results save carries the version it was loaded from: a repeat is refused (409), never saved twice. */
async function postSave(day, c, url, save) {
  return persist(day, () => c.post(url, new URLSearchParams(save.inputs)), { write: true, guarded: true });
}

/**
 * Two desks share the finished races. Each: the generated .lif imported, the preview's form saved
 * as Provisional, then, after the (compressed) protest window, Declare Official. Every fourth
 * race both desks save the same round from the same version: one is refused (409), reloads and
 * saves again.
 */
export async function resultsDesks(day) {
  const agents = [agentFor(2), agentFor(2)];
  const desks = agents.map(
    (agent) => new Client({ base: day.base, actor: "results-desk", recorder: day.rec, agent }),
  );
  for (const [i, d] of desks.entries())
    if (!(await d.login(i === 0 ? day.staff.email : day.staff2.email, PASSWORD)))
      throw new Error("results desk: login failed");
  let rand = 0x2468;
  const random = () => {
    rand = (rand * 1103515245 + 12345) & 0x7fffffff;
    return rand / 0x7fffffff;
  };
  const work = async (r, k) => {
    while (!day.stopped && (r.startedAt === undefined || day.rec.now() < r.startedAt + day.raceMs))
      await sleep(200);
    if (day.stopped) return;
    // The crews on the water: the results screen's lanes (a semi-final or final is seeded by the
    // app when its sources are declared Official; a late day may start it first).
    let lanes = [];
    while (!day.stopped) {
      const page = await persist(day, () => desks[k % 2].get(`/rounds/${r.id}/results`));
      const html = page.text();
      lanes = [
        ...html.matchAll(/results-on-phone">[\s\S]*?<\/span>([0-9A-Za-z]+)<input type="hidden" name="race"/g),
      ].map((m) => m[1]);
      if (lanes.length === 0) lanes = [...html.matchAll(/name="race"/g)].map((_, i) => String(i + 1));
      if (lanes.length > 0) break;
      await sleep(500);
    }
    if (lanes.length === 0) return day.told.resultsFailed.push({ roundId: r.id, step: "no crews known" });
    const lif = lifFor(r, lanes, random);
    const mine = desks[k % 2];
    const other = desks[(k + 1) % 2];
    const a = await importAndSave(day, mine, r, lif);
    if (!a.save) return day.told.resultsFailed.push({ roundId: r.id, ...a });
    if (k % 4 === 3) {
      // Both desks on the same round, loaded from the same version.
      const b = await importAndSave(day, other, r, lif);
      const first = await postSave(day, mine, a.url, a.save);
      const second = b.save ? await postSave(day, other, b.url, b.save) : { status: 0 };
      day.told.conflicts.push({ roundId: r.id, first: first.status, second: second.status });
      if (second.status === 409) {
        const again = await importAndSave(day, other, r, lif);
        if (again.save) await postSave(day, other, again.url, again.save);
      }
      if (first.status !== 302)
        return day.told.resultsFailed.push({ roundId: r.id, status: first.status, step: "save" });
    } else {
      const res = await postSave(day, mine, a.url, a.save);
      if (res.status !== 302)
        return day.told.resultsFailed.push({ roundId: r.id, status: res.status, step: "save" });
    }
    day.told.results.set(r.id, { times: lif.times, revision: 0, state: "PROVISIONAL" });
    await sleep(day.protestMs);
    const page = await persist(day, () => mine.get(a.url));
    const declare = formWith(page.text(), /name="intent" value="declare"/);
    if (!declare)
      return day.told.resultsFailed.push({ roundId: r.id, status: page.status, step: "declare form" });
    const at = day.rec.now();
    // Declaring an Official result again is refused (its version moved on).
    const res = await persist(day, () => mine.post(a.url, new URLSearchParams(declare.inputs)), {
      write: true,
      guarded: true,
    });
    if (res.status !== 302)
      return day.told.resultsFailed.push({ roundId: r.id, status: res.status, step: "declare" });
    day.declared.set(r.id, at);
    day.told.results.set(r.id, { times: lif.times, revision: 1, state: "OFFICIAL" });
  };
  await Promise.all(day.rounds.map((r, k) => work(r, k)));
  for (const a of agents) a.destroy();
}

// ---------------------------------------------------------------------------------------------
// Spectators

/** A phone on /board (or /scoreboard): the page, then its live stream, reloaded every so often;
 * a stream that drops is opened again after a moment, as EventSource does. */
export async function spectatorActor(day, index) {
  const agent = agentFor(1);
  const board = index % 5 !== 4;
  const c = new Client({
    base: day.base,
    actor: board ? "spectator-board" : "spectator-scoreboard",
    recorder: day.rec,
    agent,
  });
  await sleep(Math.random() * day.spectatorRampMs);
  while (!day.stopped) {
    await c.get(board ? "/board" : "/scoreboard", { timeoutMs: 10_000 });
    const entry = {
      opened: day.rec.now(),
      closedAt: Number.POSITIVE_INFINITY,
      seen: new Map(),
      officials: 0,
    };
    const s = openStream({
      base: day.base,
      path: board ? "/board/events" : "/scoreboard/events",
      address: c.address,
      recorder: day.rec,
      onEvent: (event, data, t) => {
        if (!board || event !== "board") return;
        for (const m of data.matchAll(/data-round="(\d+)" data-said="[^"]* Official"/g)) {
          const id = Number(m[1]);
          if (!entry.seen.has(id)) {
            entry.seen.set(id, t);
            entry.officials++;
          }
        }
      },
    });
    if (board) day.streams.push(entry);
    const until = day.rec.now() + day.reloadMs();
    while (!day.stopped && day.rec.now() < until && !s.closed) await sleep(250);
    entry.closedAt = day.rec.now();
    s.close();
    if (!day.stopped && s.status !== 200) await sleep(1000 + Math.random() * 2000);
  }
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------
// Managers

/** The simulator's checkout: order, provider form, the payment page's Pay, the return; then the
 * same callback posted again at once (duplicated) and later (late). */
async function payTickets(day, c) {
  const page = await c.get("/tickets/purchase/checkout?pax=2");
  const form = formWith(page.text(), /name="csrf"/);
  if (page.status !== 200 || !form) return { ok: false, step: `checkout page ${page.status}` };
  const inputs = new URLSearchParams(form.inputs);
  if (!inputs.has("pax")) inputs.set("pax", "2");
  // A 503 is the edge's own answer while the primary is away (nothing reached the app): pressed
  // again. No answer (or a 502): the order may have been made; the club's orders are looked at
  // first, and a new one there means it was: not pressed again (a second order), the step failed.
  const ordersBefore = await orderIds(c);
  let made = null;
  const proceed = await persist(day, () => c.post("/tickets/purchase/checkout", inputs), {
    write: true,
    look: async () => {
      const now = await orderIds(c);
      if (!now || !ordersBefore) return null;
      made = [...now].find((id) => !ordersBefore.has(id)) ?? null;
      return made ? { status: 0 } : null;
    },
  });
  if (made) return { ok: false, step: `proceed unanswered; order ${made} was made, not made again` };
  const provider = formWith(proceed.text?.() ?? "", /name="order_id"/);
  if (!provider) return { ok: false, step: `proceed ${proceed.status}` };
  const orderId = provider.inputs.find(([n]) => n === "order_id")?.[1];
  const toSim = await c.post(provider.action ?? "/simulator/pay", new URLSearchParams(provider.inputs));
  if (toSim.status !== 303 && toSim.status !== 302)
    return { ok: false, step: `simulator post ${toSim.status}`, orderId };
  const sim = await c.get(toSim.headers.location);
  const pay = formWith(sim.text(), /name="csrf"/);
  if (!pay) return { ok: false, step: `simulator page ${sim.status}`, orderId };
  const body = new URLSearchParams(pay.inputs);
  body.set("choice", "pay");
  const paid = await c.post(pay.action ?? toSim.headers.location, body);
  const back = paid.headers.location;
  if (!back?.startsWith("/senangpay/return")) return { ok: false, step: `pay ${paid.status}`, orderId };
  await c.get(back);
  const params = new URL(back, day.base).searchParams;
  const cb = new Client({ base: day.base, actor: "payment-callbacks", recorder: day.rec, agent: c.agent });
  await cb.post("/senangpay/callback", params); // duplicated
  day.lateCallbacks.push(async () => cb.post("/senangpay/callback", params)); // late
  return { ok: true, orderId };
}

/** The ids on the club's order list (its first page, newest first), or null when it did not load. */
async function orderIds(c) {
  const page = await c.get("/orders");
  if (page.status !== 200) return null;
  return new Set([...page.text().matchAll(/href="\/orders\/(\d+)[?"]/g)].map((m) => m[1]));
}

export async function managerActor(day, index) {
  const agent = agentFor(2);
  const c = new Client({ base: day.base, actor: "manager", recorder: day.rec, agent });
  await sleep(Math.random() * day.managerRampMs);
  if (!(await c.login(day.managerEmail(index), PASSWORD))) {
    day.told.managerFailed.push({ index, step: "login" });
    return;
  }
  let paidOnce = false;
  let crewChanged = false;
  let k = 0;
  while (!day.stopped && day.rec.now() < day.dayEndMs) {
    const step = k++ % 5;
    if (step === 0) await c.get("/");
    else if (step === 1) await c.get("/confirmed-events");
    else if (step === 2) {
      await c.get("/members/crew-tags.pdf", { pdf: true, timeoutMs: 60_000 });
    } else if (step === 3 && !paidOnce) {
      paidOnce = true;
      const r = await payTickets(day, c);
      if (r.ok) day.told.payments.push(r.orderId);
      else day.told.managerFailed.push({ index, ...r });
    } else if (step === 4 && !crewChanged) {
      crewChanged = true;
      await changeCrew(day, c, index);
    } else await c.get("/events");
    await sleep(day.managerGapMs * (0.5 + Math.random()));
  }
  agent.destroy();
}

/** A crew change before the deadline: one of the club's teams not yet raced swaps one rower for
 * a clubmate, on its Pick Crew page; the crew is told (the kiosk scans the new crew). */
export async function changeCrew(day, c, index) {
  const team = day.changeableTeam(index);
  if (!team) return;
  const url = `/events/teams/${team.teamId}`;
  const page = await c.get(url);
  const html = page.text();
  const chunk = html
    .split(/<form\b/i)
    .slice(1)
    .find((p) => /type="checkbox" name="member"/.test(p.split(/<\/form>/i)[0]));
  if (page.status !== 200 || !chunk)
    return day.told.managerFailed.push({ index, step: `crew page ${page.status}` });
  const body = chunk.split(/<\/form>/i)[0];
  const boxes = tagsOf(body, "input").filter((t) => /type="checkbox"/.test(t));
  const checked = boxes.filter((t) => /\schecked/.test(t));
  const unchecked = boxes.filter((t) => !/\schecked/.test(t));
  if (checked.length === 0 || unchecked.length === 0)
    return day.told.managerFailed.push({ index, step: "crew page: no rower to swap" });
  const name = attr(checked[0], "name");
  const out = attr(checked[0], "value");
  const inn = attr(unchecked[0], "value");
  const fields = new URLSearchParams();
  for (const t of tagsOf(body, "input")) {
    const n = attr(t, "name");
    if (!n || /type="(checkbox|submit)"/.test(t)) continue;
    fields.append(n, attr(t, "value") ?? "");
  }
  for (const t of checked.slice(1)) fields.append(name, attr(t, "value"));
  fields.append(name, inn);
  // Pressed again while the server reconnects; after no answer (or a 502) the crew page is looked
  // at first: the new rower already in the crew means it was saved.
  const res = await persist(day, () => c.post(url, fields), {
    write: true,
    look: async () => {
      const again = await c.get(url);
      if (again.status !== 200) return null;
      const form = again
        .text()
        .split(/<form\b/i)
        .map((p) => p.split(/<\/form>/i)[0])
        .find((p) => /type="checkbox" name="member"/.test(p));
      const box = (value) =>
        tagsOf(form ?? "", "input").find((t) => /type="checkbox"/.test(t) && attr(t, "value") === value);
      const isIn = box(inn);
      const isOut = box(out);
      return isIn && /\schecked/.test(isIn) && isOut && !/\schecked/.test(isOut) ? { status: 302 } : null;
    },
  });
  if (res.status === 302 || res.status === 200) {
    const members = day.members.get(team.teamId);
    if (members && res.status === 302)
      day.members.set(team.teamId, [...members.filter((m) => String(m) !== out), Number(inn)]);
    day.told.crewChanges.push({ teamId: team.teamId, status: res.status });
  } else day.told.managerFailed.push({ index, step: `crew save ${res.status}` });
}
