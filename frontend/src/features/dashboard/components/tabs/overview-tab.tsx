import { ComingSoonPanel } from './coming-soon-panel';

/** Placeholder: the dashboard work fills this tab. */
export function OverviewTab() {
  return (
    <ComingSoonPanel title="Overview">
      Your assistant's status and quick actions will appear here soon.
    </ComingSoonPanel>
  );
}
