import { createSesEmailSender } from './ses';
import { emailNotConfigured, type EmailSender } from './port';

/**
 * Amazon SES when a sender address is configured, else the local outbox when local providers are on,
 * else a sender that refuses (the API then answers with the spec's invitation failure).
 */
export function chooseEmailSender(
  ses: { fromAddress: string | undefined; region: string; endpoint: string | undefined },
  standIn: EmailSender | undefined,
): EmailSender {
  if (ses.fromAddress) {
    return createSesEmailSender({
      fromAddress: ses.fromAddress,
      region: ses.region,
      ...(ses.endpoint ? { endpoint: ses.endpoint } : {}),
    });
  }
  return standIn ?? emailNotConfigured;
}
