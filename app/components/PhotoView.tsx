import { Dialog } from "./Dialog";
import { useMessages } from "~/i18n/useMessages";

export type PhotoInfo = { id: number; name: string; team: string | null; image: string; status: string };

/** The photo viewer dialog of the Users table and the photo grids. */
export function PhotoView({ photo, closeTo }: { photo: PhotoInfo; closeTo: string }) {
  const { LABELS } = useMessages();
  const labels: Record<string, string> = LABELS.photoLabels;
  return (
    <Dialog title={photo.name || `#${photo.id}`} closeTo={closeTo}>
      <figure className="photo-view">
        <img src={`/uploads/${photo.image}`} alt={photo.name} width="360" height="480" />
        <figcaption>
          #{photo.id} · {photo.team ?? "—"} · {labels[photo.status] ?? photo.status}
        </figcaption>
      </figure>
    </Dialog>
  );
}
