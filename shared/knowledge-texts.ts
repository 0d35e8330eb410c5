import type { KnowledgeTopic } from './schemas/knowledge';

/**
 * The knowledge editor's words (docs/decisions/181-knowledge-and-honesty.md), apart from the schemas so the
 * dashboard's labels do not build them.
 */
export const KNOWLEDGE_TOPIC_LABELS: Record<KnowledgeTopic, string> = {
  general: 'Question and answer',
  cancellation: 'Cancellation policy',
  payment_methods: 'Payment methods',
  parking: 'Parking',
  accessibility: 'Accessibility',
  insurance: 'Insurance accepted',
  what_to_bring: 'What to bring',
  walk_ins: 'Walk-ins',
};

/** A question to start from for each policy, so the owner only writes the answer. */
export const KNOWLEDGE_TOPIC_QUESTIONS: Record<KnowledgeTopic, string> = {
  general: '',
  cancellation: 'What is your cancellation policy?',
  payment_methods: 'What payment methods do you accept?',
  parking: 'Is there parking?',
  accessibility: 'Is your location wheelchair accessible?',
  insurance: 'Which insurance do you accept?',
  what_to_bring: 'What should I bring to my appointment?',
  walk_ins: 'Do you take walk-ins?',
};

export const KNOWLEDGE_UI_TEXTS = {
  title: 'Knowledge base',
  intro:
    'Answers to the questions callers ask: parking, payment methods, insurance, your cancellation policy, what to bring. Your assistant answers only from these entries and your business details; for anything else it says it doesn’t know and offers to take a message.',
  honesty:
    'Your assistant quotes these answers as your business’s own words. It never promises discounts, free services, refunds or exceptions on its own, whatever a caller says.',
  count: (count: number, limit: number) => `${count} of ${limit} entries`,
  empty: 'No entries yet. Add the answers callers ask for most.',
  topic: 'Topic',
  question: 'Question callers ask',
  answer: 'Answer',
  add: 'Add entry',
  adding: 'Adding...',
  save: 'Save entry',
  saving: 'Saving...',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  addTitle: 'Add an entry',
  editTitle: 'Edit the entry',
  pasteTitle: 'Paste a FAQ page',
  pasteIntro:
    'Paste the questions and answers from your website or a document. You’ll get suggested entries to review; nothing is saved until you add it.',
  pasteLabel: 'Text to turn into entries',
  suggest: 'Suggest entries',
  suggesting: 'Reading...',
  noSuggestions:
    'No question-and-answer pairs found. Try text with one question per line followed by its answer.',
  addSuggestion: 'Add',
  loadFailed: 'Failed to load your knowledge base',
  chars: (used: number, max: number) => `${used}/${max}`,
} as const;
