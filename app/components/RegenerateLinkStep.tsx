// The confirmation step of Regenerate Link (issue 18): the manager's own club over the profile
// (routes/_app._home.referral-link.tsx) and any club for ADMIN over All Teams
// (routes/_app.associations.$id.regenerate.tsx) say the same; only where "No" goes back differs.
import { ConfirmStep } from "./ConfirmStep";
import { useMessages } from "~/i18n/useMessages";

export function RegenerateLinkStep({
  club,
  back,
  hidden,
}: {
  club: { name: string };
  back: string;
  hidden?: Record<string, string | number>;
}) {
  const { LABELS } = useMessages();
  return (
    <ConfirmStep
      title={LABELS.regenerateLink}
      back={back}
      subject={club.name}
      sentence={LABELS.regenerateLinkConfirm}
      note={LABELS.regenerateLinkNote}
      confirmLabel={LABELS.yesRegenerate}
      backLabel={LABELS.confirmNo}
      task={LABELS.taskRegenerating}
      hidden={hidden}
    />
  );
}
