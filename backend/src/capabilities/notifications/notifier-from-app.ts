import { publicAppUrl, publicBaseUrl, type AppConfig } from '../../platform/config/env';
import { missingKeys } from '../../platform/config/provider-requirements';
import { localDevelopmentTokenKey } from '../../providers/calendar/token-cipher';
import { signInEmailOf } from '../../providers/identity/port';
import type { Providers } from '../../providers/providers';
import { createNotifier, type NotifierDeps } from './notifier';
import { createUnsubscribeTokens } from './unsubscribe-token';

/** The notifier as the app runs it, built from the platform, the repositories and the providers. */
export function notifierFromApp(
  app: Pick<NotifierDeps, 'data' | 'metrics' | 'rateLimiter' | 'now' | 'logger'> & {
    config: AppConfig;
    providers: Pick<Providers, 'email' | 'telephony' | 'identity' | 'llm'>;
  },
) {
  const { config, providers } = app;
  // Unsubscribe links are signed with a key derived from TOKEN_ENCRYPTION_KEY; outside AWS the public
  // development key stands in (as for calendar tokens). In AWS without it nothing is e-mailed, and it says so.
  const signingKey =
    config.calendarOAuth.tokenEncryptionKey ??
    (config.appEnv === 'aws' ? undefined : localDevelopmentTokenKey());
  return createNotifier({
    data: app.data,
    email: providers.email,
    // OpenAI renders a caller's words in English; the local stand-in has no model and renders nothing.
    renderInEnglish: (lines) => providers.llm.renderInEnglish(lines),
    emailMissingKeys: config.appEnv === 'aws' ? missingKeys(config, 'email').map(({ key }) => key) : [],
    metrics: app.metrics,
    sms: providers.telephony,
    rateLimiter: app.rateLimiter,
    signInEmailOf: signInEmailOf(providers.identity),
    tokens: signingKey ? createUnsubscribeTokens(signingKey) : undefined,
    apiUrl: publicBaseUrl(config),
    appUrl: publicAppUrl(config),
    now: app.now,
    logger: app.logger,
  });
}
