import { describe, expect, it } from 'vitest';
import { WEBHOOK_TEXTS } from '@shared/webhooks';
import { checkUrlShape, checkWebhookUrl, isForbiddenAddress, type UrlPolicy } from './url-safety';

const aws: UrlPolicy = { appEnv: 'aws', localAllowedHosts: ['127.0.0.1', 'localhost'] };
const local: UrlPolicy = { appEnv: 'local', localAllowedHosts: ['127.0.0.1'] };
const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }];

describe('webhook URL safety (SSRF)', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.9.10',
    '0.0.0.0',
    '169.254.169.254',
    '169.254.1.1',
    '100.64.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '224.0.0.1',
    '255.255.255.255',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it('in AWS: https only, no literal private hosts, no internal names, no credentials', () => {
    const reasons = (url: string) => {
      const verdict = checkUrlShape(url, aws);
      return verdict.ok ? 'ok' : verdict.reason;
    };
    expect(reasons('http://hooks.example.com/in')).toBe(WEBHOOK_TEXTS.httpsOnly);
    expect(reasons('ftp://hooks.example.com/in')).toBe(WEBHOOK_TEXTS.httpsOnly);
    // The local allow-list means nothing in AWS.
    expect(reasons('http://127.0.0.1:9999/in')).toBe(WEBHOOK_TEXTS.httpsOnly);
    expect(reasons('https://127.0.0.1/in')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://[::ffff:127.0.0.1]/in')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://[::1]/in')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://169.254.169.254/latest/meta-data')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://2130706433/in')).toBe(WEBHOOK_TEXTS.privateAddress); // 127.0.0.1 as a number
    expect(reasons('https://0x7f.1/in')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://localhost/in')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://metadata.google.internal/')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://intranet/')).toBe(WEBHOOK_TEXTS.privateAddress);
    expect(reasons('https://user:pw@hooks.example.com/')).toBe(WEBHOOK_TEXTS.credentialsInUrl);
    expect(reasons('https://hooks.example.com/in')).toBe('ok');
  });

  it('locally, http and loopback only for the configured hosts', () => {
    expect(checkUrlShape('http://127.0.0.1:9999/in', local).ok).toBe(true);
    expect(checkUrlShape('http://localhost:9999/in', local).ok).toBe(false);
    expect(checkUrlShape('https://10.0.0.5/in', local).ok).toBe(false);
    expect(checkUrlShape('http://127.0.0.1:9999/in', { appEnv: 'local', localAllowedHosts: [] }).ok).toBe(
      false,
    );
  });

  it('checks every address a name resolves to', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const mapped = async () => [{ address: '::ffff:192.168.0.10', family: 6 }];
    expect(await checkWebhookUrl('https://hooks.example.com/', aws, publicOnly)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://hooks.example.com/', aws, mixed)).toEqual({
      ok: false,
      reason: WEBHOOK_TEXTS.privateAddress,
    });
    expect(await checkWebhookUrl('https://hooks.example.com/', aws, mapped)).toEqual({
      ok: false,
      reason: WEBHOOK_TEXTS.privateAddress,
    });
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await checkWebhookUrl('https://nowhere.example.com/', aws, failing)).toEqual({
      ok: false,
      reason: WEBHOOK_TEXTS.unresolvable,
    });
  });
});
