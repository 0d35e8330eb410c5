import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRAITS,
  PERSONALITY_TRAITS,
  PREVIEW_SCENARIOS,
  TRAIT_NAMES,
  type TraitValues,
} from '@shared/personality';
import { OBJECTIVE_TEMPLATES } from '@shared/objective-templates';
import { createLocalLlm, describeBusiness, personalityResponse } from './local-llm';
import type { BusinessFacts } from '../../providers/llm/port';

const salon: BusinessFacts = {
  business_name: 'Bella Vista Hair Studio',
  address: '1234 Valencia St, San Francisco, CA 94110',
  website: 'https://bellavistahair.example',
  phone_number: '+14155550134',
  business_hours: {
    weekday_text: [
      'Monday: Closed',
      'Tuesday: 9:00 AM – 7:00 PM',
      'Wednesday: 9:00 AM – 7:00 PM',
      'Thursday: 9:00 AM – 7:00 PM',
      'Friday: 9:00 AM – 8:00 PM',
      'Saturday: 8:00 AM – 5:00 PM',
      'Sunday: Closed',
    ],
  },
  assistant_name: 'Ava',
  manager_name: 'Maria',
};

describe('local description', () => {
  it("is written from the business's own data", () => {
    const text = describeBusiness(salon);
    expect(text).toContain('Bella Vista Hair Studio is a hair and beauty salon');
    expect(text).toContain('1234 Valencia St, San Francisco, CA 94110');
    expect(text).toContain('Tuesday to Thursday 9:00 AM – 7:00 PM');
    expect(text).toContain('bellavistahair.example');
    expect(text).toContain('by phone at (415) 555-0134');
    expect(text).toContain('Ava answers every call');
  });

  it('is deterministic, differs per business and never mentions missing fields', async () => {
    const llm = createLocalLlm();
    expect(await llm.generateDescription(salon)).toBe(await llm.generateDescription(salon));
    const bare = describeBusiness({ business_name: 'Sunset Auto Repair' });
    expect(bare).toBe(
      'Sunset Auto Repair is an auto repair shop, offering maintenance, diagnostics and repairs. Our virtual receptionist answers every call, shares hours and directions, books appointments and takes messages so no customer goes unanswered.',
    );
    expect(bare).not.toMatch(/undefined|Opening hours|reach the team/);
    expect(bare).not.toBe(describeBusiness(salon));
  });
});

describe('local personality responses', () => {
  it('changes with every option of every trait, in every scenario', () => {
    for (const scenario of PREVIEW_SCENARIOS) {
      for (const trait of TRAIT_NAMES) {
        const outputs = PERSONALITY_TRAITS[trait].map((option) =>
          personalityResponse(scenario, { ...DEFAULT_TRAITS, [trait]: option } as TraitValues, salon),
        );
        expect(new Set(outputs).size, `${scenario} / ${trait}`).toBe(outputs.length);
      }
    }
  });

  it('grows with verbosity', () => {
    for (const scenario of PREVIEW_SCENARIOS) {
      const lengths = PERSONALITY_TRAITS.verbosity.map(
        (verbosity) => personalityResponse(scenario, { ...DEFAULT_TRAITS, verbosity }, salon).length,
      );
      expect(lengths, scenario).toEqual([...lengths].sort((a, b) => a - b));
      expect(new Set(lengths).size, scenario).toBe(lengths.length);
    }
  });

  it('answers each scenario with the business facts it is about', () => {
    const say = (scenario: (typeof PREVIEW_SCENARIOS)[number]) =>
      personalityResponse(scenario, DEFAULT_TRAITS, salon);
    expect(say('greeting')).toContain('thank you for calling Bella Vista Hair Studio. This is Ava speaking.');
    expect(say('hours')).toContain(
      "We're open Tuesday to Thursday 9:00 AM – 7:00 PM, Friday 9:00 AM – 8:00 PM, Saturday 8:00 AM – 5:00 PM; closed Monday and Sunday.",
    );
    expect(say('manager')).toContain("Maria isn't available");
    expect(say('company')).toContain('Bella Vista Hair Studio is a hair and beauty salon');
    expect(say('farewell')).toContain('Thanks for calling Bella Vista Hair Studio.');
  });

  it('sounds formal or casual as asked', () => {
    const formal = personalityResponse(
      'greeting',
      { ...DEFAULT_TRAITS, formality: 'Strictly Professional' },
      salon,
    );
    const casual = personalityResponse('greeting', { ...DEFAULT_TRAITS, formality: 'Very Casual' }, salon);
    expect(formal).toMatch(/^Good day/);
    expect(casual).toMatch(/^Hey! You've got Bella Vista Hair Studio, Ava here\./);
  });

  it('says it will take a message when the hours are unknown', () => {
    expect(personalityResponse('hours', DEFAULT_TRAITS, { business_name: 'Acme' })).toContain(
      "I don't have our opening hours on file yet",
    );
  });
});

describe('local objective', () => {
  it("tailors the template's goal to the business and keeps its capabilities and criteria", async () => {
    const template = OBJECTIVE_TEMPLATES.book_with_deposit;
    const objective = await createLocalLlm().generateObjective({ template, config: salon });
    expect(objective.goal).toBe(
      'For Bella Vista Hair Studio: turn every booking call into a confirmed appointment secured by a deposit.',
    );
    expect(objective.required_capabilities).toEqual(template.required_capabilities);
    expect(objective.success_criteria).toEqual(template.success_criteria);
    expect((await createLocalLlm().generateObjective({ template, config: {} })).goal).toBe(template.goal);
  });
});
