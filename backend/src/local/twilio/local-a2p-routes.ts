import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  A2P_EVENT_TYPES,
  registrationView,
  type A2pCloudEvent,
} from '../../capabilities/messaging-registration/index';
import { type MessagingRegistrationRepository } from '../../capabilities/messaging-registration/records/index';
import { registryFieldFor } from '../../providers/messaging-registration/registry-fields';
import { badRequest, HttpError, notFound } from '../../platform/errors/http-error';
import { signTwilioJsonRequest } from '../../providers/telephony/webhook-signature';
import { TWILIO_WEBHOOK_PATHS } from '../../platform/http/webhook-paths';

export const LOCAL_A2P_PATH = '/local/a2p';

const failSchema = z
  .object({
    reason: z.string().trim().min(1).max(1000).optional(),
    /** A details field by its path (e.g. 'website', 'address.postalCode'). */
    field: z.string().trim().max(100).optional(),
  })
  .strict();

const DEFAULT_FAILURE = {
  reason:
    'The website could not be verified: it does not show the business name or how phone numbers are used.',
  field: 'website',
};

/**
 * The local registry's control (local mode only, like the other /local pages): moves an owner's registration
 * the way the carriers would, by delivering Twilio's signed A2P status events to our own callback route,
 * so the local product goes through exactly the production path. Routes and bodies are listed in
 * shared/schemas/messaging-registration.ts.
 */
export function localA2pRoutes(deps: {
  repository: Pick<MessagingRegistrationRepository, 'get'>;
  authToken: string;
  publicApiUrl: string | undefined;
  now: () => Date;
  dispatch: (request: Request) => Promise<Response>;
}) {
  async function deliver(origin: string, events: Array<Pick<A2pCloudEvent, 'type' | 'data'>>) {
    const body = JSON.stringify(
      events.map((event) => ({
        specversion: '1.0',
        id: `NO${randomUUID().replace(/-/g, '')}`,
        source: 'local-registry',
        time: deps.now().toISOString(),
        datacontenttype: 'application/json',
        ...event,
      })),
    );
    const base = (deps.publicApiUrl ?? origin).replace(/\/+$/, '');
    const { url, signature } = signTwilioJsonRequest(
      deps.authToken,
      `${base}${TWILIO_WEBHOOK_PATHS.messagingRegistration}`,
      body,
    );
    const response = await deps.dispatch(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': signature },
        body,
      }),
    );
    if (!response.ok) {
      throw new HttpError(
        502,
        'callback_failed',
        `The status callback answered ${response.status}: ${await response.text()}`,
      );
    }
  }

  const conflict = (message: string) => new HttpError(409, 'invalid_state', message);

  async function registrationOf(userId: string) {
    const current = await deps.repository.get(userId);
    if (!current?.refs.brandSid) throw notFound('No submitted registration for this owner');
    return { current, brandSid: current.refs.brandSid };
  }
  const inReview = (state: string) => state === 'in_review' || state === 'resubmitted';
  const view = async (userId: string) => registrationView(await deps.repository.get(userId), deps.now());

  return new Hono()
    .post(`${LOCAL_A2P_PATH}/:userId/approve`, async (c) => {
      const userId = c.req.param('userId');
      const { current, brandSid } = await registrationOf(userId);
      if (!inReview(current.state))
        throw conflict(`A registration in state ${current.state} cannot be approved`);
      if (current.brandType === 'sole_proprietor' && !current.identityVerified) {
        throw conflict(
          'The contact has not confirmed the verification text yet (request-otp, then confirm-otp)',
        );
      }
      const origin = new URL(c.req.url).origin;
      // The brand first (its campaign is submitted then), then the campaign's approval.
      if (!current.refs.campaignSid) {
        await deliver(origin, [
          { type: A2P_EVENT_TYPES.brandRegistered, data: { brandsid: brandSid, identitystatus: 'VERIFIED' } },
        ]);
      }
      await deliver(origin, [
        {
          type: A2P_EVENT_TYPES.campaignApproved,
          data: { brandsid: brandSid, campaignregistrationstatus: 'approved' },
        },
      ]);
      return c.json(await view(userId), 200);
    })
    .post(`${LOCAL_A2P_PATH}/:userId/fail`, async (c) => {
      const userId = c.req.param('userId');
      const raw = await c.req.text();
      let input: unknown;
      try {
        input = raw.trim() ? JSON.parse(raw) : {};
      } catch {
        throw badRequest('Invalid request: the body is not JSON');
      }
      const parsed = failSchema.safeParse(input);
      if (!parsed.success) throw badRequest(`Invalid request: ${parsed.error.issues[0]?.message ?? ''}`);
      const { current, brandSid } = await registrationOf(userId);
      if (!inReview(current.state) && current.state !== 'otp_required') {
        throw conflict(`A registration in state ${current.state} cannot fail`);
      }
      const reason = parsed.data.reason ?? DEFAULT_FAILURE.reason;
      const field = parsed.data.field ?? (parsed.data.reason ? undefined : DEFAULT_FAILURE.field);
      const registryField = field ? registryFieldFor(field) : undefined;
      const errors = [
        {
          registrationerrorcode: 30794,
          registrationerrordescription: reason,
          ...(registryField ? { registrationerrorfields: [registryField] } : {}),
        },
      ];
      await deliver(new URL(c.req.url).origin, [
        current.refs.campaignSid
          ? {
              type: A2P_EVENT_TYPES.campaignFailure,
              data: {
                brandsid: brandSid,
                campaignregistrationstatus: 'failed',
                campaignregistrationerrors: errors,
              },
            }
          : {
              type: A2P_EVENT_TYPES.brandFailure,
              data: {
                brandsid: brandSid,
                brandstatus: 'registration_failed',
                brandregistrationerrors: errors,
              },
            },
      ]);
      return c.json(await view(userId), 200);
    })
    .post(`${LOCAL_A2P_PATH}/:userId/request-otp`, async (c) => {
      const userId = c.req.param('userId');
      const { current, brandSid } = await registrationOf(userId);
      if (current.brandType !== 'sole_proprietor' || !inReview(current.state) || current.identityVerified) {
        throw conflict('Only a sole proprietor’s registration in review waits for the verification text');
      }
      await deliver(new URL(c.req.url).origin, [
        { type: A2P_EVENT_TYPES.brandUnverified, data: { brandsid: brandSid, identitystatus: 'UNVERIFIED' } },
      ]);
      return c.json(await view(userId), 200);
    })
    .post(`${LOCAL_A2P_PATH}/:userId/confirm-otp`, async (c) => {
      const userId = c.req.param('userId');
      const { current, brandSid } = await registrationOf(userId);
      if (current.state !== 'otp_required') throw conflict('No verification text is waiting for a reply');
      await deliver(new URL(c.req.url).origin, [
        { type: A2P_EVENT_TYPES.brandRegistered, data: { brandsid: brandSid, identitystatus: 'VERIFIED' } },
      ]);
      return c.json(await view(userId), 200);
    });
}
