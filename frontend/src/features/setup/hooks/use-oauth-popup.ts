import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CALENDAR_MESSAGES,
  CONNECTION_REFRESH_DELAY_MS,
  OAUTH_MESSAGE_TYPES,
  OAUTH_POPUP,
  type CalendarService,
  type OAuthPopupMessage,
} from '@shared/calendar';
import { ApiClientError } from '../../../lib/api-client';
import { runtimeConfig } from '../../../lib/runtime-config';
import { getOAuthUrl } from '../api/setup-api';

export type OAuthOutcome = { tone: 'success' | 'error' | 'info'; text: string };

/** The person pressed Deny on the consent screen: their choice, not a failure. */
class ConsentDeclinedError extends Error {}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Opens the popup centred over the app window, at the spec's 500x600. */
function openPopup(url: string) {
  const left = window.screenX + Math.max(0, (window.outerWidth - OAUTH_POPUP.width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - OAUTH_POPUP.height) / 2);
  return window.open(
    url,
    'oauth-connect',
    `width=${OAUTH_POPUP.width},height=${OAUTH_POPUP.height},left=${left},top=${top}`,
  );
}

/**
 * Waits for the popup (spec §4 "Calendar connection"): a message of type oauth_success, or the popup
 * closing (treated as success), every check 1 s apart; after 5 minutes 'OAuth process timed out'.
 */
function waitForPopup(popup: Window, service: CalendarService, signal: AbortSignal): Promise<void> {
  const allowedOrigins = new Set([window.location.origin, new URL(runtimeConfig().apiUrl).origin]);
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(timeout);
      signal.removeEventListener('abort', onAbort);
    };
    const finish = (error?: Error) => {
      cleanup();
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (event: MessageEvent<OAuthPopupMessage>) => {
      if (!allowedOrigins.has(event.origin) || typeof event.data !== 'object' || event.data === null) return;
      if (event.data.type === OAUTH_MESSAGE_TYPES.success && event.data.service === service) finish();
      if (event.data.type === OAUTH_MESSAGE_TYPES.error) {
        finish(
          event.data.reason === 'declined'
            ? new ConsentDeclinedError(event.data.message)
            : new Error(event.data.message),
        );
      }
    };
    const onAbort = () => finish(new Error('cancelled'));
    const poll = setInterval(() => {
      if (popup.closed) finish();
    }, OAUTH_POPUP.pollIntervalMs);
    const timeout = setTimeout(() => {
      popup.close();
      finish(new Error(CALENDAR_MESSAGES.timedOut));
    }, OAUTH_POPUP.timeoutMs);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
  });
}

/** Connect one calendar service through the popup; a 401 signs the owner out (spec §8 "OAuth connect"). */
export function useOAuthPopup({
  onConnected,
  onUnauthorized,
}: {
  onConnected: () => void;
  onUnauthorized: () => void;
}) {
  const [connecting, setConnecting] = useState<CalendarService | null>(null);
  const [outcome, setOutcome] = useState<OAuthOutcome | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  /** `replacing`: the personal calendar connected now, which this connection replaces (spec §2). */
  const connect = useCallback(
    async (service: CalendarService, replacing?: CalendarService) => {
      setOutcome(null);
      setConnecting(service);
      try {
        let authUrl: string;
        try {
          authUrl = (await getOAuthUrl(service)).auth_url;
        } catch (error) {
          if (error instanceof ApiClientError && error.status === 401) {
            onUnauthorized();
            return;
          }
          const detail =
            error instanceof ApiClientError ? (error.serverError ?? error.message) : errorText(error);
          setOutcome({ tone: 'error', text: CALENDAR_MESSAGES.failedToGetOAuthUrl(detail) });
          return;
        }
        const popup = openPopup(authUrl);
        if (!popup) {
          setOutcome({ tone: 'error', text: CALENDAR_MESSAGES.failedToConnect(service) });
          return;
        }
        aborter.current = new AbortController();
        try {
          await waitForPopup(popup, service, aborter.current.signal);
        } catch (error) {
          if (aborter.current.signal.aborted) return;
          if (error instanceof ConsentDeclinedError) {
            setOutcome({ tone: 'info', text: CALENDAR_MESSAGES.declined(service) });
            return;
          }
          const text = errorText(error);
          setOutcome({
            tone: 'error',
            text: text === CALENDAR_MESSAGES.timedOut ? text : CALENDAR_MESSAGES.failedToConnect(service),
          });
          console.error(`Connecting ${service} failed`, error);
          return;
        }
        setOutcome({
          tone: 'success',
          text:
            replacing && replacing !== service
              ? CALENDAR_MESSAGES.switched(service, replacing)
              : CALENDAR_MESSAGES.connected(service),
        });
        setTimeout(onConnected, CONNECTION_REFRESH_DELAY_MS);
      } finally {
        setConnecting(null);
      }
    },
    [onConnected, onUnauthorized],
  );

  return { connect, connecting, outcome };
}
