import type { Language } from '@shared/language';
import type { LanguageSettingsInput } from '@shared/schemas/language-settings';
import type { z } from 'zod';
import type {
  BusinessConfig,
  businessConfigOrNoneSchema,
  businessConfigSchema,
  selectedVoiceSchema,
} from '@shared/schemas/business-config';
import type { BusinessInfo, ConfigUpdate } from '@shared/schemas/business-info';
import type { answerModeSettingsSchema } from '@shared/schemas/answer-mode';
import type { behaviorSettingsSchema } from '@shared/schemas/behavior-settings';
import type {
  businessLookupResponseSchema,
  businessPopulateResponseSchema,
  populatedConfigSchema,
} from '@shared/schemas/business-lookup';
import type {
  calendarFeedSchema,
  createCalendarResponseSchema,
  oauthAuthUrlResponseSchema,
  oauthConnectionsResponseSchema,
  OAuthConnection,
  shareCalendarResponseSchema,
} from '@shared/schemas/calendar';
import type {
  generatedDescriptionResponseSchema,
  objectiveGenerateResponseSchema,
} from '@shared/schemas/generation';
import type {
  Objective,
  objectiveTemplatesResponseSchema,
  storedObjectiveOrNoneSchema,
  objectiveSaveResponseSchema,
} from '@shared/schemas/objective';
import type { AvailablePhoneNumber, assistantPhoneResponseSchema } from '@shared/schemas/phone-numbers';
import type { setupStatusSchema } from '@shared/schemas/setup-status';
import type { subscriptionStatusSchema } from '@shared/schemas/subscription';
import type {
  availableVoicesResponseSchema,
  personalityResponseResponseSchema,
  voicePreviewResponseSchema,
} from '@shared/schemas/voices';
import type { TraitValues } from '@shared/personality';
import { IF_MISSING_NULL_QUERY } from '@shared/api-queries';
import { ApiClientError, apiRequest } from '../../../lib/api-client';
import { API_READ_PATHS, ownerPath } from '../../../lib/api-read-paths';
import { onDemand } from '../../../lib/chunk-load';

// Every call the setup wizard makes (spec §7). Paths and payloads are the spec's; every answer is typed by
// the shared schema the API answers with (decision 165). Writes answer with what they stored (the config,
// the objective), which the steps put in the query cache instead of reading it again.

/** The phone list's tolerant schema, loaded when step 4 first asks for numbers. */
const phoneSearchSchemas = onDemand(
  'phone-number-search',
  () => import('@shared/schemas/phone-number-search'),
);

/**
 * GET config; none yet is null (spec §8 "Get config 404 returns none"). Asked with ?if_missing=null so the
 * expected absence is not a 404 the browser logs as an error; a 404 is still read as none.
 */
export async function loadConfig(userId: string): Promise<z.output<typeof businessConfigOrNoneSchema>> {
  try {
    return await apiRequest<typeof businessConfigOrNoneSchema>(API_READ_PATHS.businessConfig(userId), {
      action: 'load business config',
    });
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

/** POST /oauth/config/create: the first save of step 1 creates the config. */
export const createConfig = (info: BusinessInfo) =>
  apiRequest<typeof businessConfigSchema>('/oauth/config/create', {
    method: 'POST',
    body: info,
    action: 'create business config',
  });

/** PUT config: later saves of step 1 (business info) and step 2 (description, assistant name). */
export const updateConfig = (userId: string, fields: ConfigUpdate) =>
  apiRequest<typeof businessConfigSchema>(`${ownerPath(userId)}/config`, {
    method: 'PUT',
    body: fields,
    action: 'update business config',
  });

export const searchBusinesses = (business_name: string, address: string) =>
  apiRequest<typeof businessLookupResponseSchema>('/oauth/business-lookup', {
    method: 'POST',
    body: { business_name, address },
    action: 'search for businesses',
  });

export type PopulatedConfig = z.output<typeof populatedConfigSchema>;

export const populateBusiness = (business_name: string, address: string) =>
  apiRequest<typeof businessPopulateResponseSchema>('/oauth/business-lookup/populate', {
    method: 'POST',
    body: { business_name, address },
    action: 'get business details',
  });

export const generateDescription = (userId: string) =>
  apiRequest<typeof generatedDescriptionResponseSchema>(`${ownerPath(userId)}/generate-description`, {
    method: 'POST',
    action: 'generate business description',
  });

/** Answers with the config as stored. */
export const savePersonality = (userId: string, personality_traits: TraitValues) =>
  apiRequest<typeof businessConfigSchema>(`${ownerPath(userId)}/personality`, {
    method: 'POST',
    body: { personality_traits },
    action: 'save personality traits',
  });

type AvailableVoices = z.output<typeof availableVoicesResponseSchema>['voices'];
export type VoiceGender = keyof AvailableVoices;
export type Voice = AvailableVoices[VoiceGender][number];
export type VoicesByGender = Partial<AvailableVoices>;

export async function loadVoices(): Promise<VoicesByGender> {
  const response = await apiRequest<typeof availableVoicesResponseSchema>('/api/voices/available', {
    action: 'load voices',
  });
  if (response.success === false || !response.voices)
    throw new Error(response.error ?? 'Failed to load voices');
  return response.voices;
}

export type SelectedVoice = z.output<typeof selectedVoiceSchema>;

/** Answers with the config as stored. */
export const saveVoiceSettings = (userId: string, selected_voice: SelectedVoice) =>
  apiRequest<typeof businessConfigSchema>(`${ownerPath(userId)}/voice-settings`, {
    method: 'PUT',
    body: { selected_voice },
    action: 'save voice settings',
  });

/** The personality preview: the text the assistant would say, spoken too when a voice was sent. */
export const personalityResponse = (userId: string, scenario: string, voice_config?: SelectedVoice) =>
  apiRequest<typeof personalityResponseResponseSchema>(`${ownerPath(userId)}/personality-response`, {
    method: 'POST',
    body: voice_config ? { scenario, voice_config } : { scenario },
    action: 'generate personality response',
  });

/** `language`: the text's language (a Spanish sample), for engines that need telling. */
export const previewVoice = (voice: SelectedVoice & { language?: Language }, text: string) =>
  apiRequest<typeof voicePreviewResponseSchema>('/api/voices/preview', {
    method: 'POST',
    body: { provider: voice.provider, voice_config: voice, text },
    action: 'preview voice',
  });

export type PhoneSearch = { country: string; area_code?: string; limit: number };

/**
 * Spec §7: only non-empty params are sent; the answer may hold numbers, phone_numbers or a bare array, each
 * entry's number as phone_number or number (the shared tolerant schema reads them all into one list).
 */
export async function loadAvailableNumbers(search: PhoneSearch): Promise<AvailablePhoneNumber[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && String(value).trim() !== '') params.set(key, String(value));
  }
  const { availablePhoneNumbersAnswerSchema } = await phoneSearchSchemas.get();
  return apiRequest(`/oauth/phone-numbers/available?${params.toString()}`, {
    action: 'load phone numbers',
    parse: async () => availablePhoneNumbersAnswerSchema,
  });
}

/** Answers with the number and the config as stored. */
export const saveAssistantPhone = (userId: string, assistant_phone: string) =>
  apiRequest<typeof assistantPhoneResponseSchema>(`${ownerPath(userId)}/assistant-phone`, {
    method: 'POST',
    body: { assistant_phone },
    action: 'save assistant phone',
  });

/** Answers with the config as stored. */
export const saveBehaviorSettings = (userId: string, settings: z.input<typeof behaviorSettingsSchema>) =>
  apiRequest<typeof businessConfigSchema>(`${ownerPath(userId)}/behavior-settings`, {
    method: 'PUT',
    body: settings,
    action: 'save behavior settings',
  });

/** GET objectives; none yet is null (404, or null when asked so). */
export async function loadObjective(userId: string): Promise<z.output<typeof storedObjectiveOrNoneSchema>> {
  try {
    return await apiRequest<typeof storedObjectiveOrNoneSchema>(
      `${ownerPath(userId)}/objectives?${IF_MISSING_NULL_QUERY}`,
      { action: 'load objective' },
    );
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

export const loadObjectiveTemplates = async () =>
  (
    await apiRequest<typeof objectiveTemplatesResponseSchema>('/oauth/objective-templates/discover', {
      action: 'load templates',
    })
  ).templates;

export const generateObjective = async (template_id: string, business_config: Partial<BusinessConfig>) =>
  (
    await apiRequest<typeof objectiveGenerateResponseSchema>('/oauth/objective-templates/generate', {
      method: 'POST',
      body: { template_id, business_config },
      action: 'generate objective',
    })
  ).objective;

/** Spec §4 "Objectives": PUT when the objective already belongs to the business, otherwise POST. */
/**
 * Answers with the objective as stored (with its business_id, so the next save is a PUT) and the config it
 * now points at.
 */
export const saveObjective = (userId: string, objective: Objective) =>
  apiRequest<typeof objectiveSaveResponseSchema>(`${ownerPath(userId)}/objectives`, {
    method: objective.business_id ? 'PUT' : 'POST',
    body: objective.business_id ? { objective } : objective,
    action: 'save objective',
  });

export type CalendarService = OAuthConnection['service'];
export type Connection = OAuthConnection;

export const loadConnections = async () =>
  (
    await apiRequest<typeof oauthConnectionsResponseSchema>('/oauth/connections', {
      action: 'load connections',
    })
  ).connections;

/** The timestamp defeats caches (spec §7 "?t=timestamp (no-cache)"). */
export const getOAuthUrl = (service: CalendarService) =>
  apiRequest<typeof oauthAuthUrlResponseSchema>(
    `/oauth/${encodeURIComponent(service)}/auth?t=${Date.now()}`,
    { action: 'get OAuth URL' },
  );

export const createBotCalendar = (userId: string, assistant_phone: string, business_name: string) =>
  apiRequest<typeof createCalendarResponseSchema>(`${ownerPath(userId)}/create-calendar`, {
    method: 'POST',
    body: { assistant_phone, business_name },
    action: 'create calendar',
  });

export const shareBotCalendar = (userId: string, user_email: string, assistant_phone: string) =>
  apiRequest<typeof shareCalendarResponseSchema>(`${ownerPath(userId)}/share-calendar`, {
    method: 'POST',
    body: { user_email, assistant_phone },
    action: 'share calendar',
  });

/** The Business Calendar's private link (issue 12 §2): its state, a new one, or none. */
export const loadCalendarFeed = (userId: string) =>
  apiRequest<typeof calendarFeedSchema>(`${ownerPath(userId)}/calendar-feed`, {
    method: 'GET',
    action: 'load calendar link',
  });

export const rotateCalendarFeed = (userId: string) =>
  apiRequest<typeof calendarFeedSchema>(`${ownerPath(userId)}/calendar-feed/rotate`, {
    method: 'POST',
    body: {},
    action: 'rotate calendar link',
  });

export const revokeCalendarFeed = (userId: string) =>
  apiRequest<typeof calendarFeedSchema>(`${ownerPath(userId)}/calendar-feed`, {
    method: 'DELETE',
    action: 'revoke calendar link',
  });

/** Answers with the setup progress as stored. */
export const markStepComplete = (businessId: string, step: string) =>
  apiRequest<typeof setupStatusSchema>(`/oauth/config/mark-step-complete/${encodeURIComponent(businessId)}`, {
    method: 'POST',
    body: { step },
    action: 'mark step complete',
  });

/** The owner's subscription as the signed webhooks recorded it (the payment-return notice reads it). */
export const loadSubscriptionStatus = () =>
  apiRequest<typeof subscriptionStatusSchema>(API_READ_PATHS.subscriptionStatus, {
    action: 'load subscription status',
  });

/** When the assistant answers (docs/decisions/173-answer-modes.md); answers with the config as stored. */
export const saveLanguages = (userId: string, settings: LanguageSettingsInput) =>
  apiRequest<typeof businessConfigSchema>(`${ownerPath(userId)}/languages`, {
    method: 'PUT',
    body: settings,
    action: 'save the languages',
  });

export const saveAnswerMode = (userId: string, settings: z.input<typeof answerModeSettingsSchema>) =>
  apiRequest<typeof businessConfigSchema>(`${ownerPath(userId)}/answer-mode`, {
    method: 'PUT',
    body: settings,
    action: 'save when the assistant answers',
  });
