import { z } from 'zod';
import { isOtherLanguage, languageLabel } from '@shared/call-log';
import { readablePhone } from '../../../providers/llm/business-facts';
import { isTextable, phoneArgSchema, type Tool } from './tool-types';

/** A message for the owner: stored (the call log shows it) and texted to the manager when they want texts. */
export const takeMessageTool: Tool<{ name: string; callback_number?: string; reason: string }> = {
  name: 'take_message',
  description:
    "Take a message for the team: the caller's name, the number to call back (defaults to the caller's) and what it is about.",
  args: z.object({
    name: z.string().trim().min(1).max(100),
    callback_number: phoneArgSchema.optional(),
    reason: z.string().trim().min(1).max(500),
  }),
  async run({ business, state, services }, args) {
    const callback = args.callback_number ?? state.caller;
    await services.saveMessage({
      ownerId: business.ownerId,
      conversationId: state.id,
      name: args.name,
      callbackNumber: callback,
      reason: args.reason,
      channel: state.channel,
      ...(state.language ? { language: state.language } : {}),
    });
    state.achieved.message_taken = true;
    state.achieved.contact_captured = true;
    // The reason is the caller's own words: the owner is told which language they are in (decision 174).
    const language = isOtherLanguage(state.language) ? languageLabel(state.language) : undefined;
    if (business.textEscalationToManager && isTextable(business.managerNumber) && state.channel !== 'test') {
      await services.sendSms(
        business.managerNumber,
        `${business.name} message from ${args.name} (${readablePhone(callback) ?? callback})${language ? `, in ${language}` : ''}: ${args.reason}`.slice(
          0,
          480,
        ),
      );
    }
    return {
      ok: true,
      summary: `Message taken from ${args.name}${language ? ` (in ${language})` : ''}: ${args.reason}`.slice(
        0,
        300,
      ),
    };
  },
};

/**
 * Hands the caller to a person. On a call the voice channel transfers to the manager's number (warm
 * transfer); over SMS and in the test chat the manager gets a text with the summary and the caller is told.
 */
export const escalateTool: Tool<{ reason: string }> = {
  name: 'escalate_to_manager',
  description:
    'Hand the conversation to the manager when the caller asks for a person, is upset, or needs something you cannot do.',
  args: z.object({ reason: z.string().trim().min(1).max(300) }),
  async run({ business, state, services }, { reason }) {
    if (!isTextable(business.managerNumber)) {
      return { ok: false, summary: 'No manager number is set', data: { reason: 'no_manager' } };
    }
    const caller = readablePhone(state.caller) ?? state.caller;
    const summary = `${caller} asked for a person: ${reason}`.slice(0, 300);
    state.achieved.escalated = true;
    if (state.channel === 'voice') {
      return {
        ok: true,
        summary: `Transferring to ${business.managerName ?? 'the manager'}`,
        transfer: { to: business.managerNumber, summary },
      };
    }
    const texted =
      state.channel === 'test'
        ? false
        : await services.sendSms(
            business.managerNumber,
            `${business.name}: ${summary}. Please get back to them.`,
          );
    return {
      ok: true,
      summary: `${business.managerName ?? 'The manager'} ${texted ? 'was texted' : 'would be texted'}: ${summary}`,
      transfer: { to: business.managerNumber, summary },
      data: { manager_name: business.managerName ?? null, texted },
    };
  },
};

export const endTool: Tool<{ reason: string }> = {
  name: 'end_conversation',
  description: 'End the conversation after saying goodbye, when the caller has nothing more.',
  args: z.object({ reason: z.string().trim().max(200).default('goodbye') }) as unknown as z.ZodType<{
    reason: string;
  }>,
  async run(_context, { reason }) {
    return { ok: true, summary: 'Conversation ended', end: { reason } };
  },
};
