import { WEBHOOK_DELIVERY, WEBHOOK_TEXTS } from '@shared/webhooks';
import { publicAppUrl, type AppConfig } from '../../platform/config/env';

/** The owner's e-mail when an endpoint failed for a whole retry window (its URL, never its secret). */
export function failingEndpointEmail(endpoint: { url: string }, config: Pick<AppConfig, 'publicAppUrl'>) {
  return {
    subject: WEBHOOK_TEXTS.failingSubject,
    text: [
      `Ringly could not deliver events to your webhook endpoint ${endpoint.url} for ${WEBHOOK_DELIVERY.retryWindowHours} hours, so it is now marked as failing.`,
      '',
      'New events are still sent to it. Once your receiver answers again, open the delivery log to replay the events it missed:',
      `${publicAppUrl(config)}/dashboard?tab=integrations`,
    ].join('\n'),
  };
}
