// The live scoreboard (app/lib/scoreboard-page.server.tsx, docs/decisions/0016-race-day.md): one
// Server-Sent Events stream per page; each "board" event carries the new board's markup (rendered
// and escaped on the server) and its version, which replace the page's board. EventSource
// reconnects by itself after a drop (sending the last version it got); a refused stream (503, a
// server without the stream) is tried again after 10-40 s. Without JavaScript, or a browser
// without EventSource, the page reloads every 30 s instead.
(() => {
  const board = document.getElementById("board");
  const status = document.getElementById("sb-status");
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
  let retry;
  const connect = () => {
    const source = new EventSource(`/scoreboard/events?v=${encodeURIComponent(board.dataset.version || "")}`);
    source.onopen = () => show("live");
    source.addEventListener("board", (event) => {
      board.innerHTML = event.data;
      board.dataset.version = event.lastEventId;
      show("live");
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
