import { z } from 'zod';
import { failureFrom } from './registry-fields';
import type { RegistrationEvent } from './registration-rules';

/**
 * Twilio's A2P status events as its Event Streams webhook sink delivers them: a JSON array of CloudEvents
 * (docs/decisions/169). Only the fields we read are checked; Twilio sends more.
 */
export const A2P_EVENT_TYPES = {
  brandRegistered: 'com.twilio.messaging.compliance.brand-registration.brand-registered',
  brandUnverified: 'com.twilio.messaging.compliance.brand-registration.brand-unverified',
  brandFailure: 'com.twilio.messaging.compliance.brand-registration.brand-failure',
  campaignApproved: 'com.twilio.messaging.compliance.campaign-registration.campaign-approved',
  campaignFailure: 'com.twilio.messaging.compliance.campaign-registration.campaign-failure',
} as const;

const sid = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`));
const registrationErrors = z
  .array(
    z.object({
      registrationerrorcode: z.number().optional(),
      registrationerrordescription: z.string().max(2000).optional(),
      registrationerrorfields: z.array(z.string().max(200)).max(20).optional(),
    }),
  )
  .max(20)
  .optional();

export const a2pCloudEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  data: z
    .object({
      brandsid: sid('BN').optional(),
      campaignsid: z.string().max(64).optional(),
      identitystatus: z.string().max(40).optional(),
      brandregistrationerrors: registrationErrors,
      campaignregistrationerrors: registrationErrors,
      failurereason: z.string().max(2000).optional(),
    })
    .passthrough(),
});
export const a2pEventBatchSchema = z.array(a2pCloudEventSchema).min(1).max(100);
export type A2pCloudEvent = z.infer<typeof a2pCloudEventSchema>;

const failureOf = (errors: z.infer<typeof registrationErrors>, fallback: string | undefined) => {
  const first = errors?.[0];
  return failureFrom(first?.registrationerrordescription ?? fallback, first?.registrationerrorfields ?? []);
};

/** The event our state machine reads, or undefined for a type we do not act on (or without a brand). */
export function registrationEventOf(event: A2pCloudEvent): RegistrationEvent | undefined {
  const brandSid = event.data.brandsid;
  if (!brandSid) return undefined;
  switch (event.type) {
    case A2P_EVENT_TYPES.brandRegistered:
      return {
        kind: 'brand_registered',
        brandSid,
        identityVerified: /^(VERIFIED|VETTED_VERIFIED)$/i.test(event.data.identitystatus ?? ''),
      };
    case A2P_EVENT_TYPES.brandUnverified:
      return { kind: 'brand_unverified', brandSid };
    case A2P_EVENT_TYPES.brandFailure:
      return {
        kind: 'brand_failed',
        brandSid,
        failure: failureOf(event.data.brandregistrationerrors, event.data.failurereason),
      };
    case A2P_EVENT_TYPES.campaignApproved:
      return { kind: 'campaign_approved', brandSid };
    case A2P_EVENT_TYPES.campaignFailure:
      return {
        kind: 'campaign_failed',
        brandSid,
        failure: failureOf(event.data.campaignregistrationerrors, event.data.failurereason),
      };
    default:
      return undefined;
  }
}
