import { campaignContent } from '../../backend/src/capabilities/messaging-registration/campaign-content';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REGISTRATION_FIX_TEXTS,
  businessRegistrationDetailsSchema,
  brandTypeFor,
} from '../../shared/schemas/messaging-registration';
import { A2P_EVENT_TYPES } from '../../backend/src/capabilities/messaging-registration/a2p-events';
import {
  NumberInOtherServiceError,
  RegistrationProviderError,
  RegistrationRejectedError,
} from '../../backend/src/providers/messaging-registration/port';
import {
  TRUST_HUB_POLICIES,
  createTwilioMessagingRegistration,
} from '../../backend/src/providers/messaging-registration/twilio';
import { signTwilioJsonRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { startFakeTwilio, type FakeStockNumber } from '../fakes/twilio/fake-twilio';
import { storeSubscription } from '../support/subscriptions';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { SAMPLE_REGISTRATION_DETAILS } from '../support/registration-details';

const accountSid = `AC${'a2p0'.repeat(8)}`;
const authToken = 'fake-twilio-auth-token-a2p';
const primaryProfile = `BU${'1'.repeat(32)}`;
const DETAILS = SAMPLE_REGISTRATION_DETAILS;
const details = businessRegistrationDetailsSchema.parse(DETAILS);
const CALLBACK = 'https://api.example.com/webhooks/twilio/messaging-registration';

/** Delivers one of Twilio's A2P status events about the brand, signed, to the app's callback route. */
async function deliverA2pEvent(
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  brandSid: string,
  type: string,
  data: Record<string, unknown>,
) {
  const body = JSON.stringify([
    { id: `NO${type.length}${Date.now()}`, type, data: { brandsid: brandSid, ...data } },
  ]);
  const signed = signTwilioJsonRequest(authToken, CALLBACK, body);
  const response = await app.request(signed.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': signed.signature },
    body,
  });
  expect(response.status).toBe(200);
}

describe('Twilio A2P registration adapter against a fake of Trust Hub and the Messaging API', async () => {
  const fake = await startFakeTwilio({ accountSid, authToken, stock: [], rejectedEin: '987654321' });
  afterAll(() => fake.stop());
  const adapter = createTwilioMessagingRegistration({
    accountSid,
    authToken,
    primaryCustomerProfileSid: primaryProfile,
    apiBase: fake.apiBase,
  });
  const since = () => fake.requests.length;
  const madeSince = (start: number) =>
    fake.requests.slice(start).map((r) => `${r.method} ${r.path.replace(/[A-Z]{2}[0-9a-f]{32}/g, ':sid')}`);

  it('creates the secondary customer profile, the A2P bundle and a Low-Volume Standard brand', async () => {
    const start = since();
    const refs = await adapter.submitBrand({
      ownerId: 'owner-1',
      details,
      brandType: brandTypeFor(details.businessType),
      refs: {},
      statusCallbackUrl: CALLBACK,
    });
    expect(refs).toEqual({
      customerProfileSid: expect.stringMatching(/^BU[0-9a-f]{32}$/),
      trustProductSid: expect.stringMatching(/^BU[0-9a-f]{32}$/),
      brandSid: expect.stringMatching(/^BN[0-9a-f]{32}$/),
    });
    expect(madeSince(start)).toEqual([
      'POST /v1/CustomerProfiles',
      'POST /v1/EndUsers',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      'POST /v1/EndUsers',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      `POST /2010-04-01/Accounts/${accountSid}/Addresses.json`,
      'POST /v1/SupportingDocuments',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      'POST /v1/CustomerProfiles/:sid/Evaluations',
      'POST /v1/CustomerProfiles/:sid',
      'POST /v1/TrustProducts',
      'POST /v1/EndUsers',
      'POST /v1/TrustProducts/:sid/EntityAssignments',
      'POST /v1/TrustProducts/:sid/EntityAssignments',
      'POST /v1/TrustProducts/:sid/Evaluations',
      'POST /v1/TrustProducts/:sid',
      'POST /v1/a2p/BrandRegistrations',
    ]);
    const requests = fake.requests.slice(start);
    expect(requests[0]!.form).toMatchObject({
      PolicySid: TRUST_HUB_POLICIES.secondaryCustomerProfile,
      Email: 'dana@bellahair.com',
      StatusCallback: CALLBACK,
    });
    expect(JSON.parse(requests[1]!.form.Attributes!)).toMatchObject({
      business_name: 'Bella Hair Studio LLC',
      business_type: 'Limited Liability Corporation',
      business_registration_identifier: 'EIN',
      business_registration_number: '123456789',
      website_url: 'https://bellahair.com',
    });
    expect(requests[3]!.form.Type).toBe('authorized_representative_1');
    expect(JSON.parse(requests[3]!.form.Attributes!)).toMatchObject({
      first_name: 'Dana',
      phone_number: '+14155550142',
      business_title: 'Owner',
    });
    expect(requests[5]!.form).toMatchObject({ Street: '12 Market St', Region: 'CA', IsoCountry: 'US' });
    // The ISV's primary profile is assigned to the secondary one.
    expect(requests[8]!.form.ObjectSid).toBe(primaryProfile);
    expect(requests[10]!.form.Status).toBe('pending-review');
    expect(JSON.parse(requests[12]!.form.Attributes!)).toEqual({ company_type: 'private' });
    expect(requests[14]!.form.ObjectSid).toBe(refs.customerProfileSid);
    expect(requests.at(-1)!.form).toEqual({
      CustomerProfileBundleSid: refs.customerProfileSid,
      A2PProfileBundleSid: refs.trustProductSid,
      BrandType: 'STANDARD',
      SkipAutomaticSecVet: 'true',
    });
    expect(requests.every((r) => r.authorization?.startsWith('Basic '))).toBe(true);
  });

  it('turns a noncompliant evaluation into a refusal naming the field and what to change', async () => {
    const error = await adapter
      .submitBrand({
        ownerId: 'owner-2',
        details: { ...details, ein: '987654321' },
        brandType: 'low_volume_standard',
        refs: {},
        statusCallbackUrl: CALLBACK,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrationRejectedError);
    expect((error as RegistrationRejectedError).failure).toEqual({
      field: 'ein',
      reason: 'The business registration number does not match the business name.',
      whatToChange: REGISTRATION_FIX_TEXTS.ein,
    });
  });

  it('needs our primary customer profile for a business brand', async () => {
    const withoutPrimary = createTwilioMessagingRegistration({
      accountSid,
      authToken,
      primaryCustomerProfileSid: undefined,
      apiBase: fake.apiBase,
    });
    await expect(
      withoutPrimary.submitBrand({
        ownerId: 'owner-3',
        details,
        brandType: 'low_volume_standard',
        refs: {},
        statusCallbackUrl: CALLBACK,
      }),
    ).rejects.toBeInstanceOf(RegistrationProviderError);
  });

  it('creates the messaging service with the number and the inbound webhook, then the campaign', async () => {
    const brand = await adapter.submitBrand({
      ownerId: 'owner-4',
      details,
      brandType: 'low_volume_standard',
      refs: {},
      statusCallbackUrl: CALLBACK,
    });
    const numberSid = `PN${'4'.repeat(32)}`;
    const start = since();
    const refs = await adapter.submitCampaign({
      ownerId: 'owner-4',
      brandType: 'low_volume_standard',
      refs: brand,
      businessName: 'Bella Hair Studio',
      content: campaignContent('Bella Hair Studio', 'low_volume_standard'),
      number: { sid: numberSid, phoneNumber: '+14155550111' },
      inboundSmsUrl: 'https://api.example.com/webhooks/twilio/sms',
    });
    expect(madeSince(start)).toEqual([
      'POST /v1/Services',
      'POST /v1/Services/:sid/PhoneNumbers',
      'POST /v1/Services/:sid/Compliance/Usa2p',
    ]);
    const [service, number, campaign] = fake.requests.slice(start);
    expect(service!.form).toMatchObject({
      InboundRequestUrl: 'https://api.example.com/webhooks/twilio/sms',
      InboundMethod: 'POST',
      UseInboundWebhookOnNumber: 'false',
    });
    expect(number!.form).toEqual({ PhoneNumberSid: numberSid });
    expect(campaign!.form).toMatchObject({
      BrandRegistrationSid: brand.brandSid,
      UsAppToPersonUsecase: 'LOW_VOLUME',
      HasEmbeddedLinks: 'true',
    });
    expect(campaign!.form.MessageFlow).toMatch(
      /texts the business number first, or asks during a phone call/,
    );
    expect(campaign!.formAll.MessageSamples).toHaveLength(3);
    expect(campaign!.formAll.MessageSamples![0]).toMatch(
      /^Bella Hair Studio: you're booked for a consultation on/,
    );
    // YES is an answer to the assistant, not a re-subscription.
    expect(campaign!.formAll.OptInKeywords).toEqual(['START', 'UNSTOP']);
    expect(campaign!.formAll.OptOutKeywords).toContain('STOP');
    expect(refs).toMatchObject({
      ...brand,
      messagingServiceSid: expect.stringMatching(/^MG/),
      campaignSid: expect.stringMatching(/^QE/),
    });
    expect(fake.a2p.services.get(refs.messagingServiceSid!)?.numbers).toEqual([numberSid]);

    // A retried campaign reuses the service and the number already in it.
    const again = await adapter.submitCampaign({
      ownerId: 'owner-4',
      brandType: 'low_volume_standard',
      refs: { ...brand, messagingServiceSid: refs.messagingServiceSid! },
      businessName: 'Bella Hair Studio',
      content: campaignContent('Bella Hair Studio', 'low_volume_standard'),
      number: { sid: numberSid, phoneNumber: '+14155550111' },
      inboundSmsUrl: 'https://api.example.com/webhooks/twilio/sms',
    });
    expect(again.messagingServiceSid).toBe(refs.messagingServiceSid);
  });

  it('puts a changed number into the owner’s service: once, and never into a second service', async () => {
    const campaignFor = async (ownerId: string, numberSid: string) =>
      adapter.submitCampaign({
        ownerId,
        brandType: 'low_volume_standard',
        refs: await adapter.submitBrand({
          ownerId,
          details,
          brandType: 'low_volume_standard',
          refs: {},
          statusCallbackUrl: CALLBACK,
        }),
        businessName: 'Bella Hair Studio',
        content: campaignContent('Bella Hair Studio', 'low_volume_standard'),
        number: { sid: numberSid, phoneNumber: '+14155550111' },
        inboundSmsUrl: 'https://api.example.com/webhooks/twilio/sms',
      });
    const [oldSid, newSid, otherSid] = ['6', '7', '8'].map((digit) => `PN${digit.repeat(32)}`);
    const refs = await campaignFor('owner-6', oldSid!);
    const other = await campaignFor('owner-7', otherSid!);

    const start = since();
    await adapter.attachNumber(refs, { sid: newSid!, phoneNumber: '+14155550112' });
    expect(madeSince(start)).toEqual(['POST /v1/Services/:sid/PhoneNumbers']);
    expect(fake.requests.at(-1)!.form).toEqual({ PhoneNumberSid: newSid });
    expect(fake.a2p.services.get(refs.messagingServiceSid!)?.numbers).toEqual([oldSid, newSid]);
    // Again (a retried attach): Twilio's 21710 is success.
    await adapter.attachNumber(refs, { sid: newSid!, phoneNumber: '+14155550112' });
    expect(fake.a2p.services.get(refs.messagingServiceSid!)?.numbers).toEqual([oldSid, newSid]);

    // 21712: a number in another owner's service is not taken out of it.
    await expect(
      adapter.attachNumber(refs, { sid: otherSid!, phoneNumber: '+14155550113' }),
    ).rejects.toBeInstanceOf(NumberInOtherServiceError);
    expect(fake.a2p.services.get(other.messagingServiceSid!)?.numbers).toEqual([otherSid]);
    // A service Twilio does not know, or none at all: a provider failure to retry, not the owner's input.
    await expect(
      adapter.attachNumber(
        { ...refs, messagingServiceSid: `MG${'0'.repeat(32)}` },
        { sid: newSid!, phoneNumber: '+14155550112' },
      ),
    ).rejects.toBeInstanceOf(RegistrationProviderError);
    await expect(
      adapter.attachNumber({ brandSid: refs.brandSid! }, { sid: newSid!, phoneNumber: '+14155550112' }),
    ).rejects.toBeInstanceOf(RegistrationProviderError);
  });

  it('asks the registry to text a sole proprietor again', async () => {
    const sole = businessRegistrationDetailsSchema.parse({
      ...DETAILS,
      businessType: 'sole_proprietor',
      ein: undefined,
    });
    const refs = await adapter.submitBrand({
      ownerId: 'owner-5',
      details: sole,
      brandType: 'sole_proprietor',
      refs: {},
      statusCallbackUrl: CALLBACK,
    });
    expect(fake.a2p.brands.get(refs.brandSid!)?.brandType).toBe('SOLE_PROPRIETOR');
    expect(fake.a2p.bundles.get(refs.customerProfileSid!)?.policySid).toBe(
      TRUST_HUB_POLICIES.starterCustomerProfile,
    );
    await adapter.resendVerification(refs);
    expect(fake.a2p.otpRequests).toEqual([refs.brandSid]);
  });

  it('runs the owner’s registration through the app with Twilio configured, by signed status callbacks', async () => {
    const { app, deps, services } = await createTestApp({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_API_BASE: fake.apiBase,
      TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: primaryProfile,
      PUBLIC_API_URL: 'https://api.example.com',
    });
    const user = await createConfirmedUser(services, 'a2p-twilio');
    await deps.data.businessConfigs.createConfig(user.sub, {
      business_name: 'Bella Hair Studio',
      phone_number: '+14155550142',
      address: '12 Market St, San Francisco, CA',
    });
    const put = await callApi(
      app,
      'PUT',
      `/oauth/users/${user.sub}/messaging-registration`,
      user.tokens.IdToken,
      DETAILS,
    );
    expect(put.body).toMatchObject({ state: 'in_review', brandType: 'low_volume_standard' });
    const brandSid = (await deps.data.messagingRegistrations.get(user.sub))!.refs.brandSid!;
    expect(fake.a2p.brands.has(brandSid)).toBe(true);
    // Real Twilio drives the states: the local control does not exist.
    expect((await callApi(app, 'POST', `/local/a2p/${user.sub}/approve`)).status).toBe(404);

    const deliver = (type: string, data: Record<string, unknown>) =>
      deliverA2pEvent(app, brandSid, type, data);
    const campaignsBefore = fake.a2p.campaigns.size;
    await deliver(A2P_EVENT_TYPES.brandRegistered, { identitystatus: 'VERIFIED' });
    expect(fake.a2p.campaigns.size).toBe(campaignsBefore + 1);
    await deliver(A2P_EVENT_TYPES.campaignApproved, {});
    const view = await callApi(
      app,
      'GET',
      `/oauth/users/${user.sub}/messaging-registration`,
      user.tokens.IdToken,
    );
    expect(view.body).toMatchObject({ state: 'approved', textingAllowed: true });
  });
});

describe('a changed number joins the service at Twilio (the app against the fake, decision 169)', async () => {
  const stockNumber = (phone: string): FakeStockNumber => ({
    phone_number: phone,
    friendly_name: phone,
    locality: 'San Francisco',
    region: 'CA',
    postal_code: '94105',
    iso_country: 'US',
  });
  const fake = await startFakeTwilio({
    accountSid,
    authToken,
    stock: ['+14155550121', '+14155550122'].map(stockNumber),
  });
  afterAll(() => fake.stop());
  const { app, deps, services } = await createTestApp({
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_BASE: fake.apiBase,
    TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: primaryProfile,
    PUBLIC_API_URL: 'https://api.example.com',
  });

  it('puts the new number into the owner’s service and the released one leaves it', async () => {
    const user = await createConfirmedUser(services, 'a2p-twilio-change');
    await deps.data.businessConfigs.createConfig(user.sub, { business_name: 'Bella Hair Studio' });
    await storeSubscription(deps, user.sub, 'trialing');
    const pick = (phone: string) =>
      callApi(app, 'POST', `/oauth/users/${user.sub}/assistant-phone`, user.tokens.IdToken, {
        assistant_phone: phone,
      });
    const sidOf = (phone: string) => [...fake.owned.values()].find((n) => n.phone_number === phone)?.sid;
    expect((await pick('+14155550121')).status).toBe(200);
    await callApi(
      app,
      'PUT',
      `/oauth/users/${user.sub}/messaging-registration`,
      user.tokens.IdToken,
      DETAILS,
    );
    const brandSid = (await deps.data.messagingRegistrations.get(user.sub))!.refs.brandSid!;
    await deliverA2pEvent(app, brandSid, A2P_EVENT_TYPES.brandRegistered, { identitystatus: 'VERIFIED' });
    await deliverA2pEvent(app, brandSid, A2P_EVENT_TYPES.campaignApproved, {});
    const serviceSid = (await deps.data.messagingRegistrations.get(user.sub))!.refs.messagingServiceSid!;
    const firstSid = sidOf('+14155550121');
    expect(fake.a2p.services.get(serviceSid)?.numbers).toEqual([firstSid]);

    expect((await pick('+14155550122')).status).toBe(200);
    expect(fake.owned.has(firstSid!)).toBe(false);
    expect(fake.a2p.services.get(serviceSid)?.numbers).toEqual([sidOf('+14155550122')]);
    expect(await deps.data.messagingRegistrations.get(user.sub)).toMatchObject({
      state: 'approved',
      serviceNumber: '+14155550122',
    });
    expect(await deps.textingGate.allows('+14155550122', '+14155550199')).toBe(true);
  });
});
