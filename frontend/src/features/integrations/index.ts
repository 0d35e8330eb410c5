// Public entry of the integrations feature: the dashboard's Integrations tab, with the owner's webhook
// endpoints (docs/decisions/178-outbound-webhooks.md) and API keys for Zapier and the owner's own tools
// (docs/decisions/179-api-keys-and-rest-hooks.md).
export { IntegrationsTab } from './integrations-tab';
