// The confirmation step of a POST (Cancel Order, Cancel Request, the Delete dialogs): a dialog over
// its list with what is concerned, the question, an optional note of what goes with it, one POST
// button (CSRF and the spinner's task in PostForm; hidden fields if any) and a link back. A child
// route renders it, so it is the same page with and without JavaScript; the route's action does
// the work.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog } from "./Dialog";
import { PostForm } from "./PostForm";

export function ConfirmStep({
  title,
  back,
  subject,
  sentence,
  note,
  confirmLabel,
  backLabel,
  task,
  hidden = {},
}: {
  title: string;
  /** Where the link back (and the dialog's Close) goes: the list, with its query. */
  back: string;
  /** What the step is about (an order, a session, a round), above the question. */
  subject: ReactNode;
  sentence: string;
  /** A hint under the question (what else goes). */
  note?: ReactNode;
  confirmLabel: string;
  backLabel: string;
  task: string;
  hidden?: Record<string, string | number>;
}) {
  return (
    <Dialog title={title} closeTo={back}>
      <p>{subject}</p>
      <p>{sentence}</p>
      {note ? <p className="hint">{note}</p> : null}
      <PostForm task={task} preventScrollReset className="actions">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn btn-danger">
          {confirmLabel}
        </button>
        <Link to={back} className="btn" preventScrollReset>
          {backLabel}
        </Link>
      </PostForm>
    </Dialog>
  );
}
