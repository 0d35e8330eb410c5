import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/env';
import { chooseEmailSender } from './choose';
import { emailNotConfigured, type EmailSender } from './port';

const outbox: EmailSender = { send: async () => ({ id: 'local-1' }) };

describe('choosing the e-mail sender from configuration', () => {
  it('reads SES settings and the public app URL from the environment', () => {
    const config = loadConfig({
      APP_ENV: 'aws',
      AWS_REGION: 'eu-west-1',
      SES_FROM_ADDRESS: 'invites@ringly.example',
      ALLOWED_ORIGINS: 'https://app.ringly.example,https://www.ringly.example',
    });
    expect(config.ses).toEqual({
      fromAddress: 'invites@ringly.example',
      region: 'eu-west-1',
      endpoint: undefined,
    });
    expect(config.publicAppUrl).toBe('https://app.ringly.example');
    expect(loadConfig({ PUBLIC_APP_URL: 'https://ringly.example' }).publicAppUrl).toBe(
      'https://ringly.example',
    );
    expect(() => loadConfig({ SES_FROM_ADDRESS: 'not-an-address' })).toThrow(/SES_FROM_ADDRESS/);
  });

  it('uses SES when a sender is configured, else the local outbox, else a sender that refuses', async () => {
    const ses = chooseEmailSender(
      { fromAddress: 'invites@ringly.example', region: 'us-east-1', endpoint: 'http://127.0.0.1:1' },
      outbox,
    );
    expect(ses).not.toBe(outbox);
    expect(
      chooseEmailSender({ fromAddress: undefined, region: 'us-east-1', endpoint: undefined }, outbox),
    ).toBe(outbox);
    const none = chooseEmailSender(
      { fromAddress: undefined, region: 'us-east-1', endpoint: undefined },
      undefined,
    );
    expect(none).toBe(emailNotConfigured);
    await expect(none.send({ to: 'a@b.c', subject: 's', text: 't', kind: 'k' })).rejects.toThrow(
      /not configured/,
    );
  });
});
