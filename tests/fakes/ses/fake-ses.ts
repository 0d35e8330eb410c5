import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type SesSendRequest = {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string } };
      Headers?: Array<{ Name?: string; Value?: string }>;
    };
  };
  EmailTags?: Array<{ Name: string; Value: string }>;
};

/**
 * A local fake of the Amazon SES v2 REST API's `SendEmail` (`POST /v2/email/outbound-emails`): it checks
 * that the request is SigV4-signed for the `ses` service, refuses senders that are not verified identities
 * with SES's `MessageRejected` error, and records what was sent.
 */
export async function startFakeSes(verifiedIdentities: string[]) {
  const sent: Array<{ messageId: string; request: SesSendRequest; authorization: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const fail = (status: number, type: string, message: string) => {
        res.statusCode = status;
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('x-amzn-ErrorType', type);
        res.end(JSON.stringify({ message }));
      };
      if (req.method !== 'POST' || req.url !== '/v2/email/outbound-emails') {
        fail(404, 'NotFoundException', `No route for ${req.method} ${req.url}`);
        return;
      }
      const authorization = String(req.headers.authorization ?? '');
      if (!/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/ses\/aws4_request/.test(authorization)) {
        fail(403, 'AccessDeniedException', 'Missing or invalid SigV4 signature');
        return;
      }
      const request = JSON.parse(raw || '{}') as SesSendRequest;
      const from = request.FromEmailAddress ?? '';
      const domain = from.split('@')[1];
      if (!verifiedIdentities.includes(from) && !(domain && verifiedIdentities.includes(domain))) {
        fail(
          400,
          'MessageRejected',
          `Email address is not verified. The following identities failed the check in region US-EAST-1: ${from}`,
        );
        return;
      }
      if (!request.Destination?.ToAddresses?.length || !request.Content?.Simple?.Subject?.Data) {
        fail(400, 'BadRequestException', 'Destination and Content are required');
        return;
      }
      // SES refuses headers it sets itself and malformed ones (SendEmail: "Headers" constraints).
      const reserved = ['from', 'to', 'subject', 'date', 'message-id', 'content-type', 'mime-version'];
      const headers = request.Content?.Simple?.Headers ?? [];
      if (
        headers.some(
          (h) =>
            !h.Name ||
            !/^[\x21-\x39\x3b-\x7e]+$/.test(h.Name) ||
            reserved.includes(h.Name.toLowerCase()) ||
            /[\r\n]/.test(h.Value ?? ''),
        )
      ) {
        fail(400, 'BadRequestException', 'Invalid or reserved message header');
        return;
      }
      const messageId = `0100018c-${String(sent.length + 1).padStart(8, '0')}-fake`;
      sent.push({ messageId, request, authorization });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ MessageId: messageId }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    sent,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
