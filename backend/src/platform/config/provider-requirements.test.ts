import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { missingKeys, providerReport } from './provider-requirements';

describe('provider requirements', () => {
  it('reports which providers are real and what the others lack, with reasons for rejected keys', () => {
    const config = loadConfig({
      APP_ENV: 'aws',
      OPENAI_API_KEY: `sk-${'a'.repeat(40)}`,
      STRIPE_SECRET_KEY: 'pk_live_wrong_kind',
      SES_FROM_ADDRESS: 'hello@ringly.example',
    });
    const report = providerReport(config);
    expect(report.real).toEqual(['assistant', 'llm', 'speech']);
    // E-mail needs the key that signs its unsubscribe links as well as the sender.
    expect(report.notConfigured.email).toEqual(['TOKEN_ENCRYPTION_KEY (missing)']);
    expect(report.notConfigured.payments).toEqual([
      'STRIPE_SECRET_KEY (must start with sk_live_, sk_test_, rk_live_ or rk_test_)',
      'STRIPE_WEBHOOK_SECRET (missing)',
    ]);
    expect(missingKeys(config, 'telephony').map(({ key }) => key)).toEqual([
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
    ]);
  });

  it('ignores local-only settings in AWS but honours them locally', () => {
    const local = { LOCAL_PROVIDERS: 'false', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' };
    expect(loadConfig(local).localProviders).toBe(false);
    expect(loadConfig(local).openai.baseUrl).toBe('http://127.0.0.1:1/v1');
    const aws = loadConfig({ ...local, APP_ENV: 'aws', LOCAL_PROVIDERS: 'true' });
    expect(aws.localProviders).toBe(false);
    expect(aws.openai.baseUrl).toBeUndefined();
  });

  it('checks keys only in AWS: a local test key stays as given', () => {
    expect(loadConfig({ TWILIO_AUTH_TOKEN: 'fake' }).twilio.authToken).toBe('fake');
    const aws = loadConfig({ APP_ENV: 'aws', TWILIO_AUTH_TOKEN: 'fake' });
    expect(aws.twilio.authToken).toBeUndefined();
    expect(aws.vendorKeyProblems).toEqual({ TWILIO_AUTH_TOKEN: 'must be 32 hex digits' });
  });
});
