import { useLocation } from "@remix-run/react";
import { FastLink } from "~/components/FastLink";
import { useMessages } from "~/i18n/useMessages";

export type GridPhoto = { id: number; name: string; team: string | null; image: string };

/** The photo grids of staff: a card per member (name, team, photo), optionally a checkbox each
 * (place the grid inside the action's form; its value is `id:image`), and a View link opening the
 * dialog child route. */
export function PhotoGrid({
  photos,
  viewBase,
  selectable = false,
}: {
  photos: GridPhoto[];
  viewBase: string;
  selectable?: boolean;
}) {
  const { search } = useLocation();
  const { MSG, LABELS } = useMessages();
  if (photos.length === 0) return <p className="empty">{MSG.nothingToShow}</p>;
  return (
    <ul className="photo-grid">
      {photos.map((p) => (
        <li key={p.id} className="photo-card">
          <img src={`/uploads/${p.image}`} alt={p.name} width="160" height="213" loading="lazy" />
          <div className="photo-card-text">
            {selectable ? (
              <label className="photo-select">
                {/* The member with the photo this card shows: if they upload a new one before the
                    admin confirms, the new one is not approved unseen. */}
                <input type="checkbox" name="ids" value={`${p.id}:${p.image}`} /> <strong>{p.name}</strong>
              </label>
            ) : (
              <strong>{p.name}</strong>
            )}
            <span>{p.team ?? "—"}</span>
            <FastLink
              to={`${viewBase}/${p.id}${search}`}
              preventScrollReset
              aria-label={LABELS.viewPhoto(p.name)}
            >
              {LABELS.view}
            </FastLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
