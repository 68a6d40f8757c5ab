import { useNavigation } from "@remix-run/react";
import { useMessages } from "~/i18n/useMessages";

/** Full-screen spinner while a form submission is pending: the task text followed by ' ...'. */
export function Spinner() {
  const navigation = useNavigation();
  const { LABELS } = useMessages();
  if (navigation.state === "idle" || !navigation.formData) return null;
  const task = String(navigation.formData.get("_task") ?? LABELS.taskLoading);
  return (
    <div className="spinner-overlay" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{`${task} ...`}</p>
    </div>
  );
}
