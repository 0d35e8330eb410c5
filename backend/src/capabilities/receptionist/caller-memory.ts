import { callerTexts } from '@shared/caller-texts';
import type { Language } from '@shared/language';
import type { BusinessProfile } from './business-profile';
import type { Channel, ConversationState, ReturningCaller, ToolName } from './records/conversation-types';
import type { CallerFacts } from './records/caller-memories';
import { isTextable } from './textable';
import type { ToolResult } from './tools/tool-types';

/**
 * The caller memory's rules (docs/decisions/177-caller-memory.md), pure. A caller is remembered only when
 * the owner switched "Remember past callers" on, on a real channel (never the owner's test chat), and from
 * a real number: a withheld or foreign-format number is nobody in particular.
 */
export const remembers = (
  business: Pick<BusinessProfile, 'rememberCallers'>,
  channel: Channel,
  caller: string,
) => business.rememberCallers && channel !== 'test' && isTextable(caller);

/** The stored memory as the conversation keeps it; undefined when it holds nothing worth saying. */
export function returningOf(
  memory: { name?: string | undefined; last_service?: string | undefined } | null | undefined,
): ReturningCaller | undefined {
  if (!memory?.name && !memory?.last_service) return undefined;
  return {
    ...(memory.name ? { name: memory.name } : {}),
    ...(memory.last_service ? { last_service: memory.last_service } : {}),
  };
}

/** The greeting with the caller's name before it ("Hi Ana, welcome back! Thanks for calling …"). */
export const personalGreeting = (greeting: string, name: string | undefined, language?: Language) =>
  name ? `${callerTexts(language).welcomeBack(name)} ${greeting}` : greeting;

/**
 * What a tool that succeeded tells about the caller: the name a booking or a message was taken under, and
 * the service booked. Both models call the same tools, so both teach the memory the same way.
 */
export function learnFromTool(
  state: ConversationState,
  name: ToolName,
  args: Record<string, unknown>,
  result: ToolResult,
): boolean {
  if (!result.ok) return false;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  if (name === 'book_appointment' || name === 'reschedule_appointment') {
    const given = name === 'book_appointment' ? text(args.name) : undefined;
    // The booking's own service (the owner's name for it) over the caller's words.
    const service = text(result.data?.service) ?? text(args.service);
    const staff = text(result.data?.staff);
    if (given) state.memory.callerName = given;
    if (service) state.memory.lastService = service;
    if (staff) state.memory.lastStaff = staff;
    return true;
  }
  if (name === 'take_message' && text(args.name)) {
    state.memory.callerName = text(args.name);
    return true;
  }
  return false;
}

/** The facts a conversation stores in the caller's memory (nothing of what was said). */
export const factsOf = (state: ConversationState): CallerFacts => ({
  name: state.memory.callerName ?? state.returning?.name,
  lastService: state.memory.lastService,
  language: state.language,
});
