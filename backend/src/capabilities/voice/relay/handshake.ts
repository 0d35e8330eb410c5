import type { TokenVerifier } from '../../../platform/auth/token-verifier';
import type { RelayCaller } from '../records/relay-calls';
import { isValidTwilioSignature } from '../../../providers/telephony/webhook-signature';

export class RelayHandshakeRefused extends Error {}

/**
 * Who may open a relay socket: Twilio, proven by X-Twilio-Signature over the exact wss URL it was given
 * (a GET: no parameters are signed), or an owner's browser for a test call, proven by their JWT in
 * `?token=` (browsers cannot set headers on a WebSocket). Anything else is refused before a message is read.
 */
export async function verifyRelayHandshake(input: {
  signedUrl: string;
  signature: string | undefined;
  token: string | undefined;
  authToken: string | undefined;
  verifyToken: TokenVerifier;
}): Promise<RelayCaller> {
  if (input.signature !== undefined) {
    if (input.authToken && isValidTwilioSignature(input.authToken, input.signature, input.signedUrl, {}))
      return { kind: 'twilio' };
    throw new RelayHandshakeRefused('Invalid Twilio signature');
  }
  if (input.token) {
    try {
      const user = await input.verifyToken(input.token);
      return { kind: 'owner', sub: user.sub };
    } catch {
      throw new RelayHandshakeRefused('Invalid authentication token');
    }
  }
  throw new RelayHandshakeRefused('Missing Twilio signature or token');
}

/**
 * The URL Twilio signed for a relay handshake: the configured relay URL (VOICE_RELAY_URL: the WebSocket
 * API's wss address) when set, else the public API base as ws(s)://, else the request's own host; plus
 * the query the socket was opened with. The voice webhook builds the TwiML URL by the same rule.
 */
export function relaySignedUrl(options: {
  configuredRelayUrl: string | undefined;
  publicApiUrl: string | undefined;
  host: string;
  path: string;
  search: string;
}): string {
  if (options.configuredRelayUrl) {
    const url = new URL(options.configuredRelayUrl);
    return `${url.origin.replace(/^http/, 'ws')}${url.pathname}${options.search || url.search}`;
  }
  const base = (options.publicApiUrl ?? `http://${options.host}`).replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${base}${options.path}${options.search}`;
}
