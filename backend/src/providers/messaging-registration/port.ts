import type {
  BrandType,
  BusinessRegistrationDetails,
  RegistrationFailure,
} from '@shared/schemas/messaging-registration';

/**
 * A2P 10DLC registration at the messaging provider, as Twilio's ISV flow does it (docs/decisions/169):
 * the owner's secondary customer profile and A2P trust bundle, then the brand; once the brand is registered,
 * a messaging service holding the owner's number and the campaign. Results arrive later as signed status
 * callbacks (routes/messaging-registration/a2p-status-webhook-routes.ts), not as return values.
 */
export type BrandSubmission = {
  ownerId: string;
  details: BusinessRegistrationDetails;
  brandType: BrandType;
  /** What an earlier submission created (a resubmission starts a fresh brand; see decision 169). */
  refs: RegistrationRefs;
  /** Where Trust Hub reports the profile's and bundle's review. */
  statusCallbackUrl: string;
};

/** The provider's references to an owner's registration (profile, bundle, brand, service, campaign). */
export type RegistrationRefs = {
  customerProfileSid?: string;
  trustProductSid?: string;
  brandSid?: string;
  messagingServiceSid?: string;
  campaignSid?: string;
};

/** What the campaign tells the carriers: use case, flow, samples and keyword replies (campaign-content.ts). */
export type CampaignContent = {
  usAppToPersonUsecase: string;
  description: string;
  messageFlow: string;
  messageSamples: string[];
  hasEmbeddedLinks: boolean;
  hasEmbeddedPhone: boolean;
  optInKeywords: string[];
  optOutKeywords: string[];
  helpKeywords: string[];
  optOutMessage: string;
  helpMessage: string;
};

export type CampaignSubmission = {
  /** Built by the capability from the product's own templates. */
  content: CampaignContent;
  ownerId: string;
  brandType: BrandType;
  refs: RegistrationRefs;
  businessName: string;
  /** The owner's assistant number with its provider sid, when they have one yet. */
  number?: { sid: string; phoneNumber: string };
  /** Where texts to the owner's number are delivered (our signed SMS webhook). */
  inboundSmsUrl: string;
};

export interface MessagingRegistrationProvider {
  /** 'twilio' or 'local', for logs. */
  readonly name: string;
  /** Creates profile, trust bundle and brand; throws RegistrationRejectedError when the provider refuses. */
  submitBrand(submission: BrandSubmission): Promise<RegistrationRefs>;
  /** Creates (or reuses) the owner's messaging service with its number, then the campaign. */
  submitCampaign(submission: CampaignSubmission): Promise<RegistrationRefs>;
  /** Sole proprietors: texts the registry's verification message to the contact's mobile again. */
  resendVerification(refs: RegistrationRefs): Promise<void>;
  /**
   * Puts a (changed) assistant number into the owner's messaging service, so its texts ride the registered
   * campaign. Idempotent: a number already in this service is fine. A number sits in one service at most:
   * one in another service throws NumberInOtherServiceError (never moved out of it silently).
   */
  attachNumber(refs: RegistrationRefs, number: { sid: string; phoneNumber: string }): Promise<void>;
}

/** Twilio 21712: the number belongs to another messaging service; it must leave that one first. */
export class NumberInOtherServiceError extends Error {}

/** The provider refused what was entered: its reason in words, and what the owner should change. */
export class RegistrationRejectedError extends Error {
  constructor(readonly failure: RegistrationFailure) {
    super(failure.reason);
  }
}

/** The provider failed (outage, credentials): the route answers 502 without the vendor's details. */
export class RegistrationProviderError extends Error {}
