// The kiosk screens' device parts (issue 18; docs/decisions/0024-kiosk-enrolment.md): the short
// explanation a browser that is not a kiosk device gets instead of the screen, and the panel staff
// see under it: "Enrol this device as a kiosk" (a name, a POST), or the name it is enrolled as.
import { Link } from "@remix-run/react";
import { PostForm } from "./PostForm";
import { useMessages } from "~/i18n/useMessages";
import { KIOSK_NAME_MAX } from "~/rules/kiosk-fields";

/** What the kiosk screens' loaders tell the page about this browser (no one's data). */
export type KioskView = { staff: boolean; device: string | null };

export function KioskLocked() {
  const { MSG, LABELS } = useMessages();
  return (
    <div className="kiosk-locked" role="status">
      <p className="kiosk-lead">{MSG.kioskLocked}</p>
      <p>{MSG.kioskLockedHow}</p>
      <p>
        <Link to="/auth/login" className="btn">
          {LABELS.kioskLogin}
        </Link>
      </p>
    </div>
  );
}

/** For staff: enrol this browser, or the kiosk it already is. Nothing for a device alone. */
export function KioskEnrol({
  view,
  back,
}: {
  view: KioskView;
  back: "/scanning/entrance" | "/scanning/profile" | "/scanning/pontoon";
}) {
  const { LABELS } = useMessages();
  if (!view.staff) return null;
  return (
    <section className="kiosk-enrol" aria-labelledby="kiosk-enrol-head">
      <h2 id="kiosk-enrol-head">{LABELS.kioskDevice}</h2>
      {view.device ? (
        <p>{LABELS.kioskEnrolledAs(view.device)}</p>
      ) : (
        <>
          <p className="hint">{LABELS.kioskStaffOnly}</p>
          <PostForm action="/scanning/enrol" task={LABELS.kioskTaskEnrolling} className="kiosk-form">
            <input type="hidden" name="back" value={back} />
            <label htmlFor="kiosk-name">{LABELS.kioskDeviceName}</label>
            <div className="kiosk-inline">
              <input
                id="kiosk-name"
                name="name"
                type="text"
                required
                maxLength={KIOSK_NAME_MAX}
                autoComplete="off"
                aria-describedby="kiosk-name-hint"
              />
              <button type="submit" className="btn">
                {LABELS.kioskEnrol}
              </button>
            </div>
            <p id="kiosk-name-hint" className="hint">
              {LABELS.kioskDeviceNameHint}
            </p>
          </PostForm>
        </>
      )}
    </section>
  );
}
