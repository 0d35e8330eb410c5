import { ComingSoonPanel } from './coming-soon-panel';

/** Placeholder: the dashboard work fills this tab. */
export function AnalyticsTab() {
  return (
    <ComingSoonPanel title="Analytics">
      Conversation analytics and suggestions will appear here soon.
    </ComingSoonPanel>
  );
}
