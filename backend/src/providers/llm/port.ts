import type { PreviewScenario, TraitValues } from '@shared/personality';
import type { KnowledgeSuggestion } from '@shared/schemas/knowledge';

/**
 * Text generation for the setup wizard: the business description (step 2), the assistant's sample answers
 * in the chosen personality (step 3) and objectives written from a template (step 6); and the English
 * rendering of a caller's words in the owner's summary e-mail. The real adapter is
 * OpenAI chat completions (openai.ts); the local one (local.ts) builds deterministic text from the same
 * inputs so `npm start` and the tests need no network.
 */

/** What the generators know about the business: the stored config's own fields. */
export type BusinessFacts = {
  business_name?: string;
  business_type?: string;
  website?: string;
  address?: string;
  phone_number?: string;
  business_hours?: { weekday_text: string[] };
  business_description?: string;
  assistant_name?: string;
  manager_name?: string;
};

/** An objective template's substance (spec §3 "Objective template"). */
export type ObjectiveTemplateInput = {
  id: string;
  display_name: string;
  description?: string;
  goal: string;
  required_capabilities: string[];
  success_criteria: string[];
};

/** The fields an objective generator writes; the route adds ids, priority and weight. */
export type GeneratedObjectiveFields = {
  goal: string;
  required_capabilities: string[];
  success_criteria: string[];
};

export type PersonalityRequest = {
  scenario: PreviewScenario;
  traits: TraitValues;
  business: BusinessFacts;
};

/**
 * What an English rendering may be asked to carry (decision 174, "The owner reads it in English"): a few
 * quoted lines of a caller's words per summary e-mail. The adapter cuts anything beyond, so a caller's long
 * speech never becomes a long (costly) request.
 */
export const ENGLISH_RENDERING_LIMITS = {
  lines: 8,
  lineChars: 200,
  maxTokens: 600,
  timeoutMs: 15_000,
} as const;

export interface LlmProvider {
  /** 'openai' or 'local', for logs and health pages. */
  readonly name: string;
  generateDescription(business: BusinessFacts): Promise<string>;
  personalityResponse(request: PersonalityRequest): Promise<string>;
  generateObjective(input: {
    template: ObjectiveTemplateInput;
    config: BusinessFacts;
  }): Promise<GeneratedObjectiveFields>;
  /**
   * The English of a caller's words, line for line, for the owner's summary e-mail; undefined when this
   * provider has no model to translate with (the local stand-in: it says nothing rather than guess).
   * Rejects with LlmError when the model fails or answers out of shape.
   */
  renderInEnglish(lines: readonly string[]): Promise<string[] | undefined>;
  /** Knowledge entries suggested from pasted text (a FAQ page); within the entry limits, never stored here. */
  suggestKnowledge(text: string): Promise<KnowledgeSuggestion[]>;
}

/** A generation failed upstream (bad key, quota, outage); routes map it to a 502 with a generic text. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
