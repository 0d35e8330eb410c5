import type { CalendarService } from '@shared/calendar';
import type {
  CalendarConnectionRepository,
  CalendarConnectionRecord,
  SealedTokens,
} from './records/calendar-connections';
import type { Logger } from '../../platform/logging/logger';
import type { CalendarProviders } from '../../providers/calendar/port';
import {
  OAuthGrantError,
  OAuthUnavailableError,
  refusesOurClient,
  type OAuthTokens,
} from '../../providers/calendar/oauth-types';
import { TokenDecryptionError } from '../../providers/calendar/token-cipher';

/** An access token this close to its expiry is refreshed before it is used or reported as connected. */
export const EXPIRY_MARGIN_MS = 60_000;

/**
 * A connection's tokens: sealed for storage, and opened into a usable access token (refreshed when due, or
 * when the vendor just refused it). When only a new authorization can help (refresh refused: consent revoked;
 * no refresh token; sealed with a replaced key) the connection is marked 'expired' and no token is given:
 * the owner sees "Reconnect" and the assistant books into the internal calendar meanwhile.
 */
export function createConnectionTokens(deps: {
  connections: Pick<CalendarConnectionRepository, 'markExpired' | 'updateTokens'>;
  calendar: Pick<CalendarProviders, 'forService' | 'tokenCipher'>;
  logger: Logger;
  now: () => Date;
}) {
  const { tokenCipher } = deps.calendar;
  // The owner and service are the ciphertext's associated data: a token moved to another item fails to open.
  const context = (userId: string, service: CalendarService) => `${userId}/${service}`;

  const seal = (userId: string, service: CalendarService, tokens: OAuthTokens): SealedTokens => ({
    access_token_enc: tokenCipher.encrypt(tokens.accessToken, context(userId, service)),
    refresh_token_enc: tokens.refreshToken
      ? tokenCipher.encrypt(tokens.refreshToken, context(userId, service))
      : undefined,
    token_expires_at: tokens.expiresAt,
    scope: tokens.scope,
  });

  const isDue = (record: CalendarConnectionRecord) =>
    record.token_expires_at !== undefined &&
    record.token_expires_at - EXPIRY_MARGIN_MS <= deps.now().getTime();

  const expire = async (userId: string, service: CalendarService, reason: string) => {
    await deps.connections.markExpired(userId, service);
    deps.logger.warn('Calendar connection expired', { service, userId, reason });
    return undefined;
  };

  return {
    seal,
    isDue,
    /**
     * A usable access token, or undefined once the connection is expired. `refresh` forces a refresh (the
     * vendor refused the current token). A vendor that can't be reached throws (OAuthUnavailableError): the
     * connection stays as it is and the caller falls back for now.
     */
    async accessToken(
      userId: string,
      record: CalendarConnectionRecord,
      { refresh = false } = {},
    ): Promise<string | undefined> {
      const { service } = record;
      if (record.status === 'expired') return undefined;
      try {
        if (!refresh && !isDue(record))
          return tokenCipher.decrypt(record.access_token_enc, context(userId, service));
        const provider = deps.calendar.forService(service);
        if (!record.refresh_token_enc || !provider) return await expire(userId, service, 'no refresh token');
        const tokens = await provider.refresh(
          tokenCipher.decrypt(record.refresh_token_enc, context(userId, service)),
        );
        await deps.connections.updateTokens(userId, service, seal(userId, service, tokens));
        return tokens.accessToken;
      } catch (error) {
        // Our client credentials refused: the operator's to fix. The connection stays as it is (expiring it
        // would send every owner to reconnect, which fails the same way); callers fall back meanwhile.
        if (refusesOurClient(error)) {
          deps.logger.error('Calendar vendor refused our client credentials; connections kept', {
            service,
            code: (error as OAuthGrantError).code,
          });
          throw new OAuthUnavailableError(
            `${service} refused the app's client credentials (${(error as OAuthGrantError).code})`,
          );
        }
        // Revoked, invalid, or sealed with a replaced key: only a new authorization helps.
        if (error instanceof OAuthGrantError || error instanceof TokenDecryptionError)
          return expire(userId, service, (error as Error).message);
        throw error;
      }
    },
  };
}
export type ConnectionTokens = ReturnType<typeof createConnectionTokens>;
