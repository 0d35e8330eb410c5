import { HOOK_TARGET_URL_MAX_CHARS } from '@shared/automations';

/**
 * The subscribe-time check of a hook's target URL, pure (no DNS): the scheme, credentials and a host that is
 * a literal internal name or address. The sender checks the resolved addresses again before each delivery
 * (a public name can point inward later); this one refuses the obvious at once with a clear 400.
 * Deployed (`httpsOnly`), only https to public hosts; locally http and loopback are allowed, so a developer
 * can point a hook at a receiver on their own machine, but cloud metadata addresses never are.
 */
export function hookTargetProblem(raw: string, options: { httpsOnly: boolean }): string | undefined {
  if (raw.length > HOOK_TARGET_URL_MAX_CHARS)
    return `target_url must be at most ${HOOK_TARGET_URL_MAX_CHARS} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'target_url must be an absolute URL, e.g. https://hooks.zapier.com/…';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !options.httpsOnly))
    return options.httpsOnly ? 'target_url must use https' : 'target_url must use http or https';
  if (url.username || url.password) return 'target_url must not contain a user name or password';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isMetadataHost(host)) return 'target_url must not point at a cloud metadata address';
  if (options.httpsOnly && isInternalHost(host))
    return 'target_url must point at a public host, not a private or local address';
  return undefined;
}

const METADATA_HOSTS = new Set(['169.254.169.254', '[fd00:ec2::254]', 'metadata.google.internal']);
const isMetadataHost = (host: string) => METADATA_HOSTS.has(host);

/** Names and address literals that never reach the public internet. */
function isInternalHost(host: string): boolean {
  if (host.startsWith('[')) return isInternalIpv6(host.slice(1, -1));
  const v4 = ipv4Of(host);
  if (v4) return isInternalIpv4(v4);
  // A single-label name resolves through a local search domain; these suffixes are private by convention.
  return (
    !host.includes('.') ||
    host === 'localhost' ||
    /\.(localhost|local|internal|lan|home\.arpa|intranet|corp)$/.test(host)
  );
}

/** The four octets of a dotted-quad literal (WHATWG URL has already turned 0x7f.1 and 2130706433 into one). */
function ipv4Of(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function isInternalIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224
  );
}

function isInternalIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::' || lower === '::1') return true;
  // IPv4-mapped (::ffff:a.b.c.d, which WHATWG URL writes as ::ffff:XXXX:XXXX): judge the IPv4 inside.
  const mapped = lower.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return isInternalIpv4([high >> 8, high & 255, low >> 8, low & 255]);
  }
  const first = parseInt(lower.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}
