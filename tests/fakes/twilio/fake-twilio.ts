import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createFakeA2p } from './fake-a2p';

/** One number in the fake's stock, in Twilio's AvailablePhoneNumber wire shape (the fields we read). */
export type FakeStockNumber = {
  phone_number: string;
  friendly_name: string;
  locality: string;
  region: string;
  postal_code: string;
  iso_country: 'US' | 'CA';
};

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  /** Every value of each form key (Twilio sends a list as the key repeated). */
  formAll: Record<string, string[]>;
  authorization: string | undefined;
};

/**
 * A local fake of the Twilio REST API (2010-04-01) for phone numbers: AvailablePhoneNumbers/{country}/Local
 * (AreaCode, InRegion, InLocality, InPostalCode, PageSize), IncomingPhoneNumbers create (form-encoded),
 * list, update and delete, Messages create (21610 for an opted-out recipient), and Recordings (the audio
 * as WAV, delete). Basic auth with the account sid and token is required; errors use Twilio's JSON error shape, e.g.
 * 21422 when the number is not in stock any more. The A2P 10DLC resources (Trust Hub and Messaging, same
 * host) are in fake-a2p.ts.
 */
export async function startFakeTwilio(options: {
  accountSid: string;
  authToken: string;
  stock: FakeStockNumber[];
  /** An EIN Trust Hub's evaluation finds noncompliant. */
  rejectedEin?: string;
}) {
  const a2p = createFakeA2p({
    accountSid: options.accountSid,
    ...(options.rejectedEin ? { rejectedEin: options.rejectedEin } : {}),
  });
  const requests: RecordedRequest[] = [];
  const stock = [...options.stock];
  type Owned = {
    sid: string;
    phone_number: string;
    voice_url: string;
    sms_url: string;
    status_callback: string;
  };
  const owned = new Map<string, Owned>();
  /** Call recordings on the account, by sid: their audio (a WAV). */
  const recordings = new Map<string, Uint8Array>();
  /** `${from}|${to}` pairs whose recipient texted STOP to that number. */
  const optedOut = new Set<string>();
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const accountPath = `/2010-04-01/Accounts/${options.accountSid}`;

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.statusCode = status;
    if (body === undefined) return res.end();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const twilioError = (res: http.ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(raw)),
        formAll: {},
        authorization: req.headers.authorization,
      };
      for (const [key, value] of new URLSearchParams(raw)) (request.formAll[key] ??= []).push(value);
      requests.push(request);
      if (req.headers.authorization !== expectedAuth) {
        return twilioError(res, 401, 20003, 'Authenticate');
      }

      const search = url.pathname.match(/^(.*)\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/);
      if (req.method === 'GET' && search?.[1] === accountPath) {
        const q = request.query;
        const found = stock.filter(
          (n) =>
            n.iso_country === search[2] &&
            (!q.AreaCode || n.phone_number.startsWith(`+1${q.AreaCode}`)) &&
            (!q.InRegion || n.region === q.InRegion) &&
            (!q.InLocality || n.locality === q.InLocality) &&
            (!q.InPostalCode || n.postal_code === q.InPostalCode),
        );
        const pageSize = Number(q.PageSize ?? 50);
        return send(res, 200, {
          uri: `${url.pathname}${url.search}`,
          available_phone_numbers: found.slice(0, pageSize).map((n) => ({
            ...n,
            lata: '722',
            rate_center: n.locality.toUpperCase(),
            latitude: '37.780000',
            longitude: '-122.400000',
            address_requirements: 'none',
            beta: false,
            capabilities: { voice: true, SMS: true, MMS: true },
          })),
        });
      }

      if (req.method === 'POST' && url.pathname === `${accountPath}/IncomingPhoneNumbers.json`) {
        const index = stock.findIndex((n) => n.phone_number === request.form.PhoneNumber);
        if (index < 0) {
          return twilioError(res, 400, 21422, 'PhoneNumber requested is not available');
        }
        const [bought] = stock.splice(index, 1);
        const sid = `PN${randomBytes(16).toString('hex')}`;
        const record = {
          sid,
          phone_number: bought!.phone_number,
          voice_url: request.form.VoiceUrl ?? '',
          sms_url: request.form.SmsUrl ?? '',
          status_callback: request.form.StatusCallback ?? '',
        };
        owned.set(sid, record);
        return send(res, 201, {
          ...record,
          account_sid: options.accountSid,
          friendly_name: bought!.friendly_name,
          voice_method: request.form.VoiceMethod ?? 'POST',
          sms_method: request.form.SmsMethod ?? 'POST',
          status: 'in-use',
          uri: `${accountPath}/IncomingPhoneNumbers/${sid}.json`,
        });
      }

      if (req.method === 'GET' && url.pathname === `${accountPath}/IncomingPhoneNumbers.json`) {
        return send(res, 200, {
          uri: `${url.pathname}${url.search}`,
          next_page_uri: null,
          incoming_phone_numbers: [...owned.values()].map((n) => ({ ...n, account_sid: options.accountSid })),
        });
      }

      const remove = url.pathname.match(/^(.*)\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/);
      if (req.method === 'POST' && remove?.[1] === accountPath) {
        const record = owned.get(remove[2]!);
        if (!record) return twilioError(res, 404, 20404, 'The requested resource was not found');
        const f = request.form;
        Object.assign(record, {
          ...(f.VoiceUrl !== undefined ? { voice_url: f.VoiceUrl } : {}),
          ...(f.SmsUrl !== undefined ? { sms_url: f.SmsUrl } : {}),
          ...(f.StatusCallback !== undefined ? { status_callback: f.StatusCallback } : {}),
        });
        return send(res, 200, { ...record, account_sid: options.accountSid });
      }
      if (req.method === 'DELETE' && remove?.[1] === accountPath) {
        const record = owned.get(remove[2]!);
        if (!record) return twilioError(res, 404, 20404, 'The requested resource was not found');
        owned.delete(remove[2]!);
        // A released number leaves its messaging service, as at Twilio.
        a2p.numberReleased(remove[2]!);
        return send(res, 204);
      }

      // Messages: a text to someone who opted out of the sending number is refused with 21610.
      if (req.method === 'POST' && url.pathname === `${accountPath}/Messages.json`) {
        const { From: from = '', To: to = '', Body: body = '' } = request.form;
        if (optedOut.has(`${from}|${to}`)) {
          return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
        }
        const sid = `SM${randomBytes(16).toString('hex')}`;
        return send(res, 201, { sid, from, to, body, status: 'queued', account_sid: options.accountSid });
      }

      // Recordings: the audio as WAV (GET …/Recordings/{RE}.wav), and DELETE …/Recordings/{RE}.json (204).
      const recording = url.pathname.match(/^(.*)\/Recordings\/(RE[0-9a-f]{32})\.(wav|json)$/);
      if (recording?.[1] === accountPath) {
        const audio = recordings.get(recording[2]!);
        if (!audio) return twilioError(res, 404, 20404, 'The requested resource was not found');
        if (req.method === 'GET' && recording[3] === 'wav') {
          res.statusCode = 200;
          res.setHeader('Content-Type', 'audio/x-wav');
          return res.end(Buffer.from(audio));
        }
        if (req.method === 'DELETE' && recording[3] === 'json') {
          recordings.delete(recording[2]!);
          return send(res, 204);
        }
      }

      if (a2p.handle(request, (status, body) => send(res, status, body))) return;

      twilioError(res, 404, 20404, 'The requested resource was not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    /** Numbers bought on the fake account and not released, by sid. */
    owned,
    /** Marks a recipient as opted out of a number, as their STOP would at Twilio. */
    optOut: (from: string, to: string) => optedOut.add(`${from}|${to}`),
    /** The A2P registration resources created on the fake account. */
    a2p,
    /** Call recordings on the fake account (a test adds one as a recorded call would). */
    recordings,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
