// The staff edition picker and banner (issue 21). ADMIN and COMMITTEE choose in the sidebar which
// edition their screens show (a POST to /editions/view, which sets or clears the `edition` cookie
// and goes back to the page); while that is not the open edition, every staff screen shows a banner
// above its content saying so, with a button back to the current edition. Plain forms: the same
// with and without JavaScript. Managers and competitors never get these (the _app loader gives them
// no editions).
import { useLocation } from "@remix-run/react";
import type { EditionState } from "../../db/enums";
import { PostForm } from "./PostForm";
import { useMessages } from "~/i18n/useMessages";

export type EditionSummary = { id: number; name: string; year: number; state: EditionState };
export type AppEditions = { viewed: EditionSummary; open: EditionSummary | null; all: EditionSummary[] };

/** The page to come back to after switching: this one, with its query. */
function useBack() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

export function EditionPicker({ editions }: { editions: AppEditions }) {
  const { LABELS } = useMessages();
  const back = useBack();
  return (
    <PostForm action="/editions/view" task={LABELS.edScTaskViewing} className="edition-picker">
      <input type="hidden" name="back" value={back} />
      <label htmlFor="edition-picker">{LABELS.edScPicker}</label>
      <div className="edition-picker-row">
        <select id="edition-picker" name="edition" defaultValue={editions.viewed.id} key={editions.viewed.id}>
          {editions.all.map((e) => (
            <option key={e.id} value={e.id}>
              {`${e.name} (${LABELS.edScStates[e.state].toLowerCase()})`}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-small">
          {LABELS.edScView}
        </button>
      </div>
    </PostForm>
  );
}

/** Above every staff screen while the edition looked at is not the open one. */
export function EditionBanner({ viewed, open }: { viewed: EditionSummary; open: EditionSummary | null }) {
  const { MSG, LABELS } = useMessages();
  const back = useBack();
  if (viewed.state === "OPEN") return null;
  const archived = viewed.state === "ARCHIVED";
  return (
    <div className={`edition-banner ${archived ? "edition-archived" : "edition-draft"}`} role="status">
      <p>{archived ? MSG.edScBannerArchived(viewed.name) : MSG.edScBannerDraft(viewed.name)}</p>
      {open ? (
        <PostForm action="/editions/view" task={LABELS.edScTaskViewing}>
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="edition" value={open.id} />
          <button type="submit" className="btn btn-small">
            {LABELS.edScBackToCurrent}
          </button>
        </PostForm>
      ) : null}
    </div>
  );
}
