import type { PreviewScenario, TraitValues } from '@shared/personality';

/**
 * The local llm's phrase book for personality previews: for each of the five traits, what each option adds
 * to each of the five scenarios. The assembly (local.ts) stitches one phrase per trait around the
 * business-specific answer, so every trait option audibly changes every scenario.
 */
type Phrases<T extends string> = Record<T, Record<PreviewScenario, string>>;

/** How the assistant opens (greeting), acknowledges a question, takes thanks and says goodbye. */
export const FORMALITY: Record<
  TraitValues['formality'],
  { greet: (name: string, assistant: string) => string; ack: string; welcome: string; goodbye: string }
> = {
  'Strictly Professional': {
    greet: (name, assistant) => `Good day, and thank you for calling ${name}. This is ${assistant} speaking.`,
    ack: 'Certainly.',
    welcome: 'You are most welcome.',
    goodbye: 'Have a good day.',
  },
  'Business Casual': {
    greet: (name, assistant) => `Hi, thanks for calling ${name}, this is ${assistant}.`,
    ack: 'Sure.',
    welcome: "You're welcome.",
    goodbye: 'Have a great day.',
  },
  'Friendly and Approachable': {
    greet: (name, assistant) => `Hi there, thanks so much for calling ${name}! I'm ${assistant}.`,
    ack: 'Of course!',
    welcome: "You're so welcome!",
    goodbye: 'Take care, and have a wonderful day!',
  },
  'Very Casual': {
    greet: (name, assistant) => `Hey! You've got ${name}, ${assistant} here.`,
    ack: 'Yep!',
    welcome: 'No worries!',
    goodbye: 'Catch you later!',
  },
};

/** The same four registers in Spanish (decision 174): "usted" throughout except the very casual one. */
export const FORMALITY_ES: typeof FORMALITY = {
  'Strictly Professional': {
    greet: (name, assistant) => `Buenos días, gracias por llamar a ${name}. Le atiende ${assistant}.`,
    ack: 'Por supuesto.',
    welcome: 'Con mucho gusto.',
    goodbye: 'Que tenga un buen día.',
  },
  'Business Casual': {
    greet: (name, assistant) => `Hola, gracias por llamar a ${name}, habla ${assistant}.`,
    ack: 'Claro.',
    welcome: 'De nada.',
    goodbye: 'Que tenga un excelente día.',
  },
  'Friendly and Approachable': {
    greet: (name, assistant) => `¡Hola! Muchas gracias por llamar a ${name}. Soy ${assistant}.`,
    ack: '¡Con gusto!',
    welcome: '¡No hay de qué!',
    goodbye: '¡Cuídese mucho y que tenga un día maravilloso!',
  },
  'Very Casual': {
    greet: (name, assistant) => `¡Hola! Estás en ${name}, te habla ${assistant}.`,
    ack: '¡Va!',
    welcome: '¡De nada!',
    goodbye: '¡Nos vemos!',
  },
};

export const EMPATHY: Phrases<TraitValues['empathy']> = {
  'Purely Factual': { greeting: '', hours: '', manager: '', company: '', farewell: '' },
  'Polite and Neutral': {
    greeting: "I'd be glad to help.",
    hours: 'Thank you for asking.',
    manager: 'I understand.',
    company: 'Thank you for your interest.',
    farewell: 'Thank you for your call.',
  },
  'Warm and Understanding': {
    greeting: 'I hope your day is going well.',
    hours: "Good question, it's always smart to check before you come by.",
    manager: "I understand you'd like to speak with someone directly, and that's completely fair.",
    company: "I'm glad you asked!",
    farewell: 'It was really nice talking with you.',
  },
  'Highly Empathetic': {
    greeting: "I really appreciate you reaching out, and I'm here for whatever you need.",
    hours:
      'I completely understand wanting to plan around a busy schedule, so let me make this easy for you.',
    manager:
      "I'm so sorry if something hasn't gone the way it should. I can hear this matters to you, and I want to make sure it's handled properly.",
    company: 'I love that you want to get to know us, it genuinely means a lot.',
    farewell: 'It was truly a pleasure helping you today, and I hope everything goes smoothly for you.',
  },
};

export const PROACTIVITY: Phrases<TraitValues['proactivity']> = {
  'Strictly Reactive': { greeting: '', hours: '', manager: '', company: '', farewell: '' },
  'Offers Clarifications': {
    greeting: "If you're not sure who to ask, just tell me what you need and I'll point you the right way.",
    hours: 'Is there anything about our hours you would like me to clarify?',
    manager: 'Would it help if I explained how messages reach the manager?',
    company: 'Would you like me to clarify anything about what we offer?',
    farewell: 'Did you get everything you needed?',
  },
  Suggestive: {
    greeting: "If you're calling to book, I can check availability for you.",
    hours: 'Would you like me to book a time while you are on the line?',
    manager: 'In the meantime, I may be able to answer your question myself.',
    company: 'Would you like to hear about our most popular services?',
    farewell: 'You might want to save this number for next time.',
  },
  'Fully Proactive': {
    greeting: "I can check today's openings right away if you'd like to come in.",
    hours: 'I can book you in now and text you a confirmation. Shall I look at the next available slot?',
    manager:
      "I'll send your message to the manager now and text you once it's delivered. May I have your name and number?",
    company: 'I can also book your first visit and text you our address. Shall I do that?',
    farewell: "I'll text you a summary of what we discussed so you have it handy.",
  },
};

export const HUMOR: Phrases<TraitValues['humor']> = {
  'Completely Serious': { greeting: '', hours: '', manager: '', company: '', farewell: '' },
  'Occasional Dry Wit': {
    greeting: 'No hold music, I promise.',
    hours: "Sadly, we still haven't found a way to add more hours to the day.",
    manager: "I'm told they do exist. I've seen the calendar.",
    company: "Short version: we're good at what we do. Long version: I'm happy to talk.",
    farewell: "I'll be here. I don't really do lunch breaks.",
  },
  'Friendly and Playful': {
    greeting: "You've caught me at the perfect moment!",
    hours: 'Early birds and afternoon folks are both welcome!',
    manager: "They're a busy bee today!",
    company: 'Fair warning: I could talk about this all day!',
    farewell: "Don't be a stranger!",
  },
  'Genuinely Comedic': {
    greeting:
      "You've reached the only receptionist who never needs a coffee break, which is lucky, because I can't drink coffee.",
    hours: "Outside those hours the lights are off and even I'm pretending to sleep.",
    manager: "They're in a meeting that could definitely have been an email.",
    company: "We're the best-kept secret in town, except I keep telling everyone.",
    farewell: "Go have a great day. That's an order. A friendly order.",
  },
};

/** How many of a scenario's detail sentences each verbosity level adds after the core answer. */
export const VERBOSITY_DETAILS: Record<TraitValues['verbosity'], number> = {
  'Brief and Direct': 0,
  Concise: 1,
  Balanced: 2,
  Detailed: 3,
  Thorough: 4,
};
