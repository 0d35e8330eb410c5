import { describe, expect, it } from 'vitest';
import { WEBHOOK_TEXTS } from '@shared/webhooks';
import { hookTargetProblem } from './hook-target-url';

const deployed = { appEnv: 'aws', localAllowedHosts: ['127.0.0.1'] } as const;
const local = { appEnv: 'local', localAllowedHosts: ['127.0.0.1', 'localhost'] } as const;

describe('hook target URLs at subscribe time (the webhook endpoints’ rules)', () => {
  it('accepts public https URLs such as Zapier’s', () => {
    expect(hookTargetProblem('https://hooks.zapier.com/hooks/standard/123/abc/', deployed)).toBeUndefined();
    expect(hookTargetProblem('https://example.com:8443/in?x=1', deployed)).toBeUndefined();
    expect(hookTargetProblem('https://8.8.8.8/hook', deployed)).toBeUndefined();
  });

  it('deployed: refuses http, other schemes, credentials, junk and overlong URLs', () => {
    expect(hookTargetProblem('http://hooks.zapier.com/x', deployed)).toBe(WEBHOOK_TEXTS.httpsOnly);
    expect(hookTargetProblem('ftp://example.com/x', deployed)).toBe(WEBHOOK_TEXTS.httpsOnly);
    expect(hookTargetProblem('https://user:pw@example.com/x', deployed)).toBe(WEBHOOK_TEXTS.credentialsInUrl);
    expect(hookTargetProblem('not a url', deployed)).toBe(WEBHOOK_TEXTS.badUrl);
    expect(hookTargetProblem(`https://example.com/${'a'.repeat(2100)}`, deployed)).toMatch(/at most 2048/);
  });

  it.each([
    'https://localhost/x',
    'https://api.localhost/x',
    'https://127.0.0.1/x',
    'https://127.1/x',
    'https://2130706433/x',
    'https://0x7f000001/x',
    'https://10.1.2.3/x',
    'https://172.16.0.1/x',
    'https://192.168.1.10/x',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fd12:3456::1]/x',
    'https://[fe80::1]/x',
    'https://intranet/x',
    'https://printer.local/x',
    'https://db.internal/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00:ec2::254]/',
    'https://metadata.google.internal/',
  ])('deployed: refuses the internal host of %s, the local allow-list notwithstanding', (url) => {
    expect(hookTargetProblem(url, deployed)).toBe(WEBHOOK_TEXTS.privateAddress);
  });

  it('local mode: only the allow-listed hosts of this machine, over http too; metadata never', () => {
    expect(hookTargetProblem('http://localhost:4000/hook', local)).toBeUndefined();
    expect(hookTargetProblem('http://127.0.0.1:4000/hook', local)).toBeUndefined();
    expect(hookTargetProblem('http://10.0.0.5/hook', local)).toBe(WEBHOOK_TEXTS.httpsOnly);
    expect(hookTargetProblem('https://169.254.169.254/latest', local)).toBe(WEBHOOK_TEXTS.privateAddress);
  });
});
