// The broadcast overlay (/overlay, issue 29 part 2) served like the board: rendered once per change
// and kept as bytes (ETag, 304, gzip), live through its own Server-Sent Events stream
// (/overlay/events) on the scoreboard's machinery (`createLiveBoard`), sharing the process's one poll
// timer and one count of streams with /scoreboard and /board.
//
// Time as well as data: a result leaves the screen 30 s after it went Official even when nothing
// is written meanwhile. The data key is "unknown" (null: read again) once the shown result's time
// is up, so the next request, or the next tick of the poll timer while a stream is open, reads the
// overlay again without it, renders a new version and pushes it. With JavaScript the page also
// hides it by itself (public/overlay.js), for a stream that is down at that moment.
import type { IncomingMessage, ServerResponse } from "node:http";
import { bundleFor } from "~/i18n/bundles";
import { currentEdition } from "~/models/edition.server";
import { type OverlayData, overlayData } from "~/models/overlay.server";
import { dataVersion } from "~/lib/data-version.server";
import { renderOverlay, renderOverlayPage } from "./page.server";
import { raceEvents } from "~/lib/race-events.server";
import {
  createLiveBoard,
  type LiveBoard,
  litefsPosition,
  processSlots,
  processTicker,
  type Render,
  type StreamSlots,
  type Ticker,
} from "~/lib/scoreboard-live.server";

/** `?bg=green`: the chroma-key rendering. */
export const overlayVariant = (query: URLSearchParams) => (query.get("bg") === "green" ? "green" : undefined);

export const renderOverlayVersion: Render<OverlayData> = (data, version, locale) => {
  const board = renderOverlay(data, bundleFor(locale));
  return {
    board,
    page: renderOverlayPage(board, version, locale),
    variants: { green: renderOverlayPage(board, version, locale, { green: true }) },
  };
};

type Options = {
  /** The overlay at a time (ms). */
  read: (at: number) => OverlayData;
  /** A key that moves when the data may have changed (null: cannot tell). */
  dataKey: () => string | null;
  replicaKey?: () => string | null;
  /** The time (ms). The real clock, not a request's test clock: every visitor shares the bytes. */
  clock?: () => number;
  ticker?: Ticker;
  slots?: StreamSlots;
  pollMs?: number;
};

/** An overlay over any source (tests give their own); `liveOverlay()` is the process's. */
export function createLiveOverlay(options: Options) {
  const clock = options.clock ?? Date.now;
  /** When the result on screen leaves it (null: none on screen). */
  let until: number | null = null;
  return createLiveBoard<OverlayData>({
    read: () => {
      const data = options.read(clock());
      until = data.official?.until ?? null;
      return data;
    },
    render: renderOverlayVersion,
    variantOf: overlayVariant,
    dataKey: () => (until !== null && clock() >= until ? null : options.dataKey()),
    replicaKey: options.replicaKey,
    ticker: options.ticker,
    slots: options.slots,
    pollMs: options.pollMs,
  });
}

let live: LiveBoard | undefined;

/** The process's overlay over the app's database (one per process). */
export function liveOverlay(): LiveBoard {
  if (!live) {
    const overlay = createLiveOverlay({
      read: (at) => overlayData(currentEdition().id, at),
      dataKey: dataVersion,
      replicaKey: litefsPosition,
      ticker: processTicker(),
      slots: processSlots(),
    });
    live = overlay as unknown as LiveBoard;
    raceEvents.on("changed", overlay.changed);
  }
  return live;
}

/** Node handlers for server.mjs (`fastPaths` of routes/overlay.tsx). */
export const overlayHttp = {
  page: (req: IncomingMessage, res: ServerResponse) => liveOverlay().servePage(req, res),
  events: (req: IncomingMessage, res: ServerResponse) => liveOverlay().serveEvents(req, res),
  close: () => live?.closeStreams(),
};
