import { describe, expect, it } from 'vitest';
import { hookTargetProblem } from './hook-target-url';

const deployed = { httpsOnly: true };
const local = { httpsOnly: false };

describe('hook target URLs at subscribe time', () => {
  it('accepts public https URLs such as Zapier’s', () => {
    expect(hookTargetProblem('https://hooks.zapier.com/hooks/standard/123/abc/', deployed)).toBeUndefined();
    expect(hookTargetProblem('https://example.com:8443/in?x=1', deployed)).toBeUndefined();
    expect(hookTargetProblem('https://8.8.8.8/hook', deployed)).toBeUndefined();
  });

  it('deployed: refuses http, other schemes, credentials and junk', () => {
    expect(hookTargetProblem('http://hooks.zapier.com/x', deployed)).toBe('target_url must use https');
    expect(hookTargetProblem('ftp://example.com/x', deployed)).toBe('target_url must use https');
    expect(hookTargetProblem('https://user:pw@example.com/x', deployed)).toMatch(/user name or password/);
    expect(hookTargetProblem('not a url', deployed)).toMatch(/absolute URL/);
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
  ])('deployed: refuses the internal host of %s', (url) => {
    expect(hookTargetProblem(url, deployed)).toMatch(/public host|metadata/);
  });

  it('refuses cloud metadata addresses everywhere, local mode included', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/',
    ])
      expect(hookTargetProblem(url, local)).toMatch(/metadata/);
  });

  it('local mode: allows http and the developer’s own machine', () => {
    expect(hookTargetProblem('http://localhost:4000/hook', local)).toBeUndefined();
    expect(hookTargetProblem('http://127.0.0.1:4000/hook', local)).toBeUndefined();
    expect(hookTargetProblem('ftp://localhost/x', local)).toBe('target_url must use http or https');
  });
});
