import twilio from 'twilio';
import type { BusinessType } from '@shared/schemas/messaging-registration';
import { failureFrom } from './registry-fields';
import {
  NumberInOtherServiceError,
  RegistrationProviderError,
  RegistrationRejectedError,
  type BrandSubmission,
  type MessagingRegistrationProvider,
} from './port';

/**
 * Trust Hub policies of Twilio's ISV flow (public ids, the same for every account): the secondary customer
 * profile and the A2P messaging profile bundle; sole proprietors use the starter profile and its own bundle.
 */
export const TRUST_HUB_POLICIES = {
  secondaryCustomerProfile: 'RNdfbf3fae0e1107f8aded0e7cead80bf5',
  a2pMessagingProfile: 'RNb0d4771c2c98518d916a3d4cd70a8f8b',
  starterCustomerProfile: 'RN806dd6cd175f314e1f96a9727ee271f4',
  soleProprietorA2pBundle: 'RN670d5d2e282a6130ae063b234b6019c8',
} as const;

/** Trust Hub's business types for the profile's business information. */
const TRUST_HUB_BUSINESS_TYPE: Record<Exclude<BusinessType, 'sole_proprietor'>, string> = {
  private_company: 'Limited Liability Corporation',
  public_company: 'Corporation',
  non_profit: 'Non-profit Corporation',
  government: 'Corporation',
};
/** The A2P profile's company type (what TCR calls the entity type). */
const COMPANY_TYPE: Record<Exclude<BusinessType, 'sole_proprietor'>, string> = {
  private_company: 'private',
  public_company: 'public',
  non_profit: 'non-profit',
  government: 'government',
};

type TwilioFailure = { status?: number; code?: number; message?: string; moreInfo?: string };

/** A 4xx from Twilio on what the owner entered is a refusal in words; anything else is an outage. */
function translate(error: unknown, action: string): Error {
  const failure = error as TwilioFailure;
  if (
    failure.status !== undefined &&
    failure.status >= 400 &&
    failure.status < 500 &&
    failure.status !== 401
  ) {
    const field = /\b([a-z]+(?:_[a-z]+)+)\b/.exec(failure.message ?? '')?.[1];
    return new RegistrationRejectedError(failureFrom(failure.message, field ? [field] : []));
  }
  return new RegistrationProviderError(`Twilio ${action} failed: ${failure.message ?? String(error)}`);
}

/**
 * Twilio's ISV A2P 10DLC flow (docs/decisions/169): per owner a secondary customer profile (business
 * information, authorized representative, address) tied to our primary profile, an A2P trust bundle, the
 * brand registration; then a messaging service holding the owner's number and the us-app-to-person
 * campaign. `apiBase` points every Twilio domain the flow uses at another host (tests/fakes/twilio).
 */
export function createTwilioMessagingRegistration(options: {
  accountSid: string;
  authToken: string;
  /** Our own (the ISV's) approved primary customer profile, BU…; absent: registration cannot start. */
  primaryCustomerProfileSid: string | undefined;
  apiBase?: string;
}): MessagingRegistrationProvider {
  const client = twilio(options.accountSid, options.authToken, { autoRetry: false });
  if (options.apiBase) {
    client.api.baseUrl = options.apiBase;
    client.trusthub.baseUrl = options.apiBase;
    client.messaging.baseUrl = options.apiBase;
  }
  const trusthub = client.trusthub.v1;
  const messaging = client.messaging.v1;

  async function step<T>(action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw translate(error, action);
    }
  }

  /** Submits a bundle after checking it: a noncompliant evaluation names what is missing or wrong. */
  async function evaluateAndSubmit(
    kind: 'customerProfiles' | 'trustProducts',
    sid: string,
    policySid: string,
  ) {
    const evaluation =
      kind === 'customerProfiles'
        ? await step('profile evaluation', () =>
            trusthub.customerProfiles(sid).customerProfilesEvaluations.create({ policySid }),
          )
        : await step('bundle evaluation', () =>
            trusthub.trustProducts(sid).trustProductsEvaluations.create({ policySid }),
          );
    if (evaluation.status === 'noncompliant') {
      const results = (evaluation.results ?? []) as Array<{
        fields?: Array<{ object_field?: string; failure_reason?: string; passed?: boolean }>;
        failure_reason?: string;
      }>;
      const failed = results.flatMap((r) => r.fields ?? []).find((f) => f.passed === false);
      throw new RegistrationRejectedError(
        failureFrom(
          failed?.failure_reason ?? results[0]?.failure_reason,
          failed?.object_field ? [failed.object_field] : [],
        ),
      );
    }
    if (kind === 'customerProfiles') {
      await step('profile submission', () =>
        trusthub.customerProfiles(sid).update({ status: 'pending-review' }),
      );
    } else {
      await step('bundle submission', () => trusthub.trustProducts(sid).update({ status: 'pending-review' }));
    }
  }

  /** Adds the number to the service; 21710 (already in this service) is success, 21712 its own error. */
  async function addToService(serviceSid: string, phoneNumberSid: string) {
    try {
      await messaging.services(serviceSid).phoneNumbers.create({ phoneNumberSid });
    } catch (error) {
      const code = (error as TwilioFailure).code;
      if (code === 21710) return;
      if (code === 21712) {
        throw new NumberInOtherServiceError(`Twilio: ${phoneNumberSid} is in another messaging service`);
      }
      // A number or service Twilio does not know is not the owner's input: an outage to retry, not a refusal.
      throw new RegistrationProviderError(
        `Twilio service number failed: ${(error as TwilioFailure).message ?? String(error)}`,
      );
    }
  }

  async function customerProfile(submission: BrandSubmission) {
    const { details, ownerId, statusCallbackUrl } = submission;
    const businessType = details.businessType;
    const sole = businessType === 'sole_proprietor';
    const profile = await step('customer profile', () =>
      trusthub.customerProfiles.create({
        friendlyName: `${details.legalName} (${ownerId})`.slice(0, 64),
        email: details.contact.email,
        policySid: sole
          ? TRUST_HUB_POLICIES.starterCustomerProfile
          : TRUST_HUB_POLICIES.secondaryCustomerProfile,
        statusCallback: statusCallbackUrl,
      }),
    );
    const assign = (objectSid: string) =>
      step('profile assignment', () =>
        trusthub.customerProfiles(profile.sid).customerProfilesEntityAssignments.create({ objectSid }),
      );
    const information = await step('business information', () =>
      trusthub.endUsers.create({
        friendlyName: `${details.legalName} business information`.slice(0, 64),
        type: sole ? 'starter_customer_profile_information' : 'customer_profile_business_information',
        attributes:
          businessType === 'sole_proprietor'
            ? {
                first_name: details.contact.firstName,
                last_name: details.contact.lastName,
                email: details.contact.email,
                phone_number: details.contact.phone,
              }
            : {
                business_name: details.legalName,
                business_identity: 'direct_customer',
                business_type: TRUST_HUB_BUSINESS_TYPE[businessType],
                business_industry: 'PROFESSIONAL_SERVICES',
                business_registration_identifier: details.address.country === 'US' ? 'EIN' : 'CBN',
                business_registration_number: details.ein,
                business_regions_of_operation: 'USA_AND_CANADA',
                website_url: details.website,
                social_media_profile_urls: '',
              },
      }),
    );
    await assign(information.sid);
    if (!sole) {
      const representative = await step('authorized representative', () =>
        trusthub.endUsers.create({
          friendlyName: `${details.contact.firstName} ${details.contact.lastName}`.slice(0, 64),
          type: 'authorized_representative_1',
          attributes: {
            first_name: details.contact.firstName,
            last_name: details.contact.lastName,
            email: details.contact.email,
            phone_number: details.contact.phone,
            business_title: details.contact.title,
            job_position: 'Other',
          },
        }),
      );
      await assign(representative.sid);
    }
    const address = await step('address', () =>
      client.addresses.create({
        customerName: details.legalName,
        street: details.address.street,
        city: details.address.city,
        region: details.address.region,
        postalCode: details.address.postalCode,
        isoCountry: details.address.country,
      }),
    );
    const document = await step('address document', () =>
      trusthub.supportingDocuments.create({
        friendlyName: `${details.legalName} address`.slice(0, 64),
        type: 'customer_profile_address',
        attributes: { address_sids: address.sid },
      }),
    );
    await assign(document.sid);
    if (!sole) {
      // An ISV's secondary profiles hang under its own approved primary profile.
      await assign(options.primaryCustomerProfileSid!);
    }
    await evaluateAndSubmit(
      'customerProfiles',
      profile.sid,
      sole ? TRUST_HUB_POLICIES.starterCustomerProfile : TRUST_HUB_POLICIES.secondaryCustomerProfile,
    );
    return profile.sid;
  }

  async function trustBundle(submission: BrandSubmission, customerProfileSid: string) {
    const { details, statusCallbackUrl } = submission;
    const businessType = details.businessType;
    const sole = businessType === 'sole_proprietor';
    const policySid = sole
      ? TRUST_HUB_POLICIES.soleProprietorA2pBundle
      : TRUST_HUB_POLICIES.a2pMessagingProfile;
    const bundle = await step('A2P bundle', () =>
      trusthub.trustProducts.create({
        friendlyName: `${details.legalName} A2P`.slice(0, 64),
        email: details.contact.email,
        policySid,
        statusCallback: statusCallbackUrl,
      }),
    );
    const profileInfo = await step('A2P profile information', () =>
      trusthub.endUsers.create({
        friendlyName: `${details.legalName} messaging profile`.slice(0, 64),
        type: sole ? 'sole_proprietor_information' : 'us_a2p_messaging_profile_information',
        attributes: sole
          ? {
              brand_name: details.legalName,
              vertical: 'PROFESSIONAL',
              mobile_phone_number: details.contact.phone,
            }
          : {
              company_type: COMPANY_TYPE[businessType],
              ...(details.businessType === 'public_company'
                ? { stock_exchange: details.stockExchange, stock_ticker: details.stockTicker }
                : {}),
            },
      }),
    );
    const assign = (objectSid: string) =>
      step('bundle assignment', () =>
        trusthub.trustProducts(bundle.sid).trustProductsEntityAssignments.create({ objectSid }),
      );
    await assign(profileInfo.sid);
    await assign(customerProfileSid);
    await evaluateAndSubmit('trustProducts', bundle.sid, policySid);
    return bundle.sid;
  }

  return {
    name: 'twilio',

    async submitBrand(submission) {
      if (submission.details.businessType !== 'sole_proprietor' && !options.primaryCustomerProfileSid) {
        throw new RegistrationProviderError(
          'Twilio registration needs TWILIO_PRIMARY_CUSTOMER_PROFILE_SID (our approved primary customer profile)',
        );
      }
      // A resubmission starts from a fresh profile, bundle and brand (decision 169): a failed brand's data
      // is what the carriers refused, and Twilio bills the brand either way.
      const customerProfileSid = await customerProfile(submission);
      const trustProductSid = await trustBundle(submission, customerProfileSid);
      const brand = await step('brand registration', () =>
        messaging.brandRegistrations.create({
          customerProfileBundleSid: customerProfileSid,
          a2PProfileBundleSid: trustProductSid,
          brandType: submission.brandType === 'sole_proprietor' ? 'SOLE_PROPRIETOR' : 'STANDARD',
          // Low-Volume Standard is a Standard brand without the paid secondary vetting.
          ...(submission.brandType === 'low_volume_standard' ? { skipAutomaticSecVet: true } : {}),
        }),
      );
      return { customerProfileSid, trustProductSid, brandSid: brand.sid };
    },

    async submitCampaign(submission) {
      const { refs } = submission;
      if (!refs.brandSid) throw new RegistrationProviderError('A campaign needs a registered brand');
      const { content } = submission;
      const serviceSid =
        refs.messagingServiceSid ??
        (
          await step('messaging service', () =>
            messaging.services.create({
              friendlyName: `${submission.businessName} (${submission.ownerId})`.slice(0, 64),
              // The service, not each number, receives the owner's texts: our signed SMS webhook.
              inboundRequestUrl: submission.inboundSmsUrl,
              inboundMethod: 'POST',
              useInboundWebhookOnNumber: false,
              usecase: 'notifications',
            }),
          )
        ).sid;
      // A retried campaign finds its number in the service already (21710), which is fine.
      if (submission.number) await addToService(serviceSid, submission.number.sid);
      const campaign = await step('campaign', () =>
        messaging.services(serviceSid).usAppToPerson.create({
          brandRegistrationSid: refs.brandSid!,
          description: content.description,
          messageFlow: content.messageFlow,
          messageSamples: content.messageSamples,
          usAppToPersonUsecase: content.usAppToPersonUsecase,
          hasEmbeddedLinks: content.hasEmbeddedLinks,
          hasEmbeddedPhone: content.hasEmbeddedPhone,
          optInKeywords: content.optInKeywords,
          optOutKeywords: content.optOutKeywords,
          helpKeywords: content.helpKeywords,
          optOutMessage: content.optOutMessage,
          helpMessage: content.helpMessage,
        }),
      );
      return { ...refs, messagingServiceSid: serviceSid, campaignSid: campaign.sid };
    },

    async resendVerification(refs) {
      if (!refs.brandSid) throw new RegistrationProviderError('No brand to verify');
      await step('verification text', () =>
        messaging.brandRegistrations(refs.brandSid!).brandRegistrationOtps.create(),
      );
    },

    async attachNumber(refs, number) {
      if (!refs.messagingServiceSid) throw new RegistrationProviderError('No messaging service to join');
      await addToService(refs.messagingServiceSid, number.sid);
    },
  };
}
