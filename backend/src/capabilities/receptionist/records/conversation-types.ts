import type { ConversationAction, TranscriptTurn } from '@shared/schemas/conversation';
import type { ConversationOutcome } from '@shared/conversation';
import type { AssistantCallRoute, OwnerDialStatus } from '@shared/answer-mode-values';
import type { Language } from '@shared/language';
import type { HonestyKind } from '@shared/schemas/knowledge';

/**
 * The receptionist engine's contract (docs/decisions/010-receptionist-engine.md). One engine serves every
 * channel: SMS, voice (ConversationRelay) and the owner's test chat are thin adapters that start a
 * conversation, feed it the caller's words turn by turn and relay the events back.
 */
export type Channel = 'sms' | 'voice' | 'test';

/** What one turn produces, in order. Channels render these; they never decide anything themselves. */
export type EngineEvent =
  /** Part of what the assistant says; the deltas of a turn joined are its reply. */
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; id: string; name: ToolName; args: Record<string, unknown> }
  | { type: 'tool_result'; id: string; name: ToolName; ok: boolean; summary: string }
  /** Voice hands the caller to this number (warm transfer); other channels have already texted the manager. */
  | { type: 'transfer'; to: string; summary: string }
  /** The assistant closed the conversation (goodbye, limits reached). */
  | { type: 'end'; reason: string }
  /** Voice: the line can be hung up now (after the goodbye was spoken). */
  | { type: 'hang_up' }
  /**
   * First of every turn: the language the reply is in, and whether the caller just switched to it (the voice
   * relay then switches what Twilio transcribes and speaks, docs/decisions/174-spanish.md).
   */
  | { type: 'language'; language: Language; changed: boolean };

export const TOOL_NAMES = [
  'get_business_info',
  'find_open_slots',
  'book_appointment',
  'reschedule_appointment',
  'cancel_appointment',
  'confirm_appointment',
  'send_deposit_link',
  'take_message',
  'escalate_to_manager',
  'end_conversation',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** What the local model remembers between turns (the OpenAI model keeps its memory in the transcript). */
export type ConversationMemory = {
  /** Slots last offered, ISO, in the order offered. */
  offered?: string[];
  /** A booking being put together. */
  draft?: {
    start?: string;
    name?: string;
    service?: string;
    /** The staff member the caller asked for ("with Jordan"); absent: anyone. */
    staff?: string;
    /** The caller's words about when, kept while the assistant asks which service. */
    when?: string;
    rescheduleOf?: string;
  };
  /** A message being taken. */
  message?: { name?: string; reason?: string };
  /** What the assistant just asked for, so a bare answer ("Sam", "yes") is understood. */
  awaiting?:
    | 'slot_choice'
    | 'name'
    | 'message_name'
    | 'message_reason'
    | 'offer_message_yes'
    | 'upcoming_choice'
    /** Which of the business's services (asked before looking for times). */
    | 'service_choice';
  /** Appointment ids this conversation booked, latest last. */
  booked?: string[];
  /** Appointment found for a cancellation awaiting confirmation. */
  pendingCancel?: string;
  /** The caller gave their name. */
  callerName?: string;
  /** The service of the caller's latest booking in this conversation (what the caller memory keeps). */
  lastService?: string;
  /** Who does the caller's latest booking in this conversation (a business with staff). */
  lastStaff?: string;
  /** The assistant offered a returning caller to keep, move or cancel their upcoming appointment. */
  upcomingOffered?: boolean;
};

/**
 * What the assistant knows of a returning caller (docs/decisions/177-caller-memory.md), read when the
 * conversation starts: only with the owner's "Remember past callers" on, and only these three facts.
 */
export type ReturningCaller = {
  name?: string;
  last_service?: string;
  /** Their next booked appointment: undefined until looked up at the first turn, null when there is none. */
  upcoming?: { id: string; starts_at: string; service: string | null } | null;
};

/** The engine's working state of one conversation, stored by id (data/conversation-states.ts). */
export type ConversationState = {
  id: string;
  owner_id: string;
  business_id: string;
  channel: Channel;
  /** The caller's number (E.164), or the owner's for a test chat. */
  caller: string;
  /** The number the caller reached (the assistant's), when there is one. */
  assistant_number?: string;
  /** Provider's id of the call or thread (CallSid …), for idempotency and look-ups. */
  external_id?: string;
  started_at: string;
  last_at: string;
  ended_at?: string;
  /** The assistant's first answer: a call's greeting (relay set up) or a text thread's first reply. */
  answered_at?: string;
  turns: TranscriptTurn[];
  actions: ConversationAction[];
  memory: ConversationMemory;
  /** The caller's language, detected from their words and kept for the thread (docs/decisions/174-spanish.md). */
  language?: Language;
  /** A returning caller the owner's assistant remembers; absent for a new caller or with memory off. */
  returning?: ReturningCaller;
  /** What it achieved so far; the outcome is derived from these. */
  achieved: Achievements;
  amount_collected_cents: number;
  objective_id?: string;
  /** Optimistic-locking version: two turns of one conversation can't interleave their writes. */
  version: number;
  /** How a call reached the assistant (docs/decisions/173-answer-modes.md). */
  call_route?: AssistantCallRoute;
  owner_dial_status?: OwnerDialStatus;
  forwarded?: boolean;
  /** The honesty rules the caller ran into, for the call log's mark (docs/decisions/181). */
  manipulation_attempts?: HonestyKind[];
};

export type Achievements = {
  booked?: boolean;
  deposit_requested?: boolean;
  deposit_paid?: boolean;
  confirmation_sent?: boolean;
  message_taken?: boolean;
  escalated?: boolean;
  answered?: boolean;
  contact_captured?: boolean;
  info_provided?: boolean;
};

export type StartConversation = {
  ownerId: string;
  channel: Channel;
  caller: string;
  assistantNumber?: string;
  externalId?: string;
  /** What the assistant says before the caller speaks (a call's welcome greeting): the transcript opens with it. */
  greeting?: string;
  /**
   * What the assistant remembers of this caller, when the channel already read it (the voice webhook, in
   * parallel with the line): null means "read, nothing remembered"; undefined, the engine reads it.
   */
  recalled?: { name?: string; last_service?: string; language?: Language } | null;
  /**
   * The language the conversation opens in: a call greeted in Spanish (a remembered Spanish caller of a
   * business that serves Spanish, decision 174). Undefined: the remembered language if served, else English.
   */
  language?: Language;
  /** A call's route to the assistant and, after ring me first, what the business phone did. */
  route?: { call_route: AssistantCallRoute; owner_dial_status?: OwnerDialStatus; forwarded?: boolean };
};

export type { ConversationOutcome };
