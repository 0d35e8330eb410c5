import { useState } from 'react';

export type InlineSaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string };

/**
 * A settings panel saved on its own button (answer modes, languages): editing clears the last outcome, a save
 * says "saved" or shows the server's message as it comes, so the owner always knows whether it took.
 */
export function useInlineSave(failedText: string) {
  const [state, setState] = useState<InlineSaveState>({ kind: 'idle' });
  const edit = () => setState({ kind: 'idle' });
  const run = async (save: () => Promise<void>) => {
    setState({ kind: 'saving' });
    try {
      await save();
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : failedText });
    }
  };
  return { state, edit, run };
}

/** The error, the save button and the status line of an inline-saved panel; test ids start with `testId`. */
export function InlineSaveActions({
  state,
  testId,
  saveLabel,
  savedText,
  onSave,
}: {
  state: InlineSaveState;
  testId: string;
  saveLabel: string;
  savedText: string;
  onSave: () => void;
}) {
  return (
    <>
      {state.kind === 'error' ? (
        <div className="alert alert-error" role="alert" data-testid={`${testId}-error`}>
          {state.message}
        </div>
      ) : null}
      <div className="answer-mode-actions">
        <button
          type="button"
          className="btn btn-secondary"
          data-testid={`${testId}-save`}
          disabled={state.kind === 'saving'}
          onClick={onSave}
        >
          {saveLabel}
        </button>
        <span role="status" data-testid={`${testId}-status`}>
          {state.kind === 'saved' ? savedText : ''}
        </span>
      </div>
    </>
  );
}
