import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  BUSINESS_LOOKUP_MESSAGES,
  businessLookupRequestSchema,
  businessLookupResponseSchema,
  businessPopulateRequestSchema,
  businessPopulateResponseSchema,
} from '@shared/schemas/business-lookup';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth } from '../../platform/auth/middleware';
import { HttpError, notFound, tooManyRequests } from '../../platform/errors/http-error';
import type { Logger } from '../../platform/logging/logger';
import { PlacesError, type PlaceDetails } from '../../providers/places/port';
import { enforceUserQuota } from '../../platform/quotas/user-quotas';
import { bearerSecurity, errorResponses, jsonContent } from '../../platform/http/openapi-helpers';

/** An upstream quota is the same wait for the owner as ours; anything else is the service failing. */
async function callPlaces<T>(logger: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PlacesError)) throw error;
    logger.error('Business lookup failed', { error: error.message });
    if (error.status === 429) throw tooManyRequests(BUSINESS_LOOKUP_MESSAGES.tooManyRequests);
    throw new HttpError(502, 'provider_error', BUSINESS_LOOKUP_MESSAGES.serviceFailed);
  }
}

const toResult = (place: PlaceDetails) => ({
  place_id: place.place_id,
  name: place.name,
  address: place.address,
  website: place.website,
  phone: place.phone,
  hours: place.hours,
  rating: place.rating,
});

export const businessLookupRoutes = ({ verifyToken, providers, rateLimiter, logger }: SetupDeps) => {
  const lookupFailures = {
    ...errorResponses,
    429: jsonContent(apiErrorSchema, 'Lookup quota for this user spent'),
    502: jsonContent(apiErrorSchema, 'The maps service failed'),
  };

  const searchRoute = createRoute({
    method: 'post',
    path: '/oauth/business-lookup',
    tags: ['business-lookup'],
    summary: "Find the owner's business by name (and optionally 'City, State') in the maps service",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: {
      body: { content: { 'application/json': { schema: businessLookupRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(businessLookupResponseSchema, 'Matching places; empty when none (manual entry)'),
      ...lookupFailures,
    },
  });

  const populateRoute = createRoute({
    method: 'post',
    path: '/oauth/business-lookup/populate',
    tags: ['business-lookup'],
    summary: "A place's details as config fields for step 1 (the best match, or the given place_id)",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: {
      body: { content: { 'application/json': { schema: businessPopulateRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(businessPopulateResponseSchema, 'Config fields read from the place'),
      ...lookupFailures,
      404: jsonContent(apiErrorSchema, 'No such place'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(searchRoute, async (c) => {
      const { business_name, address } = c.req.valid('json');
      await enforceUserQuota(
        rateLimiter,
        'businessLookup',
        c.get('user')!.sub,
        BUSINESS_LOOKUP_MESSAGES.tooManyRequests,
      );
      const places = await callPlaces(logger, () =>
        providers.places.search({ business_name, address: address || undefined }),
      );
      return c.json({ results: places.map(toResult) }, 200);
    })
    .openapi(populateRoute, async (c) => {
      const { business_name, address, place_id } = c.req.valid('json');
      await enforceUserQuota(
        rateLimiter,
        'businessLookup',
        c.get('user')!.sub,
        BUSINESS_LOOKUP_MESSAGES.tooManyRequests,
      );
      const place = await callPlaces(logger, async () => {
        const id =
          place_id ??
          (await providers.places.search({ business_name, address: address || undefined }))[0]?.place_id;
        return id ? providers.places.details(id) : undefined;
      });
      if (!place) throw notFound(BUSINESS_LOOKUP_MESSAGES.detailsNotFound);
      return c.json(
        {
          populated_config: {
            business_name: place.name,
            website: place.website,
            phone_number: place.phone,
            address: place.address,
            business_hours: place.hours ? { weekday_text: place.hours } : undefined,
          },
        },
        200,
      );
    });
};
