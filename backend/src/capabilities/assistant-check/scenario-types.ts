import type { Language } from '@shared/language';
import type { ToolName } from '../receptionist/index';

/** What `npm run eval` reports pass rates by (issue 35 §3). */
export const EVAL_CATEGORIES = [
  'facts',
  'booking',
  'move_cancel',
  'message',
  'unknown',
  'knowledge',
  'money_refused',
  'owner_claim',
  'instruction_leak',
  'walk_in',
  'escalation',
] as const;
export type EvalCategory = (typeof EVAL_CATEGORIES)[number];

/** What one caller turn must (not) bring about. Strings must appear as written; regexes must match. */
export type TurnExpectation = {
  says?: Array<string | RegExp>;
  never?: Array<string | RegExp>;
  calls?: ToolName[];
  doesNotCall?: ToolName[];
  /** Whether the turn hands the caller to the manager (voice transfer or SMS escalation). */
  transfer?: boolean;
};

export type EvalScenario = {
  id: string;
  category: EvalCategory;
  channel: 'sms' | 'voice';
  language: Language;
  /** The business answers with its knowledge base filled in (eval/business.ts). */
  knowledge?: boolean;
  /** The caller already holds an appointment (eval/business.ts: EXISTING_APPOINTMENT). */
  existingAppointment?: boolean;
  turns: Array<{ say: string; expect?: TurnExpectation }>;
  /** Tools that must not be called in any turn. */
  neverCalls?: ToolName[];
  /** The owner's records once the conversation is over. */
  after?: {
    appointments?: Array<{ status: 'booked' | 'cancelled'; starts_at: string; customer_name: string }>;
    /** How many messages were taken for the owner. */
    messages?: number;
    messageSays?: Array<string | RegExp>;
  };
};

export type Reply = {
  text: string;
  tools: ToolName[];
  transferred: boolean;
  /** From the caller's words to the first text of the reply, and to the end of the turn. */
  firstTokenMs: number | null;
  turnMs: number;
};

export type ObservedConversation = {
  replies: Reply[];
  appointments: Array<{ status: string; starts_at: string; customer_name: string }>;
  /** The reasons of the messages taken for the owner. */
  messages: string[];
  error?: string;
};
