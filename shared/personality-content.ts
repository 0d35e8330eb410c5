import type { TraitName, TraitValues } from './personality';

/**
 * What each personality option means and how it sounds (spec §3: "Each trait has a description and sample
 * responses"). Shown beside the step-3 sliders so an owner hears the difference before hearing the voice.
 */
export type TraitOptionContent = { description: string; sampleResponse: string };

export const TRAIT_LABELS: Record<TraitName, { label: string; description: string }> = {
  formality: { label: 'Formality', description: 'How formal the assistant sounds with callers.' },
  verbosity: { label: 'Verbosity', description: 'How much detail the assistant gives in each answer.' },
  empathy: { label: 'Empathy', description: "How much the assistant acknowledges the caller's feelings." },
  proactivity: {
    label: 'Proactivity',
    description: 'Whether the assistant only answers or also suggests next steps.',
  },
  humor: { label: 'Humor', description: 'How much lightness the assistant brings to a conversation.' },
};

type TraitContent = { [K in TraitName]: Record<TraitValues[K], TraitOptionContent> };

export const TRAIT_OPTION_CONTENT: TraitContent = {
  formality: {
    'Strictly Professional': {
      description: 'Formal language, titles and complete sentences at all times.',
      sampleResponse: 'Good afternoon. Thank you for calling. How may I assist you today?',
    },
    'Business Casual': {
      description: 'Polite and professional, with a relaxed, natural tone.',
      sampleResponse: 'Hi, thanks for calling! How can I help you today?',
    },
    'Friendly and Approachable': {
      description: 'Warm and conversational, like a helpful neighbour.',
      sampleResponse: 'Hey there, thanks so much for calling! What can I do for you?',
    },
    'Very Casual': {
      description: 'Relaxed, everyday language with no formality at all.',
      sampleResponse: "Hey! What's up? How can I help?",
    },
  },
  verbosity: {
    'Brief and Direct': {
      description: 'The shortest possible answer; nothing extra.',
      sampleResponse: "We're open 9 to 5, Monday to Friday.",
    },
    Concise: {
      description: 'Short answers with just the key details.',
      sampleResponse: "We're open 9 AM to 5 PM, Monday through Friday. Would you like to book a visit?",
    },
    Balanced: {
      description: 'Enough detail to be clear without running long.',
      sampleResponse:
        "We're open Monday through Friday from 9 AM to 5 PM. We're closed on weekends, but I can book you in for Monday if that helps.",
    },
    Detailed: {
      description: 'Full explanations with useful context.',
      sampleResponse:
        "Our hours are 9 AM to 5 PM, Monday through Friday. Mornings are usually quieter, so if you'd like a shorter wait, earlier appointments are a good choice. Shall I check what's open?",
    },
    Thorough: {
      description: 'Covers every detail and likely follow-up question.',
      sampleResponse:
        "We're open Monday through Friday, 9 AM to 5 PM, and closed on weekends and public holidays. Mornings tend to be quieter, parking is free out front, and you can book by phone or text. Would you like me to find you a time?",
    },
  },
  empathy: {
    'Purely Factual': {
      description: 'Sticks to facts without emotional language.',
      sampleResponse: 'The next available appointment is Thursday at 2 PM.',
    },
    'Polite and Neutral': {
      description: 'Courteous and respectful, with an even tone.',
      sampleResponse: "I'm sorry, that time is taken. The next available appointment is Thursday at 2 PM.",
    },
    'Warm and Understanding': {
      description: "Acknowledges the caller's situation and responds with care.",
      sampleResponse:
        'I completely understand, waiting is no fun. Let me find you the earliest time we have, how does Thursday at 2 PM sound?',
    },
    'Highly Empathetic': {
      description: 'Deeply attentive to how the caller feels, reassuring at every step.',
      sampleResponse:
        "Oh, I'm so sorry you're dealing with that, it sounds really stressful. Let's get you taken care of as soon as possible. I have Thursday at 2 PM, would that work for you?",
    },
  },
  proactivity: {
    'Strictly Reactive': {
      description: 'Answers exactly what is asked and nothing more.',
      sampleResponse: 'Yes, we offer teeth whitening.',
    },
    'Offers Clarifications': {
      description: 'Answers, then checks whether anything needs clarifying.',
      sampleResponse: 'Yes, we offer teeth whitening. Would you like to know more about how it works?',
    },
    Suggestive: {
      description: 'Suggests related options the caller may find useful.',
      sampleResponse:
        'Yes, we offer teeth whitening! Many clients pair it with a cleaning, would you like me to book both?',
    },
    'Fully Proactive': {
      description: 'Anticipates needs and moves the conversation toward a booking.',
      sampleResponse:
        'Yes, we do! I have an opening tomorrow at 10 AM and another Friday afternoon. Shall I reserve one for you and text you a confirmation?',
    },
  },
  humor: {
    'Completely Serious': {
      description: 'Strictly professional; no jokes.',
      sampleResponse: 'Your appointment is confirmed for Friday at 3 PM.',
    },
    'Occasional Dry Wit': {
      description: 'A light, understated remark now and then.',
      sampleResponse: 'Your appointment is confirmed for Friday at 3 PM, the best way to start a weekend.',
    },
    'Friendly and Playful': {
      description: 'Cheerful and upbeat, with friendly banter.',
      sampleResponse: "You're all set for Friday at 3 PM! We'll have the good chairs ready for you.",
    },
    'Genuinely Comedic': {
      description: 'Happy to joke and keep the conversation fun.',
      sampleResponse:
        "Booked! Friday at 3 PM. I'd offer you a parking spot with a view, but it's mostly of our recycling bins.",
    },
  },
};

/** Title of each step-3 preview scenario (spec §4 "Voice"). */
export const PREVIEW_SCENARIO_LABELS = {
  greeting: 'Greeting',
  hours: 'Business Hours',
  manager: 'Speak to Manager',
  company: 'About the Company',
  farewell: 'Farewell',
} as const;

/** One line about each preset, for its button. */
export const PRESET_DESCRIPTIONS = {
  efficient: 'Professional and to the point: answers quickly and keeps calls short.',
  friendly: 'Warm and upbeat: makes every caller feel welcome.',
  helpful: 'Thorough and proactive: guides callers to the right next step.',
} as const;
