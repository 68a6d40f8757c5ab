// The results desk's Import: a FinishLynx .lif or a lane,time CSV (multipart, intent import), then
// either the reasons it was refused or the note that the rows below are the file's preview.
import { Form } from "@remix-run/react";
import { CsrfInput, TaskInput } from "~/components/PostForm";
import { useMessages } from "~/i18n/useMessages";

export function ImportPanel({
  refused,
  previewFormat,
}: {
  /** The reasons the last file was refused. */
  refused: string[] | null;
  /** The format of the file previewed below (".lif", "CSV"). */
  previewFormat: string | null;
}) {
  const { LABELS } = useMessages();
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="results-import" preventScrollReset>
        <CsrfInput />
        <TaskInput task={LABELS.rsImport} />
        <input type="hidden" name="intent" value="import" />
        <div className="field">
          <label htmlFor="results-file">{LABELS.rsImportFile}</label>
          <input
            id="results-file"
            name="file"
            type="file"
            accept=".lif,.csv,.txt,text/plain,text/csv"
            aria-describedby="results-file-hint"
          />
          <p className="hint" id="results-file-hint">
            {LABELS.rsImportHint}
          </p>
        </div>
        <button type="submit" className="btn">
          {LABELS.rsImport}
        </button>
      </Form>
      {refused ? (
        <div className="results-refused" role="alert">
          <p>{LABELS.rsImportRefused}</p>
          <ul>
            {refused.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {previewFormat !== null ? (
        <p className="results-preview" role="status">
          {LABELS.rsPreview(previewFormat)}
        </p>
      ) : null}
    </>
  );
}
