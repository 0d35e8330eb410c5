import type { PreviewScenario, TraitValues } from '@shared/personality';
import { suggestEntriesFromText } from '@shared/knowledge';
import {
  BUSINESS_KINDS,
  businessKind,
  withArticle,
  firstSentence,
  readablePhone,
  spokenWebsite,
  summarizeHours,
} from '../../providers/llm/business-facts';
import type {
  BusinessFacts,
  GeneratedObjectiveFields,
  LlmProvider,
  ObjectiveTemplateInput,
} from '../../providers/llm/port';
import { EMPATHY, FORMALITY, HUMOR, PROACTIVITY, VERBOSITY_DETAILS } from './local-phrasing';

/**
 * The local llm: no model, just careful templates over the business's own data. Same inputs, same text, so
 * `npm start` gives an owner a description they can keep and previews that change with every trait.
 */
export function createLocalLlm(): LlmProvider {
  return {
    name: 'local',
    generateDescription: async (business) => describeBusiness(business),
    personalityResponse: async ({ scenario, traits, business }) =>
      personalityResponse(scenario, traits, business),
    generateObjective: async ({ template, config }) => objectiveFromTemplate(template, config),
    // No model, no translation: the summary e-mail quotes the caller's own words and claims no English.
    renderInEnglish: async () => undefined,
    // Pasted FAQ text split by rules ("Q:"/"A:", questions, headings): no model, same text, same entries.
    suggestKnowledge: async (text) => suggestEntriesFromText(text),
  };
}

const businessName = (facts: BusinessFacts) => facts.business_name?.trim() || 'our business';

export function describeBusiness(facts: BusinessFacts): string {
  const name = businessName(facts);
  const kind = BUSINESS_KINDS[businessKind(facts)];
  const where = facts.address?.trim() ? ` located at ${facts.address.trim()}` : '';
  const hours = summarizeHours(facts.business_hours?.weekday_text);
  const website = spokenWebsite(facts.website);
  const contact = [
    website && `online at ${website}`,
    facts.phone_number && `by phone at ${readablePhone(facts.phone_number)}`,
  ]
    .filter(Boolean)
    .join(' or ');
  const assistant = facts.assistant_name?.trim() || 'Our virtual receptionist';
  return [
    `${name} is ${withArticle(kind.noun)}${where}, offering ${kind.offers}.`,
    hours && `Opening hours: ${hours}.`,
    contact && `Customers can reach the team ${contact}.`,
    `${assistant} answers every call, shares hours and directions, books appointments and takes messages so no customer goes unanswered.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The scenario's answer built from the business data: a terse form, a full form and detail sentences. */
function scenarioContent(scenario: PreviewScenario, facts: BusinessFacts) {
  const name = businessName(facts);
  const hours = summarizeHours(facts.business_hours?.weekday_text);
  const address = facts.address?.trim();
  const website = spokenWebsite(facts.website);
  const kind = BUSINESS_KINDS[businessKind(facts)];
  const manager = facts.manager_name?.trim() || 'Our manager';
  const about =
    firstSentence(facts.business_description) ??
    `${name} is ${withArticle(kind.noun)} offering ${kind.offers}.`;
  const atAddress = address && `You'll find us at ${address}.`;
  const online = website && `You can also see everything online at ${website}.`;
  const table: Record<PreviewScenario, { terse: string; full: string; details: Array<string | undefined> }> =
    {
      greeting: {
        terse: 'How can I help?',
        full: 'How can I help you today?',
        details: [
          'I can answer questions about our services and hours, book appointments or take a message.',
          atAddress,
          online,
          'Calls are answered around the clock, so there is never a wait.',
        ],
      },
      hours: {
        terse: hours ? `${capitalize(hours)}.` : 'Our hours are not on file yet.',
        full: hours
          ? `We're open ${hours}.`
          : "I don't have our opening hours on file yet, but I can take your number and have someone call you back.",
        details: [
          atAddress,
          'Hours can change on public holidays, so it is worth checking ahead then.',
          online,
          'You can call this number outside opening hours too; I will take a message.',
        ],
      },
      manager: {
        terse: `${manager} is unavailable; I can take a message.`,
        full: `${manager} isn't available to take calls right now, but I can take a message and make sure it reaches them today.`,
        details: [
          "Could you tell me your name, your number and what it's about?",
          "If it's urgent, let me know and I'll flag it as a priority.",
          'Most messages get a call back the same business day.',
          `I can also answer many questions about ${name} myself.`,
        ],
      },
      company: {
        terse: about,
        full: about,
        details: [
          atAddress,
          online,
          hours && `We're open ${hours}.`,
          `We're proud to serve customers as ${withArticle(kind.noun)}.`,
        ],
      },
      farewell: {
        terse: 'Goodbye.',
        full: `Thanks for calling ${name}.`,
        details: [
          'If anything else comes up, just call this number any time.',
          hours && `As a reminder, we're open ${hours}.`,
          online,
          'We look forward to seeing you.',
        ],
      },
    };
  const entry = table[scenario];
  // Missing facts leave gaps; generic fillers keep the count so every verbosity level stays distinct.
  const fillers = ['We are happy to help with anything else.', 'Thank you for choosing us.'];
  // A detail the core answer already gives (the description often holds the address) is not repeated.
  const repeats = (detail: string) =>
    [address, website, hours].some((fact) => fact && detail.includes(fact) && entry.full.includes(fact));
  const details = [...entry.details.filter((d): d is string => Boolean(d) && !repeats(d!)), ...fillers];
  return { ...entry, details };
}

export function personalityResponse(
  scenario: PreviewScenario,
  traits: TraitValues,
  facts: BusinessFacts,
): string {
  const formality = FORMALITY[traits.formality];
  const content = scenarioContent(scenario, facts);
  const detailCount = VERBOSITY_DETAILS[traits.verbosity];
  const core = detailCount === 0 ? content.terse : content.full;
  const assistant = facts.assistant_name?.trim() || 'the virtual receptionist';
  const opening =
    scenario === 'greeting'
      ? formality.greet(businessName(facts), assistant)
      : scenario === 'farewell'
        ? formality.welcome
        : formality.ack;
  const closing = scenario === 'farewell' ? formality.goodbye : '';
  return [
    opening,
    EMPATHY[traits.empathy][scenario],
    core,
    ...content.details.slice(0, detailCount),
    HUMOR[traits.humor][scenario],
    PROACTIVITY[traits.proactivity][scenario],
    closing,
  ]
    .filter(Boolean)
    .join(' ');
}

export function objectiveFromTemplate(
  template: ObjectiveTemplateInput,
  facts: BusinessFacts,
): GeneratedObjectiveFields {
  const goal = template.goal.trim();
  const name = facts.business_name?.trim();
  return {
    goal: name ? `For ${name}: ${lowerFirst(goal)}` : goal,
    required_capabilities: [...template.required_capabilities],
    success_criteria: [...template.success_criteria],
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
