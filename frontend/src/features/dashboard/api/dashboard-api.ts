import type { BusinessConfig, businessConfigOrNoneSchema } from '@shared/schemas/business-config';
import type {
  MultiObjectiveConfig,
  Objective,
  ObjectiveTemplate,
  objectiveTemplatesResponseSchema,
  storedObjectiveOrNoneSchema,
  objectiveSaveResponseSchema,
} from '@shared/schemas/objective';
import type { objectiveGenerateResponseSchema } from '@shared/schemas/generation';
import type {
  FeatureEngagementRequest,
  featureEngagementResponseSchema,
} from '@shared/schemas/feature-engagement';
import type { FeatureEngagementAnswer } from '@shared/feature-engagement';
import { OBJECTIVE_ACTIONS } from '@shared/dashboard-messages';
import { ApiClientError, apiRequest } from '../../../lib/api-client';
import { IF_MISSING_NULL_QUERY } from '@shared/api-queries';
import { API_READ_PATHS, ownerPath } from '../../../lib/api-read-paths';

// The calls of the dashboard's guard, Overview and Objectives tabs (spec §7).

/** A 404 means "none yet" for the config and the objective (spec §8); anything else is a failure. */
async function noneOn404<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}

export const loadBusinessConfig = (userId: string) =>
  noneOn404(
    apiRequest<typeof businessConfigOrNoneSchema>(API_READ_PATHS.businessConfig(userId), {
      action: 'load business config',
    }),
  );

export type { StoredObjective } from '@shared/schemas/objective';

export const loadObjective = (userId: string) =>
  noneOn404(
    apiRequest<typeof storedObjectiveOrNoneSchema>(
      `${ownerPath(userId)}/objectives?${IF_MISSING_NULL_QUERY}`,
      {
        action: OBJECTIVE_ACTIONS.loadObjective,
      },
    ),
  );

export const loadObjectiveTemplates = async (): Promise<ObjectiveTemplate[]> =>
  (
    await apiRequest<typeof objectiveTemplatesResponseSchema>('/oauth/objective-templates/discover', {
      action: OBJECTIVE_ACTIONS.loadTemplates,
    })
  ).templates;

/** Only the business facts an objective is written from travel to the generator. */
const businessFacts = (config: Partial<BusinessConfig> | null | undefined) => {
  const {
    business_name,
    website,
    address,
    phone_number,
    business_hours,
    business_description,
    assistant_name,
  } = config ?? {};
  return {
    business_name,
    website,
    address,
    phone_number,
    business_hours,
    business_description,
    assistant_name,
  };
};

export const generateObjective = async (template_id: string, config: Partial<BusinessConfig> | null) =>
  (
    await apiRequest<typeof objectiveGenerateResponseSchema>('/oauth/objective-templates/generate', {
      method: 'POST',
      body: { template_id, business_config: businessFacts(config) },
      action: OBJECTIVE_ACTIONS.generateObjective,
    })
  ).objective;

/** Spec §4 "Objectives": PUT when the objective already has a business_id, otherwise POST. */
export const saveObjective = (userId: string, objective: Objective) =>
  apiRequest<typeof objectiveSaveResponseSchema>(`${ownerPath(userId)}/objectives`, {
    method: objective.business_id ? 'PUT' : 'POST',
    body: objective,
    action: OBJECTIVE_ACTIONS.saveObjective,
  });

/** Spec §7: PUT carries the objective_config with its objective_hierarchy; the primary is the objective. */
export const saveObjectives = (userId: string, objective_config: MultiObjectiveConfig) =>
  apiRequest<typeof objectiveSaveResponseSchema>(`${ownerPath(userId)}/objectives`, {
    method: 'PUT',
    body: { objective: objective_config.primary_objective, objective_config },
    action: OBJECTIVE_ACTIONS.saveObjectives,
  });

export const recordFeatureEngagement = (answer: FeatureEngagementAnswer, request: FeatureEngagementRequest) =>
  apiRequest<typeof featureEngagementResponseSchema>(`/oauth/feature-engagement/${answer}`, {
    method: 'POST',
    body: request,
    action: 'record your answer',
  });
