/**
 * The receptionist engine's contract (issue 9, DESIGN.md §5): one engine, many channels. A channel starts or
 * finds a conversation, feeds it the caller's words with runTurn and relays the events it gets back. The
 * engine never knows which transport carries it; channels hold no business logic.
 *
 * This is the first contract, written by the SMS channel so texting and the owner's test chat could be
 * built end to end; the engine slice deepens it (tools, records, the OpenAI provider) behind the same shape.
 */
export type Channel = 'sms' | 'voice' | 'test';

export type EngineEvent =
  /** A piece of what the assistant says. */
  | { type: 'text'; delta: string }
  /** The assistant uses a tool (find slots, book, send a deposit link, take a message…). */
  | { type: 'tool_call'; id: string; name: string; args: Record<string, unknown> }
  /** What the tool did, in one line a person can read ("Booked Haircut, Tue Dec 1, 3:00 PM"). */
  | { type: 'tool_result'; id: string; name: string; ok: boolean; summary: string; data?: unknown }
  /** The assistant ended the conversation politely. */
  | { type: 'end'; reason: string }
  /** Hand the caller to a person (voice: warm transfer; SMS: the manager is texted instead). */
  | { type: 'transfer'; to: string; summary: string }
  | { type: 'hang_up' };

export type ConversationTurn = { speaker: 'caller' | 'assistant'; text: string; at: string };

/** A conversation's state, kept in DynamoDB by id so any Lambda instance can take its next turn. */
export type ConversationState = {
  id: string;
  owner_id: string;
  channel: Channel;
  /** The caller's number (E.164); for the test chat, the owner's own id. */
  caller: string;
  /** The channel's own id (Twilio CallSid for voice), when it has one. */
  external_id?: string;
  status: 'open' | 'ended';
  started_at: string;
  last_activity_at: string;
  ended_at?: string;
  end_reason?: string;
  turns: ConversationTurn[];
};

export type StartConversation = { ownerId: string; channel: Channel; caller: string; externalId?: string };

export interface Receptionist {
  /** 'local' when the deterministic local engine answers (the UI says so), else the model provider's name. */
  readonly engineName: 'local' | 'openai';
  startConversation(start: StartConversation): Promise<ConversationState>;
  /**
   * The open conversation of a (business, channel, caller) thread whose last activity is within the window,
   * or a new one: concurrent first messages of one thread end up in one conversation.
   */
  continueThread(start: StartConversation & { windowHours: number }): Promise<ConversationState>;
  getConversation(conversationId: string): Promise<ConversationState | undefined>;
  runTurn(conversationId: string, input: { text: string }): AsyncIterable<EngineEvent>;
  finishConversation(conversationId: string, reason?: string): Promise<void>;
}

/** Runs a whole turn and collects its events (channels that answer in one piece: SMS, the test chat). */
export async function collectTurn(
  receptionist: Pick<Receptionist, 'runTurn'>,
  conversationId: string,
  text: string,
): Promise<EngineEvent[]> {
  const events: EngineEvent[] = [];
  for await (const event of receptionist.runTurn(conversationId, { text })) events.push(event);
  return events;
}
