import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ASSISTANT_CHECK_TEXTS } from '@shared/assistant-check';
import type { AssistantCheckResult } from '@shared/schemas/assistant-check';
import { assistantCheckApi } from '../../api/assistant-check-api';
import { assistantFailureText } from '../../api/assistant-failure';
import './assistant-check-panel.css';

const T = ASSISTANT_CHECK_TEXTS;

/**
 * "Check my assistant" (issue 35 §3): one button runs ten test conversations generated from the owner's own
 * configuration; each is listed with Pass or Fail, its failures in words and its transcript on demand.
 */
export function AssistantCheckPanel({ userId }: { userId: string }) {
  const [error, setError] = useState<string>();
  const run = useMutation({
    mutationFn: () => assistantCheckApi.run(userId),
    onMutate: () => setError(undefined),
    onError: (failure) => setError(assistantFailureText(failure, T.failed)),
  });
  const answer = run.data;

  return (
    <section
      // With results shown, the card takes the whole row so titles and transcripts read on one line.
      className={`card dashboard-panel assistant-check${answer ? ' assistant-check-wide' : ''}`}
      aria-labelledby="assistant-check-title"
    >
      <h2 id="assistant-check-title">{T.title}</h2>
      <p className="dashboard-muted">{T.intro}</p>
      <button type="button" className="btn btn-primary" onClick={() => run.mutate()} disabled={run.isPending}>
        {answer ? T.runAgain : T.run}
      </button>
      <p role="status" className="assistant-check-status">
        {run.isPending ? T.running : answer ? T.summary(answer.passed, answer.total) : ''}
      </p>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {answer && !run.isPending ? (
        <ul className="assistant-check-results" aria-label="Check results">
          {answer.results.map((result) => (
            <CheckResult key={result.id} result={result} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function CheckResult({ result }: { result: AssistantCheckResult }) {
  const [open, setOpen] = useState(false);
  const transcriptId = `assistant-check-transcript-${result.id}`;
  return (
    <li className="assistant-check-result" data-testid="assistant-check-result">
      <div className="assistant-check-row">
        <span className={`status-badge ${result.passed ? 'status-active' : 'status-paused'}`}>
          {result.passed ? T.pass : T.fail}
        </span>
        <span className="assistant-check-title">{result.title}</span>
        <button
          type="button"
          className="btn-link"
          aria-expanded={open}
          aria-controls={transcriptId}
          onClick={() => setOpen(!open)}
        >
          {open ? T.hideTranscript : T.showTranscript}
        </button>
      </div>
      {result.failures.length > 0 ? (
        <ul className="assistant-check-failures">
          {result.failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <dl id={transcriptId} className="assistant-check-transcript">
          {result.transcript.map((line, i) => (
            <div key={i} className={`assistant-check-line from-${line.speaker}`}>
              <dt>{line.speaker === 'caller' ? T.caller : T.assistant}</dt>
              <dd>{line.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
