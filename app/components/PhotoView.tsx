import { Dialog } from "./Dialog";

export type PhotoInfo = { id: number; name: string; team: string | null; image: string; status: string };

/** The photo viewer dialog of the Users table and the photo grids. */
export function PhotoView({ photo, closeTo }: { photo: PhotoInfo; closeTo: string }) {
  return (
    <Dialog title={photo.name || `#${photo.id}`} closeTo={closeTo}>
      <figure className="photo-view">
        <img src={`/uploads/${photo.image}`} alt={photo.name} width="360" height="480" />
        <figcaption>
          #{photo.id} · {photo.team ?? "—"} · {photo.status}
        </figcaption>
      </figure>
    </Dialog>
  );
}
