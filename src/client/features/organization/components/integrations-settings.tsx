import { WebhookEndpointList } from './webhook-endpoint-list.tsx';

/** The Integrations tab (admins only: the settings page shows it to no one else). */
export function IntegrationsSettings() {
  return <WebhookEndpointList />;
}
