import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './components/webhooks-section';

/**
 * The dashboard's Integrations tab: the owner's own tools, reached by signed webhooks (decision 178) and by
 * API keys for Zapier and REST hooks (decision 179).
 */
export function IntegrationsTab({ userId }: { userId: string }) {
  return (
    <>
      <WebhooksSection userId={userId} />
      <ApiKeysSection userId={userId} />
    </>
  );
}
