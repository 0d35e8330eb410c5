import { BlockList, isIP } from 'node:net';
import { WEBHOOK_TEXTS } from '@shared/webhooks';

/**
 * SSRF rules for owner-given webhook URLs (docs/decisions/178-outbound-webhooks.md). A URL is checked when
 * it is saved (a clear 400 for the owner) and every address its host resolves to is checked again at each
 * delivery, in the connection's own DNS lookup, so the address checked is the address connected to (DNS
 * rebinding between a check and the connect cannot slip a private address in).
 */
export type UrlPolicy = {
  /** In AWS: https only, public addresses only, no exceptions. */
  appEnv: 'local' | 'test' | 'aws';
  /**
   * Local/test only (WEBHOOK_LOCAL_ALLOWED_HOSTS): host names or literals that may be reached over http and
   * on loopback, for a receiver on the developer's machine. Ignored in AWS.
   */
  localAllowedHosts: readonly string[];
};

/** The policy of this deployment: AWS ignores the local allow-list whatever sets it. */
export const urlPolicyOf = (config: {
  appEnv: UrlPolicy['appEnv'];
  webhooks: { localAllowedHosts: readonly string[] };
}): UrlPolicy => ({
  appEnv: config.appEnv,
  localAllowedHosts: config.appEnv === 'aws' ? [] : config.webhooks.localAllowedHosts,
});

export type UrlVerdict =
  { ok: true; url: URL; host: string; allowLocal: boolean } | { ok: false; reason: string };

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, and the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: embeds an IPv4 address
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, incl. the EC2 metadata service fd00:ec2::254
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address hidden in an IPv6 one (::ffff:a.b.c.d, ::a.b.c.d, 2002: 6to4), or undefined. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^::(ffff:(0:)?)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[3];
  const hex = /^::(ffff:(0:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[3]!, 16);
    const low = parseInt(hex[4]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour) {
    const high = parseInt(sixToFour[1]!, 16);
    const low = parseInt(sixToFour[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return undefined;
}

/** Whether an IP literal is one a webhook may never reach: private, loopback, link-local, metadata… */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const inner = embeddedIpv4(bare);
  if (inner !== undefined) return isIP(inner) !== 4 || blocked.check(inner, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

const isLocalAllowed = (policy: UrlPolicy, host: string) =>
  policy.appEnv !== 'aws' && policy.localAllowedHosts.includes(host.toLowerCase());

/** The checks that need no network: scheme, credentials, port, literal addresses and names like localhost. */
export function checkUrlShape(raw: string, policy: UrlPolicy): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: WEBHOOK_TEXTS.badUrl };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowLocal = isLocalAllowed(policy, host);
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:'))
    return { ok: false, reason: WEBHOOK_TEXTS.httpsOnly };
  if (url.username || url.password) return { ok: false, reason: WEBHOOK_TEXTS.credentialsInUrl };
  if (!host) return { ok: false, reason: WEBHOOK_TEXTS.badUrl };
  if (!allowLocal) {
    if (isIP(host) && isForbiddenAddress(host)) return { ok: false, reason: WEBHOOK_TEXTS.privateAddress };
    // Names that always mean this machine or an internal network, whatever a resolver says.
    if (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host.endsWith('.local') ||
      host.endsWith('.internal') ||
      !host.includes('.')
    )
      return { ok: false, reason: WEBHOOK_TEXTS.privateAddress };
  }
  return { ok: true, url, host, allowLocal };
}

/** Resolves a host to all its addresses (dns.lookup with all: true in production; a stub in tests). */
export type Resolve = (host: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

/**
 * The addresses a delivery may connect to: every one the host resolves to must be public (one private
 * address among public ones refuses the host: the client could pick it). A literal needs no lookup.
 */
export async function checkedAddresses(
  host: string,
  allowLocal: boolean,
  resolve: Resolve,
): Promise<
  { ok: true; addresses: Array<{ address: string; family: number }> } | { ok: false; reason: string }
> {
  const literal = isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = [...(await resolve(host))];
    } catch {
      return { ok: false, reason: WEBHOOK_TEXTS.unresolvable };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: WEBHOOK_TEXTS.unresolvable };
  if (!allowLocal && addresses.some(({ address }) => isForbiddenAddress(address)))
    return { ok: false, reason: WEBHOOK_TEXTS.privateAddress };
  return { ok: true, addresses };
}

/** The save-time check: the URL's shape, then its host's addresses now. */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy, resolve: Resolve) {
  const shape = checkUrlShape(raw, policy);
  if (!shape.ok) return shape;
  const addresses = await checkedAddresses(shape.host, shape.allowLocal, resolve);
  return addresses.ok ? shape : addresses;
}
