import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailMessage, EmailSender } from './port';

export type SesOptions = {
  region: string;
  /** A verified SES identity (address or domain address) that e-mails come from. */
  fromAddress: string;
  /** Another SES API host (tests point it at tests/fakes/ses). */
  endpoint?: string;
  /** With an endpoint only; in AWS the Lambda role's credentials are used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const FAKE_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * Amazon SES v2 `SendEmail` with a plain-text body and any extra headers (SES v2 `Simple.Headers`, e.g.
 * List-Unsubscribe); SES's own errors (e.g. MessageRejected) propagate.
 */
export function createSesEmailSender(options: SesOptions): EmailSender {
  // The SDK client loads on the first e-mail, not at cold start: most invocations send none (issue 16).
  let sdk:
    | Promise<{
        client: SESv2Client;
        SendEmailCommand: typeof import('@aws-sdk/client-sesv2').SendEmailCommand;
      }>
    | undefined;
  const loadSdk = () =>
    (sdk ??= import('@aws-sdk/client-sesv2').then(({ SESv2Client, SendEmailCommand }) => ({
      SendEmailCommand,
      client: new SESv2Client({
        region: options.region,
        // SES_ENDPOINT exists for the local fake, which takes any credentials (as DynamoDB Local does).
        ...(options.endpoint
          ? { endpoint: options.endpoint, credentials: options.credentials ?? FAKE_CREDENTIALS }
          : {}),
        maxAttempts: 2,
      }),
    })));
  return {
    async send(message: EmailMessage) {
      const { client, SendEmailCommand } = await loadSdk();
      const result = await client.send(
        new SendEmailCommand({
          FromEmailAddress: options.fromAddress,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
              ...(message.headers?.length
                ? { Headers: message.headers.map(({ name, value }) => ({ Name: name, Value: value })) }
                : {}),
            },
          },
          // A message tag lets SES's event destinations tell invitations from other mail.
          EmailTags: [{ Name: 'kind', Value: message.kind.replace(/[^A-Za-z0-9_-]/g, '_') }],
        }),
      );
      if (!result.MessageId) throw new Error('SES accepted the message without a message id');
      return { id: result.MessageId };
    },
  };
}
