import { ApiKeysSection } from './api-keys-section';

/** The dashboard's Integrations tab: the owner's connections to their own tools (docs/decisions/179). */
export function IntegrationsTab({ userId }: { userId: string }) {
  return <ApiKeysSection userId={userId} />;
}
