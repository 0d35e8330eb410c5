import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GraphRequest = {
  method: string;
  /** Path and query, e.g. /v1.0/me/calendarView?startDateTime=… */
  url: string;
  auth: string | undefined;
  prefer: string | undefined;
  contentType: string | undefined;
  /** JSON for Graph, form fields for the token endpoint. */
  body: unknown;
};

type FakeEvent = {
  id: string;
  subject: string;
  body: { contentType: string; content: string };
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  showAs: string;
  isCancelled: boolean;
  transactionId?: string;
};

const TOKEN_PATH = '/common/oauth2/v2.0/token';
const GRAPH_ROOT = '/v1.0';
/** getSchedule looks up less than 42 days per request. */
const MAX_SCHEDULE_MS = 42 * 24 * 60 * 60 * 1000;
/** calendarView pages hold this many events, so a test sees @odata.nextLink followed. */
const PAGE_SIZE = 2;

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Graph's "2026-11-24T16:00:00.0000000" in UTC, read as an instant (only UTC is sent by the adapter). */
const utcInstant = (value: { dateTime: string; timeZone: string }) =>
  value.timeZone === 'UTC' && !/[Zz]|[+-]\d{2}:\d{2}$/.test(value.dateTime)
    ? Date.parse(`${value.dateTime.slice(0, 23)}Z`)
    : Number.NaN;

type FakeEventInput = { subject: string; start: string; end: string; showAs?: string; isCancelled?: boolean };

const fakeEvent = (input: FakeEventInput): FakeEvent => {
  const at = (iso: string) => ({ dateTime: `${iso.slice(0, 19)}.0000000`, timeZone: 'UTC' });
  return {
    id: `AAMk${randomBytes(24).toString('base64url')}`,
    subject: input.subject,
    body: { contentType: 'text', content: '' },
    start: at(input.start),
    end: at(input.end),
    showAs: input.showAs ?? 'busy',
    isCancelled: input.isCancelled ?? false,
  };
};

/**
 * The Microsoft identity platform's token endpoint and Microsoft Graph's calendar endpoints on one local
 * port, in their wire formats and with their rules: codes bound to the PKCE challenge and redirect URI,
 * refresh tokens rotated on every use, AADSTS error codes, Graph's error bodies, getSchedule, calendarView
 * pages with @odata.nextLink, transactionId on event creation, and throttling with Retry-After.
 * approve() stands in for the person choosing Accept on Microsoft's consent screen.
 */
export async function startFakeMicrosoftGraph(options: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const events = new Map<string, FakeEvent>();
  /** Other mailboxes of the tenant, by lower-cased address: getSchedule answers their free/busy too. */
  const mailboxes = new Map<string, FakeEvent[]>();
  const seen: GraphRequest[] = [];
  const user = { mail: 'dana@contoso.example' as string | null, userPrincipalName: 'dana@contoso.example' };
  let throttle: { status: 429 | 503; retryAfter: string } | undefined;
  let forbidden = false;
  const token = () => randomBytes(24).toString('base64url');

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const isToken = url.pathname === TOKEN_PATH;
    const body = isToken ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : undefined;
    seen.push({
      method: request.method!,
      url: `${url.pathname}${url.search}`,
      auth: request.headers.authorization,
      prefer: request.headers.prefer as string | undefined,
      contentType: request.headers['content-type'],
      body,
    });
    const reply = (status: number, payload?: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      });
      response.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    const aadError = (status: number, error: string, code: number, description: string) =>
      reply(status, {
        error,
        error_description: `AADSTS${code}: ${description}`,
        error_codes: [code],
        timestamp: new Date().toISOString(),
      });
    const graphError = (status: number, code: string, message: string) =>
      reply(status, { error: { code, message } });

    if (isToken && request.method === 'POST') {
      const form = body as Record<string, string>;
      if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret)
        return aadError(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
      const issue = (scope: string) => {
        const refreshToken = token();
        refreshTokens.add(refreshToken);
        const accessToken = token();
        accessTokens.add(accessToken);
        return reply(200, {
          token_type: 'Bearer',
          scope,
          expires_in: 3599,
          ext_expires_in: 3599,
          access_token: accessToken,
          refresh_token: refreshToken,
        });
      };
      if (form.grant_type === 'authorization_code') {
        const grant = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!grant || grant.redirectUri !== form.redirect_uri)
          return aadError(
            400,
            'invalid_grant',
            70000,
            "The provided value for the 'code' parameter is not valid.",
          );
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== grant.challenge)
          return aadError(
            400,
            'invalid_grant',
            501481,
            'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
          );
        return issue(grant.scope);
      }
      if (form.grant_type === 'refresh_token') {
        if (!refreshTokens.has(form.refresh_token ?? ''))
          return aadError(
            400,
            'invalid_grant',
            50173,
            'The provided grant has expired due to it being revoked, a fresh auth token is needed.',
          );
        // Microsoft rotates: every refresh answers a new refresh token.
        return issue(form.scope ?? '');
      }
      return aadError(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    }

    if (!url.pathname.startsWith(GRAPH_ROOT)) return reply(404, { error: 'not_found' });
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer))
      return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    if (throttle) {
      const { status, retryAfter } = throttle;
      throttle = undefined;
      return reply(
        status,
        { error: { code: 'TooManyRequests', message: 'Too many requests' } },
        { 'Retry-After': retryAfter },
      );
    }
    if (forbidden)
      return graphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
    const path = url.pathname.slice(GRAPH_ROOT.length);

    if (request.method === 'GET' && path === '/me')
      return reply(200, { id: 'user-1', displayName: 'Dana', ...user });

    if (request.method === 'POST' && path === '/me/calendar/getSchedule') {
      const { schedules, startTime, endTime } = body as {
        schedules: string[];
        startTime: { dateTime: string; timeZone: string };
        endTime: { dateTime: string; timeZone: string };
      };
      const from = utcInstant(startTime);
      const to = utcInstant(endTime);
      if (Number.isNaN(from) || Number.isNaN(to))
        return graphError(400, 'ErrorInvalidRequest', 'startTime and endTime need a dateTime and timeZone.');
      if (to - from >= MAX_SCHEDULE_MS)
        return graphError(
          400,
          'ErrorInvalidRequest',
          'The time period to look up must be less than 42 days.',
        );
      const own = user.mail ?? user.userPrincipalName;
      // The signed-in mailbox, or another mailbox of the tenant (a colleague's, shared free/busy).
      const held = (address: string) =>
        address === own ? [...events.values()] : mailboxes.get(address.toLowerCase());
      return reply(200, {
        value: schedules.map((address) =>
          held(address)
            ? {
                scheduleId: address,
                scheduleItems: held(address)!
                  .filter((e) => utcInstant(e.start) < to && utcInstant(e.end) > from)
                  .map((e) => ({ status: e.showAs, subject: e.subject, start: e.start, end: e.end })),
              }
            : {
                scheduleId: address,
                scheduleItems: [],
                error: {
                  message: 'The recipient was not found.',
                  responseCode: 'ErrorMailRecipientNotFound',
                },
              },
        ),
      });
    }

    if (request.method === 'GET' && path === '/me/calendarView') {
      const from = Date.parse(url.searchParams.get('startDateTime') ?? '');
      const to = Date.parse(url.searchParams.get('endDateTime') ?? '');
      if (Number.isNaN(from) || Number.isNaN(to))
        return graphError(
          400,
          'ErrorInvalidParameter',
          'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
        );
      const all = [...events.values()].filter((e) => utcInstant(e.start) < to && utcInstant(e.end) > from);
      const skip = Number(url.searchParams.get('$skip') ?? 0);
      const next = new URL(url.toString());
      next.searchParams.set('$skip', String(skip + PAGE_SIZE));
      return reply(200, {
        value: all.slice(skip, skip + PAGE_SIZE),
        ...(skip + PAGE_SIZE < all.length
          ? { '@odata.nextLink': `http://${request.headers.host}${next.pathname}${next.search}` }
          : {}),
      });
    }

    if (request.method === 'POST' && path === '/me/events') {
      const input = body as Partial<FakeEvent>;
      if (
        !input.start ||
        !input.end ||
        Number.isNaN(utcInstant(input.start)) ||
        Number.isNaN(utcInstant(input.end))
      )
        return graphError(400, 'ErrorInvalidRequest', 'start and end are required.');
      const same = input.transactionId
        ? [...events.values()].find((e) => e.transactionId === input.transactionId)
        : undefined;
      if (same && (same.subject !== input.subject || utcInstant(same.start) !== utcInstant(input.start)))
        return graphError(
          400,
          'ErrorDuplicateTransactionId',
          'The TransactionId specified in the request has already been used to create a different event.',
        );
      if (same) return reply(201, same);
      const event: FakeEvent = {
        id: `AAMk${token()}`,
        subject: input.subject ?? '',
        body: input.body ?? { contentType: 'text', content: '' },
        start: { dateTime: `${input.start.dateTime}.0000000`, timeZone: 'UTC' },
        end: { dateTime: `${input.end.dateTime}.0000000`, timeZone: 'UTC' },
        showAs: input.showAs ?? 'busy',
        isCancelled: false,
        ...(input.transactionId ? { transactionId: input.transactionId } : {}),
      };
      events.set(event.id, event);
      return reply(201, event);
    }

    const eventId = /^\/me\/events\/([^/]+)$/.exec(path)?.[1];
    const event = eventId ? events.get(decodeURIComponent(eventId)) : undefined;
    if (eventId && !event)
      return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    if (event && request.method === 'PATCH') {
      const input = body as Pick<FakeEvent, 'start' | 'end'>;
      event.start = { dateTime: `${input.start.dateTime}.0000000`, timeZone: input.start.timeZone };
      event.end = { dateTime: `${input.end.dateTime}.0000000`, timeZone: input.end.timeZone };
      return reply(200, event);
    }
    if (event && request.method === 'DELETE') {
      events.delete(event.id);
      return reply(204);
    }
    return graphError(400, 'BadRequest', 'Unsupported request.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    seen,
    events,
    user,
    /** The person accepts on Microsoft's consent screen: a code bound to the URL's challenge and redirect URI. */
    approve(authorizeUrl: string) {
      const params = new URL(authorizeUrl).searchParams;
      const code = token();
      codes.set(code, {
        challenge: params.get('code_challenge')!,
        redirectUri: params.get('redirect_uri')!,
        scope: params.get('scope') ?? '',
      });
      return code;
    },
    /** An event the owner put in Outlook themselves. */
    addEvent(input: FakeEventInput) {
      const event = fakeEvent(input);
      events.set(event.id, event);
      return event.id;
    },
    /** An event in another mailbox of the tenant (a colleague's calendar), seen only through getSchedule. */
    addMailboxEvent(address: string, input: FakeEventInput) {
      const list = mailboxes.get(address.toLowerCase()) ?? [];
      list.push(fakeEvent(input));
      mailboxes.set(address.toLowerCase(), list);
    },
    /** The next Graph request answers `status` with this Retry-After. */
    throttleNext: (status: 429 | 503, retryAfter: string) => (throttle = { status, retryAfter }),
    /** Every later Graph request answers 403 ErrorAccessDenied (the permission was withdrawn). */
    forbid: (value: boolean) => (forbidden = value),
    /** The owner removes the app in their account's settings: every refresh and access token stops working. */
    revokeConsent() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeMicrosoftGraph = Awaited<ReturnType<typeof startFakeMicrosoftGraph>>;
