import { WebhooksSection } from './components/webhooks-section';

/** The dashboard's Integrations tab: the owner's own tools, reached by signed webhooks (decision 178). */
export function IntegrationsTab({ userId }: { userId: string }) {
  return <WebhooksSection userId={userId} />;
}
