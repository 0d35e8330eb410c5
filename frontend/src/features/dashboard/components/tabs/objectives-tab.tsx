import { ComingSoonPanel } from './coming-soon-panel';

/** Placeholder: the dashboard work fills this tab. */
export function ObjectivesTab() {
  return (
    <ComingSoonPanel title="Objectives">
      Business objectives for your assistant will be configurable here soon.
    </ComingSoonPanel>
  );
}
