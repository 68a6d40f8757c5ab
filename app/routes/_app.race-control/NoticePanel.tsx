// Race control's notice: the one shown on the scoreboard (with Remove) and Post Notice (a box read
// by rules/race-control-schema noticeSchemaFor; a refusal comes back in it with what was typed).
import { getFormProps, type SubmissionResult, useForm } from "~/components/form-state";
import { TextareaField } from "~/components/Field";
import { PostForm } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";
import { NOTICE_MAX } from "~/rules/timetable";

export function NoticePanel({
  notice,
  lastResult,
}: {
  notice: { id: number; text: string } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { LABELS } = useMessages();
  return (
    <section className="rc-notice card" aria-labelledby="rc-notice-head">
      <h2 id="rc-notice-head" className="table-title">
        {LABELS.rcNotice}
      </h2>
      {notice ? (
        <div className="rc-notice-current">
          <p>
            <small className="hint">{LABELS.rcCurrentNotice}</small>
          </p>
          <p className="rc-notice-text" data-testid="rc-notice">
            {notice.text}
          </p>
          <PostForm task={LABELS.rcTaskRemovingNotice} preventScrollReset>
            <input type="hidden" name="intent" value="removeNotice" />
            <input type="hidden" name="id" value={notice.id} />
            <button type="submit" className="btn btn-small" aria-label={LABELS.rcRemoveNotice}>
              {LABELS.rcRemove}
            </button>
          </PostForm>
        </div>
      ) : (
        <p className="hint">{LABELS.rcNoNotice}</p>
      )}
      {/* A posted notice starts the box again empty. */}
      <NoticeForm key={notice?.id ?? 0} lastResult={lastResult} />
    </section>
  );
}

function NoticeForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { LABELS } = useMessages();
  const [form, fields] = useForm<{ notice: string }>({ id: "rc-notice-form", lastResult });
  return (
    <PostForm task={LABELS.rcTaskPostingNotice} preventScrollReset {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="postNotice" />
      <TextareaField
        label={LABELS.rcNotice}
        field={fields.notice}
        hint={LABELS.rcNoticeHint}
        rows={2}
        maxLength={NOTICE_MAX}
        required
      />
      <button type="submit" className="btn btn-primary">
        {LABELS.rcPostNotice}
      </button>
    </PostForm>
  );
}
