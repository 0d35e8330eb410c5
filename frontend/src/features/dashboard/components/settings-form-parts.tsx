/** A settings panel whose stored values could not be loaded: its heading and the reason. */
export function SettingsLoadFailed({
  titleId,
  title,
  message,
}: {
  titleId: string;
  title: string;
  message: string;
}) {
  return (
    <section className="card dashboard-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="alert alert-error" role="alert">
        {message}
      </p>
    </section>
  );
}

/** The end of a settings form: "saved" or what went wrong, and the save button (busy while saving). */
export function SettingsFormFooter({
  saved,
  savedText,
  failure,
  pending,
  saveText,
}: {
  saved: boolean;
  savedText: string;
  failure: string | undefined;
  pending: boolean;
  saveText: string;
}) {
  return (
    <>
      {saved ? (
        <p className="alert alert-success" role="status">
          {savedText}
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Saving…' : saveText}
      </button>
    </>
  );
}
