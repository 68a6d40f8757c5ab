// A scanned participant's photo, or a labelled blank when there is none.
import { useMessages } from "~/i18n/useMessages";
import type { ScanPerson } from "~/rules/scan-history";

export function Photo({ person, large = false }: { person: ScanPerson; large?: boolean }) {
  const cls = large ? "kiosk-photo kiosk-photo-large" : "kiosk-photo";
  const { LABELS } = useMessages();
  return person.image ? (
    <img className={cls} src={`/uploads/${person.image}`} alt={person.name} />
  ) : (
    <span className={`${cls} kiosk-photo-none`} role="img" aria-label={LABELS.kioskNoPhoto(person.name)} />
  );
}
