import { manipulationLabel } from '@shared/call-log';

/**
 * The honesty rules' mark on a conversation (docs/decisions/181-knowledge-and-honesty.md): what the caller
 * tried, shown as a short mark with the full sentence for the title and screen readers.
 */
export function ManipulationMark({ entry }: { entry: Parameters<typeof manipulationLabel>[0] }) {
  const label = manipulationLabel(entry);
  if (!label) return null;
  return (
    <span className="call-log-manipulation" data-testid="call-log-manipulation" title={label.detail}>
      {label.mark}
      <span className="sr-only">: {label.detail}</span>
    </span>
  );
}
