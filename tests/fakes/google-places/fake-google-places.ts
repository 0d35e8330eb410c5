import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A place in the fake's world, in Places API (New) wire shape. */
export type FakePlace = {
  id: string;
  displayName: { text: string; languageCode?: string };
  formattedAddress?: string;
  websiteUri?: string;
  internationalPhoneNumber?: string;
  nationalPhoneNumber?: string;
  regularOpeningHours?: { weekdayDescriptions: string[] };
  rating?: number;
};

export type RecordedPlacesRequest = {
  method: string;
  path: string;
  apiKey: string | undefined;
  fieldMask: string | undefined;
  body: Record<string, unknown>;
};

/** Keeps only the masked fields, as the real API does ('places.' prefix for search responses). */
function applyMask(place: FakePlace, mask: string[], prefix: string) {
  const wanted = mask.filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length));
  const out: Record<string, unknown> = {};
  for (const field of wanted) {
    const [top, sub] = field.split('.') as [keyof FakePlace, string | undefined];
    const value = place[top];
    if (value === undefined) continue;
    out[top] = sub ? { ...(out[top] as object), [sub]: (value as Record<string, unknown>)[sub] } : value;
  }
  return out;
}

/**
 * A local fake of Google Places API (New): POST /v1/places:searchText and GET /v1/places/{id}. Like the real
 * API it needs X-Goog-Api-Key and X-Goog-FieldMask, answers only the masked fields, matches text queries
 * loosely (every word of the query found in name or address) and uses Google's error shape
 * ({ error: { code, message, status } }).
 */
export async function startFakeGooglePlaces(options: { apiKey: string; places: FakePlace[] }) {
  const requests: RecordedPlacesRequest[] = [];
  let quotaExhausted = false;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const googleError = (res: http.ServerResponse, code: number, status: string, message: string) =>
    send(res, code, { error: { code, message, status } });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname);
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const apiKey = req.headers['x-goog-api-key'] as string | undefined;
      const fieldMask = req.headers['x-goog-fieldmask'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path, apiKey, fieldMask, body });

      if (apiKey !== options.apiKey) {
        return googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
      }
      if (!fieldMask) return googleError(res, 400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
      if (quotaExhausted) return googleError(res, 429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.');
      const mask = fieldMask.split(',').map((m) => m.trim());

      if (req.method === 'POST' && path === '/v1/places:searchText') {
        const query = typeof body.textQuery === 'string' ? body.textQuery : '';
        if (!query.trim()) return googleError(res, 400, 'INVALID_ARGUMENT', 'textQuery is required.');
        const words = query
          .toLowerCase()
          .split(/[\s,]+/)
          .filter(Boolean);
        const pageSize = typeof body.pageSize === 'number' ? body.pageSize : 20;
        const found = options.places
          .filter((p) => {
            const haystack = `${p.displayName.text} ${p.formattedAddress ?? ''}`.toLowerCase();
            return words.every((w) => haystack.includes(w));
          })
          .slice(0, pageSize);
        // The real API answers {} when nothing matches.
        return send(
          res,
          200,
          found.length ? { places: found.map((p) => applyMask(p, mask, 'places.')) } : {},
        );
      }

      const detailsMatch = /^\/v1\/places\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && detailsMatch) {
        const place = options.places.find((p) => p.id === detailsMatch[1]);
        if (!place) return googleError(res, 404, 'NOT_FOUND', `Place '${detailsMatch[1]}' not found.`);
        return send(res, 200, applyMask(place, mask, ''));
      }

      googleError(res, 404, 'NOT_FOUND', `Method not found: ${req.method} ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setQuotaExhausted(value: boolean) {
      quotaExhausted = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
