import { randomBytes } from 'node:crypto';

/** The request as the fake received it; `formAll` keeps repeated form keys (Twilio sends lists that way). */
export type A2pRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  formAll: Record<string, string[]>;
};
type Reply = (status: number, body?: unknown) => void;

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * The Trust Hub (trusthub.twilio.com/v1) and Messaging (messaging.twilio.com/v1) resources of Twilio's A2P
 * 10DLC ISV flow, in their wire format: customer profiles and trust products with entity assignments,
 * evaluations and status updates, end users, supporting documents, brand registrations and their SmsOtp,
 * messaging services with phone numbers (21710 already in this one, 21712 in another; a released number
 * leaves its service) and the us-app-to-person campaign (Compliance/Usa2p); addresses
 * live on the 2010-04-01 API. An evaluation is noncompliant when an assigned end user's
 * business_registration_number is `rejectedEin`, with Trust Hub's result shape.
 */
export function createFakeA2p(options: { accountSid: string; rejectedEin?: string }) {
  const endUsers = new Map<string, { type: string; attributes: Record<string, unknown> }>();
  const assignments = new Map<string, string[]>();
  const bundles = new Map<string, { kind: 'profile' | 'product'; status: string; policySid: string }>();
  const brands = new Map<
    string,
    { customerProfileBundleSid: string; a2PProfileBundleSid: string; brandType: string }
  >();
  const services = new Map<string, { inboundRequestUrl: string; numbers: string[] }>();
  const campaigns = new Map<
    string,
    { serviceSid: string; form: Record<string, string>; formAll: Record<string, string[]> }
  >();
  const otpRequests: string[] = [];
  const accountSid = options.accountSid;

  function handle(request: A2pRequest, reply: Reply): boolean {
    const { method, path, form } = request;
    const created = (body: Record<string, unknown>) => reply(201, { account_sid: accountSid, ...body });

    if (method === 'POST' && path === `/2010-04-01/Accounts/${accountSid}/Addresses.json`) {
      created({
        sid: sidOf('AD'),
        customer_name: form.CustomerName,
        street: form.Street,
        city: form.City,
        region: form.Region,
        postal_code: form.PostalCode,
        iso_country: form.IsoCountry,
      });
      return true;
    }
    const bundleCreate = /^\/v1\/(CustomerProfiles|TrustProducts)$/.exec(path);
    if (method === 'POST' && bundleCreate) {
      const sid = sidOf('BU');
      bundles.set(sid, {
        kind: bundleCreate[1] === 'CustomerProfiles' ? 'profile' : 'product',
        status: 'draft',
        policySid: form.PolicySid ?? '',
      });
      assignments.set(sid, []);
      created({
        sid,
        friendly_name: form.FriendlyName,
        email: form.Email,
        policy_sid: form.PolicySid,
        status: 'draft',
        status_callback: form.StatusCallback ?? null,
      });
      return true;
    }
    const bundleUpdate = /^\/v1\/(?:CustomerProfiles|TrustProducts)\/(BU[0-9a-f]{32})$/.exec(path);
    if (method === 'POST' && bundleUpdate) {
      const bundle = bundles.get(bundleUpdate[1]!);
      if (!bundle) return notFound(reply);
      if (form.Status) bundle.status = form.Status;
      reply(200, {
        sid: bundleUpdate[1],
        account_sid: accountSid,
        status: bundle.status,
        policy_sid: bundle.policySid,
      });
      return true;
    }
    const assign = /^\/v1\/(?:CustomerProfiles|TrustProducts)\/(BU[0-9a-f]{32})\/EntityAssignments$/.exec(
      path,
    );
    if (method === 'POST' && assign) {
      const list = assignments.get(assign[1]!);
      if (!list) return notFound(reply);
      list.push(form.ObjectSid ?? '');
      created({ sid: sidOf('BV'), object_sid: form.ObjectSid });
      return true;
    }
    const evaluate = /^\/v1\/(?:CustomerProfiles|TrustProducts)\/(BU[0-9a-f]{32})\/Evaluations$/.exec(path);
    if (method === 'POST' && evaluate) {
      const assigned = assignments.get(evaluate[1]!) ?? [];
      const rejected = assigned
        .map((sid) => endUsers.get(sid))
        .find(
          (user) =>
            options.rejectedEin && user?.attributes.business_registration_number === options.rejectedEin,
        );
      created({
        sid: sidOf('EL'),
        policy_sid: form.PolicySid,
        status: rejected ? 'noncompliant' : 'compliant',
        results: rejected
          ? [
              {
                friendly_name: 'Business Information',
                object_type: 'customer_profile_business_information',
                passed: false,
                failure_reason: 'The business registration number does not match the business name.',
                fields: [
                  {
                    friendly_name: 'Business Registration Number',
                    object_field: 'business_registration_number',
                    failure_reason: 'The business registration number does not match the business name.',
                    passed: false,
                  },
                ],
              },
            ]
          : [],
      });
      return true;
    }
    if (method === 'POST' && path === '/v1/EndUsers') {
      const sid = sidOf('IT');
      const attributes = JSON.parse(form.Attributes ?? '{}') as Record<string, unknown>;
      endUsers.set(sid, { type: form.Type ?? '', attributes });
      created({ sid, friendly_name: form.FriendlyName, type: form.Type, attributes });
      return true;
    }
    if (method === 'POST' && path === '/v1/SupportingDocuments') {
      created({
        sid: sidOf('RD'),
        friendly_name: form.FriendlyName,
        type: form.Type,
        attributes: JSON.parse(form.Attributes ?? '{}'),
      });
      return true;
    }
    if (method === 'POST' && path === '/v1/a2p/BrandRegistrations') {
      const profile = bundles.get(form.CustomerProfileBundleSid ?? '');
      const product = bundles.get(form.A2PProfileBundleSid ?? '');
      if (profile?.status !== 'pending-review' || product?.status !== 'pending-review') {
        reply(400, {
          code: 21713,
          message: 'The customer profile and A2P bundle must be submitted for review first',
          status: 400,
        });
        return true;
      }
      const sid = sidOf('BN');
      brands.set(sid, {
        customerProfileBundleSid: form.CustomerProfileBundleSid!,
        a2PProfileBundleSid: form.A2PProfileBundleSid!,
        brandType: form.BrandType ?? 'STANDARD',
      });
      created({
        sid,
        customer_profile_bundle_sid: form.CustomerProfileBundleSid,
        a2p_profile_bundle_sid: form.A2PProfileBundleSid,
        brand_type: form.BrandType ?? 'STANDARD',
        status: 'PENDING',
        identity_status: 'UNVERIFIED',
        skip_automatic_sec_vet: form.SkipAutomaticSecVet === 'true',
      });
      return true;
    }
    const otp = /^\/v1\/a2p\/BrandRegistrations\/(BN[0-9a-f]{32})\/SmsOtp$/.exec(path);
    if (method === 'POST' && otp) {
      if (!brands.has(otp[1]!)) return notFound(reply);
      otpRequests.push(otp[1]!);
      created({ brand_registration_sid: otp[1] });
      return true;
    }
    if (method === 'POST' && path === '/v1/Services') {
      const sid = sidOf('MG');
      services.set(sid, { inboundRequestUrl: form.InboundRequestUrl ?? '', numbers: [] });
      created({
        sid,
        friendly_name: form.FriendlyName,
        inbound_request_url: form.InboundRequestUrl,
        use_inbound_webhook_on_number: form.UseInboundWebhookOnNumber === 'true',
        usecase: form.Usecase,
      });
      return true;
    }
    const numbers = /^\/v1\/Services\/(MG[0-9a-f]{32})\/PhoneNumbers$/.exec(path);
    if (method === 'POST' && numbers) {
      const service = services.get(numbers[1]!);
      if (!service) return notFound(reply);
      if (service.numbers.includes(form.PhoneNumberSid ?? '')) {
        reply(409, { code: 21710, message: 'Phone Number is already in the Messaging Service', status: 409 });
        return true;
      }
      // A number sits in one messaging service at most.
      if ([...services.values()].some((other) => other.numbers.includes(form.PhoneNumberSid ?? ''))) {
        reply(409, {
          code: 21712,
          message: 'Phone Number or Short Code is associated with another Messaging Service.',
          status: 409,
        });
        return true;
      }
      service.numbers.push(form.PhoneNumberSid ?? '');
      created({ sid: form.PhoneNumberSid, service_sid: numbers[1] });
      return true;
    }
    const campaign = /^\/v1\/Services\/(MG[0-9a-f]{32})\/Compliance\/Usa2p$/.exec(path);
    if (method === 'POST' && campaign) {
      if (!services.has(campaign[1]!)) return notFound(reply);
      if (!brands.has(form.BrandRegistrationSid ?? '')) {
        reply(400, { code: 21701, message: 'The brand registration was not found', status: 400 });
        return true;
      }
      const sid = sidOf('QE');
      campaigns.set(sid, { serviceSid: campaign[1]!, form, formAll: request.formAll });
      created({
        sid,
        brand_registration_sid: form.BrandRegistrationSid,
        messaging_service_sid: campaign[1],
        us_app_to_person_usecase: form.UsAppToPersonUsecase,
        campaign_status: 'IN_PROGRESS',
        message_samples: request.formAll.MessageSamples ?? [],
      });
      return true;
    }
    return false;
  }

  /** A released number leaves whichever messaging service held it. */
  function numberReleased(numberSid: string) {
    for (const service of services.values()) {
      service.numbers = service.numbers.filter((sid) => sid !== numberSid);
    }
  }

  return { handle, numberReleased, endUsers, assignments, bundles, brands, services, campaigns, otpRequests };
}

function notFound(reply: Reply) {
  reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  return true;
}
