// The live scoreboard and big screen (app/lib/scoreboard-page.server.tsx, board-page.server.tsx;
// docs/decisions/0016-race-day.md): one Server-Sent Events stream per page (the board element's
// data-events: /scoreboard/events or /board/events); each "board" event carries the new board's
// markup (rendered and escaped on the server) and its version, which replace the page's board.
// Rounds whose markup changed are announced politely (the #sb-announce live region: "Results
// updated: HEAT 2 Official"). EventSource reconnects by itself after a drop (sending the last
// version it got); a refused stream (503, a server without the stream) is tried again after
// 10-40 s. Without JavaScript, or a browser without EventSource, /board reloads every 30 s and
// /scoreboard offers a link to a page that does.
(() => {
  const board = document.getElementById("board");
  const status = document.getElementById("sb-status");
  const announce = document.getElementById("sb-announce");
  if (!board) return;
  if (!("EventSource" in window)) {
    setTimeout(() => location.reload(), 30_000);
    return;
  }
  // The page's language rides on the status element (data-live ...); English without it.
  const TEXT = { live: "Live", connecting: "Reconnecting…", off: "Offline: retrying soon" };
  const show = (state) => {
    if (!status) return;
    status.dataset.state = state;
    status.textContent = status.dataset[state] || TEXT[state];
  };
  /** Each round's markup by its id (data-round), to tell which rounds a new board changed. */
  const rounds = () => {
    const map = new Map();
    for (const el of board.querySelectorAll("[data-round]")) map.set(el.dataset.round, el);
    return map;
  };
  const tell = (before) => {
    if (!announce) return;
    const said = [];
    for (const [id, el] of rounds()) {
      const old = before.get(id);
      if (old !== el.outerHTML && el.dataset.said) said.push(el.dataset.said);
    }
    if (said.length)
      announce.textContent = `${announce.dataset.updated || "Results updated:"} ${said.join("; ")}`;
  };
  const events = board.dataset.events || "/scoreboard/events";
  let retry;
  const connect = () => {
    const source = new EventSource(`${events}?v=${encodeURIComponent(board.dataset.version || "")}`);
    source.onopen = () => show("live");
    source.addEventListener("board", (event) => {
      const before = new Map([...rounds()].map(([id, el]) => [id, el.outerHTML]));
      board.innerHTML = event.data;
      board.dataset.version = event.lastEventId;
      show("live");
      tell(before);
    });
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return show("connecting");
      show("off");
      clearTimeout(retry);
      retry = setTimeout(connect, 10_000 + Math.random() * 30_000);
    };
  };
  show("connecting");
  connect();
})();
