// The process's two live boards over the app's database (issue 30: from lib/scoreboard-live.server.ts,
// which keeps the engine: createLiveBoard, the ticker, the stream slots): /scoreboard and /board,
// their data (models) and their renderers (page.server.tsx beside each route).
import {
  createLiveBoard,
  type LiveBoard,
  litefsPosition,
  processSlots,
  processTicker,
  type Render,
} from "~/lib/scoreboard-live.server";
import { dataVersion } from "~/lib/data-version.server";
import { raceEvents } from "~/lib/race-events.server";
import { boardData } from "~/models/board.server";
import { currentEdition } from "~/models/edition.server";
import { type ScoreboardData, scoreboardData } from "~/models/scoreboard.server";
import { bundleFor } from "~/i18n/bundles";
import { renderBigBoard, renderBigBoardPage } from "~/routes/board/page.server";
import { REFRESH_SECONDS, renderBoard, renderPage } from "./page.server";

/** The scoreboard's no-JS variant that reloads itself: /scoreboard?refresh=30, the reader's choice. */
export const scoreboardVariant = (query: URLSearchParams) =>
  query.get("refresh") === String(REFRESH_SECONDS) ? "refresh" : undefined;

/** The scoreboard's rendering of one version: the board, the page, and the page that reloads. */
export const renderScoreboard: Render<ScoreboardData> = (data, version, locale, updatedAt) => {
  const board = renderBoard(data, bundleFor(locale), { updatedAt, locale });
  return {
    board,
    page: renderPage(board, version, locale),
    variants: { refresh: renderPage(board, version, locale, { refresh: true }) },
  };
};

let live: LiveBoard | undefined;

/** The process's scoreboard over the app's database (one per process). */
export function liveBoard(): LiveBoard {
  if (!live) {
    const board = createLiveBoard({
      read: () => scoreboardData(currentEdition().id),
      render: renderScoreboard,
      variantOf: scoreboardVariant,
      dataKey: dataVersion,
      replicaKey: litefsPosition,
      ticker: processTicker(),
      slots: processSlots(),
    });
    live = board as unknown as LiveBoard;
    raceEvents.on("changed", board.changed);
  }
  return live;
}

let big: LiveBoard | undefined;

/** The process's big screen (/board) over the app's database (one per process). */
export function liveBigBoard(): LiveBoard {
  if (!big) {
    const board = createLiveBoard({
      read: () => boardData(currentEdition().id),
      render: (data, version, locale) => {
        const markup = renderBigBoard(data, bundleFor(locale));
        return { board: markup, page: renderBigBoardPage(markup, version, locale) };
      },
      dataKey: dataVersion,
      replicaKey: litefsPosition,
      ticker: processTicker(),
      slots: processSlots(),
    });
    big = board as unknown as LiveBoard;
    raceEvents.on("changed", board.changed);
  }
  return big;
}

/** Call after changing what the boards show outside the race models (e.g. the shown rounds, a
 * notice, a result state): both pages look at once instead of at the next poll. */
export function scoreboardChanged() {
  liveBoard().changed();
  liveBigBoard().changed();
}
