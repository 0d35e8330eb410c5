// Public entry of the integrations feature (docs/decisions/178-outbound-webhooks.md): the dashboard's
// Integrations tab, with the owner's webhook endpoints.
export { IntegrationsTab } from './integrations-tab';
