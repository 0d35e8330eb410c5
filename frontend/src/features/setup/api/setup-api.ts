import type { BusinessConfig } from '@shared/schemas/business-config';
import type { CalendarFeed, OAuthConnection, ShareCalendarResponse } from '@shared/schemas/calendar';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';
import type { Objective, ObjectiveTemplate } from '@shared/schemas/objective';
import type { TraitValues } from '@shared/personality';
import type { SubscriptionStatus } from '@shared/schemas/subscription';
import { IF_MISSING_NULL_QUERY } from '@shared/api-queries';
import { ApiClientError, apiRequest } from '../../../lib/api-client';
import { API_READ_PATHS, ownerPath } from '../../../lib/api-read-paths';

// Every call the setup wizard makes (spec §7). Paths and payloads are the spec's; responses are read
// defensively where the spec allows several shapes (phone numbers).

/**
 * GET config; none yet is null (spec §8 "Get config 404 returns none"). Asked with ?if_missing=null so the
 * expected absence is not a 404 the browser logs as an error; a 404 is still read as none.
 */
export async function loadConfig(userId: string): Promise<BusinessConfig | null> {
  try {
    return await apiRequest<BusinessConfig | null>(API_READ_PATHS.businessConfig(userId), {
      action: 'load business config',
    });
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

export type BusinessInfo = { business_name: string; phone_number: string; website: string; address: string };

/** POST /oauth/config/create: the first save of step 1 creates the config. */
export const createConfig = (info: BusinessInfo) =>
  apiRequest<BusinessConfig>('/oauth/config/create', {
    method: 'POST',
    body: info,
    action: 'create business config',
  });

/** PUT config: later saves of step 1 (business info) and step 2 (description, assistant name). */
export const updateConfig = (userId: string, fields: Partial<BusinessConfig>) =>
  apiRequest<BusinessConfig>(`${ownerPath(userId)}/config`, {
    method: 'PUT',
    body: fields,
    action: 'update business config',
  });

export type BusinessSearchResult = {
  name: string;
  address?: string;
  website?: string;
  phone?: string;
  hours?: string[] | string;
  rating?: number;
};

export const searchBusinesses = (business_name: string, address: string) =>
  apiRequest<{ results: BusinessSearchResult[] }>('/oauth/business-lookup', {
    method: 'POST',
    body: { business_name, address },
    action: 'search for businesses',
  });

export type PopulatedConfig = {
  business_name?: string;
  website?: string;
  phone_number?: string;
  address?: string;
  business_hours?: { weekday_text: string[] };
};

export const populateBusiness = (business_name: string, address: string) =>
  apiRequest<{ populated_config: PopulatedConfig }>('/oauth/business-lookup/populate', {
    method: 'POST',
    body: { business_name, address },
    action: 'get business details',
  });

export const generateDescription = (userId: string) =>
  apiRequest<{ generated_description: string }>(`${ownerPath(userId)}/generate-description`, {
    method: 'POST',
    action: 'generate business description',
  });

export const savePersonality = (userId: string, personality_traits: TraitValues) =>
  apiRequest<unknown>(`${ownerPath(userId)}/personality`, {
    method: 'POST',
    body: { personality_traits },
    action: 'save personality traits',
  });

export type Voice = {
  voice_id: string;
  display_name: string;
  provider?: string;
  provider_config?: Record<string, unknown>;
};
export type VoiceGender = 'female' | 'male' | 'neutral';
export type VoicesByGender = Partial<Record<VoiceGender, Voice[]>>;

export async function loadVoices(): Promise<VoicesByGender> {
  const response = await apiRequest<{ success?: boolean; voices?: VoicesByGender; error?: string }>(
    '/api/voices/available',
    { action: 'load voices' },
  );
  if (response.success === false || !response.voices)
    throw new Error(response.error ?? 'Failed to load voices');
  return response.voices;
}

export type SelectedVoice = { provider: string; voice_id: string; provider_config?: Record<string, unknown> };

export const saveVoiceSettings = (userId: string, selected_voice: SelectedVoice) =>
  apiRequest<unknown>(`${ownerPath(userId)}/voice-settings`, {
    method: 'PUT',
    body: { selected_voice },
    action: 'save voice settings',
  });

/** The personality preview: the text the assistant would say; some servers include audio as well. */
export type PersonalityResponse = { response?: string; status?: string; audio_url?: string };

export const personalityResponse = (userId: string, scenario: string, voice_config?: SelectedVoice) =>
  apiRequest<PersonalityResponse>(`${ownerPath(userId)}/personality-response`, {
    method: 'POST',
    body: voice_config ? { scenario, voice_config } : { scenario },
    action: 'generate personality response',
  });

export const previewVoice = (voice: SelectedVoice, text: string) =>
  apiRequest<{ success?: boolean; audio_url?: string; error?: string }>('/api/voices/preview', {
    method: 'POST',
    body: { provider: voice.provider, voice_config: voice, text },
    action: 'preview voice',
  });

export type PhoneSearch = { country: string; area_code?: string; limit: number };

/** Spec §7: only non-empty params are sent; the answer may hold numbers, phone_numbers or a bare array. */
export async function loadAvailableNumbers(search: PhoneSearch): Promise<AvailablePhoneNumber[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && String(value).trim() !== '') params.set(key, String(value));
  }
  const payload = await apiRequest<unknown>(`/oauth/phone-numbers/available?${params.toString()}`, {
    action: 'load phone numbers',
  });
  const list = Array.isArray(payload)
    ? payload
    : ((payload as { numbers?: unknown[]; phone_numbers?: unknown[] }).numbers ??
      (payload as { phone_numbers?: unknown[] }).phone_numbers ??
      []);
  return (list as Array<Partial<AvailablePhoneNumber> & { number?: string }>)
    .map((n) => ({
      ...n,
      phone_number: n.phone_number ?? n.number ?? '',
      friendly_name: n.friendly_name ?? n.phone_number ?? n.number ?? '',
    }))
    .filter((n) => n.phone_number !== '');
}

export const saveAssistantPhone = (userId: string, assistant_phone: string) =>
  apiRequest<unknown>(`${ownerPath(userId)}/assistant-phone`, {
    method: 'POST',
    body: { assistant_phone },
    action: 'save assistant phone',
  });

export type BehaviorSettings = {
  remember_past_callers: boolean;
  manager_number: string;
  manager_name: string;
  escalation_email: string;
  text_escalation_to_manager: boolean;
};

export const saveBehaviorSettings = (userId: string, settings: BehaviorSettings) =>
  apiRequest<unknown>(`${ownerPath(userId)}/behavior-settings`, {
    method: 'PUT',
    body: settings,
    action: 'save behavior settings',
  });

/** GET objectives; none yet is null (404, or null when asked so). The body may be the objective or wrap it. */
export async function loadObjective(userId: string): Promise<Objective | null> {
  try {
    const payload = await apiRequest<Record<string, unknown> | null>(
      `${ownerPath(userId)}/objectives?${IF_MISSING_NULL_QUERY}`,
      { action: 'load objective' },
    );
    if (payload === null) return null;
    const candidate =
      (payload.objective as Objective | undefined) ??
      (payload.primary_objective as Objective | undefined) ??
      (payload.objective_config as { primary_objective?: Objective } | undefined)?.primary_objective ??
      (typeof payload.goal === 'string' ? (payload as unknown as Objective) : undefined);
    return candidate ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

export const loadObjectiveTemplates = async () =>
  (
    await apiRequest<{ templates: ObjectiveTemplate[] }>('/oauth/objective-templates/discover', {
      action: 'load templates',
    })
  ).templates;

export async function generateObjective(template_id: string, business_config: Partial<BusinessConfig>) {
  const payload = await apiRequest<Record<string, unknown>>('/oauth/objective-templates/generate', {
    method: 'POST',
    body: { template_id, business_config },
    action: 'generate objective',
  });
  return ((payload.objective as Objective | undefined) ??
    (payload as unknown as Objective)) satisfies Objective;
}

/** Spec §4 "Objectives": PUT when the objective already belongs to the business, otherwise POST. */
export const saveObjective = (userId: string, objective: Objective) =>
  apiRequest<unknown>(`${ownerPath(userId)}/objectives`, {
    method: objective.business_id ? 'PUT' : 'POST',
    body: objective.business_id ? { objective } : objective,
    action: 'save objective',
  });

export type CalendarService = 'google_calendar' | 'calendly' | 'acuity';
export type Connection = OAuthConnection;

export const loadConnections = async () =>
  (await apiRequest<{ connections: Connection[] }>('/oauth/connections', { action: 'load connections' }))
    .connections;

/** The timestamp defeats caches (spec §7 "?t=timestamp (no-cache)"). */
export const getOAuthUrl = (service: CalendarService) =>
  apiRequest<{ auth_url: string; service: string }>(
    `/oauth/${encodeURIComponent(service)}/auth?t=${Date.now()}`,
    { action: 'get OAuth URL' },
  );

export const createBotCalendar = (userId: string, assistant_phone: string, business_name: string) =>
  apiRequest<{ success?: boolean; message?: string }>(`${ownerPath(userId)}/create-calendar`, {
    method: 'POST',
    body: { assistant_phone, business_name },
    action: 'create calendar',
  });

export const shareBotCalendar = (userId: string, user_email: string, assistant_phone: string) =>
  apiRequest<ShareCalendarResponse>(`${ownerPath(userId)}/share-calendar`, {
    method: 'POST',
    body: { user_email, assistant_phone },
    action: 'share calendar',
  });

/** The Business Calendar's private link (issue 12 §2): its state, a new one, or none. */
export const loadCalendarFeed = (userId: string) =>
  apiRequest<CalendarFeed>(`${ownerPath(userId)}/calendar-feed`, {
    method: 'GET',
    action: 'load calendar link',
  });

export const rotateCalendarFeed = (userId: string) =>
  apiRequest<CalendarFeed>(`${ownerPath(userId)}/calendar-feed/rotate`, {
    method: 'POST',
    body: {},
    action: 'rotate calendar link',
  });

export const revokeCalendarFeed = (userId: string) =>
  apiRequest<CalendarFeed>(`${ownerPath(userId)}/calendar-feed`, {
    method: 'DELETE',
    action: 'revoke calendar link',
  });

export const markStepComplete = (businessId: string, step: string) =>
  apiRequest<unknown>(`/oauth/config/mark-step-complete/${encodeURIComponent(businessId)}`, {
    method: 'POST',
    body: { step },
    action: 'mark step complete',
  });

/** The owner's subscription as the signed webhooks recorded it (the payment-return notice reads it). */
export const loadSubscriptionStatus = () =>
  apiRequest<SubscriptionStatus>(API_READ_PATHS.subscriptionStatus, { action: 'load subscription status' });
