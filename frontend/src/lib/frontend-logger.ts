import type { FrontendLogEvent } from '@shared/schemas/frontend-log-event';
import { FRONTEND_LOG_PATH } from '@shared/frontend-log-event';
import { currentBearerToken } from './api-client';
import { loadRuntimeConfig } from './runtime-config';

/**
 * Sends a frontend event to the backend, which writes it as a structured log (CloudWatch in AWS).
 * Never awaited by the UI and never throws: a logging failure is only a console warning (spec §7).
 */
export function logFrontendEvent(event: Omit<FrontendLogEvent, 'timestamp'>): void {
  void (async () => {
    try {
      const token = await currentBearerToken();
      const { apiUrl } = await loadRuntimeConfig();
      const response = await fetch(`${apiUrl}${FRONTEND_LOG_PATH}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ ...event, timestamp: new Date().toISOString() }),
        keepalive: true,
      });
      if (!response.ok) console.warn(`Frontend log event not recorded (${response.status})`);
    } catch (error) {
      console.warn('Frontend log event not recorded', error);
    }
  })();
}
