// The broadcast overlay (/overlay, app/lib/overlay-page.server.tsx; issue 29 part 2): one Server-Sent
// Events stream (/overlay/events, the element's data-events); each "board" event carries the new
// overlay's markup (rendered and escaped on the server) and its version, which replace the page's.
// A result (the element with data-until, the server's time in ms when its 30 s are up) is removed
// by a timer as well, in case the stream is down when the server drops it: after what is left of
// its 30 s by this computer's clock, never later than 30 s after it arrived (a clock set wrong
// cannot keep it up). EventSource reconnects by itself; a refused stream is tried again after
// 10-40 s. Without EventSource the page reloads every 5 s, as without JavaScript.
(() => {
  const root = document.getElementById("overlay");
  if (!root) return;
  if (!("EventSource" in window)) {
    setTimeout(() => location.reload(), 5_000);
    return;
  }
  const SHOW_MS = 30_000;
  let hide;
  const scheduleHide = () => {
    clearTimeout(hide);
    const result = root.querySelector("[data-until]");
    if (!result) return;
    const left = Number(result.dataset.until) - Date.now();
    hide = setTimeout(() => result.remove(), left > 0 && left <= SHOW_MS ? left : SHOW_MS);
  };
  const events = root.dataset.events || "/overlay/events";
  let retry;
  const connect = () => {
    const source = new EventSource(`${events}?v=${encodeURIComponent(root.dataset.version || "")}`);
    // The stream's state on the element (nothing shows it: the picture is the race alone).
    source.onopen = () => {
      root.dataset.state = "live";
    };
    source.addEventListener("board", (event) => {
      root.innerHTML = event.data;
      root.dataset.version = event.lastEventId;
      scheduleHide();
    });
    source.onerror = () => {
      root.dataset.state = source.readyState === EventSource.CLOSED ? "off" : "connecting";
      if (source.readyState !== EventSource.CLOSED) return;
      clearTimeout(retry);
      retry = setTimeout(connect, 10_000 + Math.random() * 30_000);
    };
  };
  scheduleHide();
  connect();
})();
